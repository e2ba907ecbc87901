import { INQUIRY_LIMITS } from "../../../schemas/inquiry-limits.ts";
import type { form as contactForm } from "../../generated/contact.ts";
import type { arr, industry, role, timeline } from "../../generated/form-options.ts";
import { SelectField, TextAreaField, TextField } from "./Field.tsx";
import { InquiryFormFrame } from "./InquiryFormFrame.tsx";

interface InquiryFormProps {
  texts: typeof contactForm;
  options: { role: typeof role; arr: typeof arr; industry: typeof industry; timeline: typeof timeline };
}

/** The contact page's inquiry form: nine fields, all but the timeline required. */
export function InquiryForm({ texts, options }: InquiryFormProps) {
  const { fields } = texts;
  return (
    <InquiryFormFrame kind="full" idPrefix="inquiry" submitLabel={texts.submit} intro={texts.requiredNote}>
      {(field) => {
        const common = (name: keyof typeof fields) => ({ ...field(name), label: fields[name].label });
        const select = (name: keyof typeof options) => ({
          ...common(name),
          options: options[name],
          placeholder: texts.selectPlaceholder,
        });
        return (
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              {...common("name")}
              placeholder={fields.name.placeholder}
              autoComplete="name"
              maxLength={INQUIRY_LIMITS.short}
              required
            />
            <TextField
              {...common("email")}
              type="email"
              placeholder={fields.email.placeholder}
              autoComplete="email"
              maxLength={INQUIRY_LIMITS.short}
              required
            />
            <TextField
              {...common("company")}
              placeholder={fields.company.placeholder}
              autoComplete="organization"
              maxLength={INQUIRY_LIMITS.short}
              required
            />
            <SelectField {...select("role")} required />
            <SelectField {...select("arr")} required />
            <SelectField {...select("industry")} required />
            <TextAreaField
              {...common("challenges")}
              placeholder={fields.challenges.placeholder}
              maxLength={INQUIRY_LIMITS.long}
              required
              className="sm:col-span-2"
            />
            <TextAreaField
              {...common("objectives")}
              placeholder={fields.objectives.placeholder}
              maxLength={INQUIRY_LIMITS.long}
              required
              className="sm:col-span-2"
            />
            <SelectField {...select("timeline")} className="sm:col-span-2" />
          </div>
        );
      }}
    </InquiryFormFrame>
  );
}
