import { Suspense } from "react";
import { INQUIRY_LIMITS } from "../../../schemas/inquiry-limits.ts";
import type { contact as homeContact } from "../../generated/home.ts";
import { sending } from "../../generated/inquiry.ts";
import { inquiries } from "../../generated/site.ts";
import { Button } from "../Button.tsx";
import { TextAreaField, TextField } from "./Field.tsx";
import { ErrorSummary } from "./FormStates.tsx";
import { Honeypot } from "./Honeypot.tsx";
import { FailedNotice, SentPanel } from "./LazyStates.tsx";
import { useInquiryForm } from "./useInquiryForm.ts";

const id = "quick";

/** The home page's contact block: name, e-mail, company and a message. */
export function QuickInquiryForm({ texts: contact }: { texts: typeof homeContact }) {
  const { fields } = contact;
  const { status, errors, values, refs, onSubmit, retry, preload } = useInquiryForm("quick");
  if (status.state === "sent") {
    return (
      <Suspense fallback={null}>
        <SentPanel ref={refs.sent} />
      </Suspense>
    );
  }

  const common = (name: keyof typeof fields) => ({
    id: `${id}-${name}`,
    name,
    label: fields[name].label,
    placeholder: fields[name].placeholder,
    error: errors[name],
    defaultValue: values[name],
    required: true,
  });
  const sendingNow = status.state === "sending";

  return (
    <form
      ref={refs.form}
      method="post"
      action={inquiries.endpoint}
      onSubmit={onSubmit}
      onFocus={preload}
      className="rounded-card border border-line bg-white p-6 shadow-card sm:p-8"
    >
      <input type="hidden" name="kind" value="quick" />
      <Honeypot idPrefix={id} />
      <ErrorSummary ref={refs.summary} errors={errors} idPrefix={id} />
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
      <div className="mt-6">
        {status.state === "failed" && (
          <Suspense fallback={null}>
            <FailedNotice reason={status.reason} onRetry={retry} />
          </Suspense>
        )}
        <Button
          type="submit"
          arrow={!sendingNow}
          disabled={sendingNow}
          aria-busy={sendingNow}
          className="w-full sm:w-auto"
        >
          {sendingNow ? sending : contact.submit}
        </Button>
      </div>
    </form>
  );
}
