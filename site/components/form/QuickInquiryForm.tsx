import { INQUIRY_LIMITS } from "../../../schemas/inquiry-limits.ts";
import type { contact as homeContact } from "../../generated/home.ts";
import { TextAreaField, TextField } from "./Field.tsx";
import { InquiryFormFrame } from "./InquiryFormFrame.tsx";

/** The home page's contact block: name, e-mail, company and a message. */
export function QuickInquiryForm({ texts }: { texts: typeof homeContact }) {
  const { fields } = texts;
  return (
    <InquiryFormFrame
      kind="quick"
      idPrefix="quick"
      submitLabel={texts.submit}
      className="rounded-card border border-line bg-white p-6 shadow-card sm:p-8"
    >
      {(field) => {
        const common = (name: keyof typeof fields) => ({ ...field(name), ...fields[name], required: true });
        return (
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField {...common("name")} autoComplete="name" maxLength={INQUIRY_LIMITS.short} />
            <TextField {...common("email")} type="email" autoComplete="email" maxLength={INQUIRY_LIMITS.short} />
            <TextField
              {...common("company")}
              autoComplete="organization"
              maxLength={INQUIRY_LIMITS.short}
              className="sm:col-span-2"
            />
            <TextAreaField {...common("message")} maxLength={INQUIRY_LIMITS.long} className="sm:col-span-2" />
          </div>
        );
      }}
    </InquiryFormFrame>
  );
}
