import { Suspense } from "react";
import { INQUIRY_LIMITS } from "../../../schemas/inquiry-limits.ts";
import type { form as contactForm } from "../../generated/contact.ts";
import type { arr, industry, role, timeline } from "../../generated/form-options.ts";
import { sending } from "../../generated/inquiry.ts";
import { inquiries } from "../../generated/site.ts";
import { Button } from "../Button.tsx";
import { SelectField, TextAreaField, TextField } from "./Field.tsx";
import { ErrorSummary } from "./FormStates.tsx";
import { Honeypot } from "./Honeypot.tsx";
import { FailedNotice, SentPanel } from "./LazyStates.tsx";
import { useInquiryForm } from "./useInquiryForm.ts";

const id = "inquiry";

interface InquiryFormProps {
  texts: typeof contactForm;
  options: { role: typeof role; arr: typeof arr; industry: typeof industry; timeline: typeof timeline };
}

/** The contact page's inquiry form: nine fields, all but the timeline required. */
export function InquiryForm({ texts: form, options }: InquiryFormProps) {
  const { fields } = form;
  const { status, errors, values, refs, onSubmit, retry, preload } = useInquiryForm("full");
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
    error: errors[name],
    defaultValue: values[name],
  });
  const sendingNow = status.state === "sending";

  return (
    <form
      ref={refs.form}
      method="post"
      action={inquiries.endpoint}
      onSubmit={onSubmit}
      onFocus={preload}
      aria-describedby={`${id}-required-note`}
    >
      <input type="hidden" name="kind" value="full" />
      <Honeypot idPrefix={id} />
      <ErrorSummary ref={refs.summary} errors={errors} idPrefix={id} />
      <p id={`${id}-required-note`} className="mb-6 text-sm text-muted">
        {form.requiredNote}
      </p>
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
        <SelectField {...common("role")} options={options.role} placeholder={form.selectPlaceholder} required />
        <SelectField {...common("arr")} options={options.arr} placeholder={form.selectPlaceholder} required />
        <SelectField {...common("industry")} options={options.industry} placeholder={form.selectPlaceholder} required />
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
        <SelectField
          {...common("timeline")}
          options={options.timeline}
          placeholder={form.selectPlaceholder}
          className="sm:col-span-2"
        />
      </div>
      <div className="mt-8">
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
          {sendingNow ? sending : form.submit}
        </Button>
      </div>
    </form>
  );
}
