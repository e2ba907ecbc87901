import { Suspense } from "react";
import { inquiryByLocale } from "../../lib/content/inquiry.ts";
import { formNoticeByLocale } from "../../lib/content/legal.ts";
import { siteByLocale } from "../../lib/content/site.ts";
import { useLocale, useTexts } from "../../lib/useLocale.ts";
import { Button } from "../Button.tsx";
import { Link } from "../Link.tsx";
import { Phrased } from "../Phrased.tsx";
import { ErrorSummary } from "./FormStates.tsx";
import { Honeypot } from "./Honeypot.tsx";
import { FailedNotice, preloadStates, SentPanel } from "./LazyStates.tsx";
import { type InquiryKind, useInquiryForm } from "./useInquiryForm.ts";

/** What each field needs from the form: its id, name, error and the value typed before a no-JavaScript round trip. */
export interface FieldState {
  id: string;
  name: string;
  error: string | undefined;
  defaultValue: string | undefined;
}

/**
 * Everything the two inquiry forms share: the plain HTML form (it works
 * without JavaScript), the error summary, the sending, sent and failed
 * states, the honeypot and the submit button. The fields are the caller's.
 */
export function InquiryFormFrame({
  kind,
  idPrefix,
  submitLabel,
  className,
  intro,
  children,
}: {
  kind: InquiryKind;
  idPrefix: string;
  submitLabel: string;
  className?: string;
  /** Shown above the fields, e.g. what the required mark means; it also describes the form. */
  intro?: string;
  children: (field: (name: string) => FieldState) => React.ReactNode;
}) {
  const { sending } = useTexts(inquiryByLocale);
  const formNotice = useTexts(formNoticeByLocale);
  const { inquiries } = useTexts(siteByLocale);
  const locale = useLocale();
  const { status, errors, values, refs, onSubmit, retry, preload } = useInquiryForm(kind);
  if (status.state === "sent") {
    return (
      <Suspense fallback={null}>
        <SentPanel focusOnMount />
      </Suspense>
    );
  }
  const field = (name: string): FieldState => ({
    id: `${idPrefix}-${name}`,
    name,
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
      onFocus={() => {
        preload();
        preloadStates();
      }}
      aria-describedby={intro ? `${idPrefix}-intro` : undefined}
      className={className}
    >
      <input type="hidden" name="kind" value={kind} />
      {/* The page's language travels with the inquiry: the partners answer in it, the server's messages are in it. */}
      <input type="hidden" name="language" value={locale} />
      <Honeypot idPrefix={idPrefix} />
      <ErrorSummary ref={refs.summary} errors={errors} idPrefix={idPrefix} />
      {intro && (
        <p id={`${idPrefix}-intro`} className="mb-6 text-sm text-muted">
          <Phrased text={intro} />
        </p>
      )}
      {children(field)}
      <div className="mt-8">
        {status.state === "failed" && (
          <Suspense fallback={null}>
            <FailedNotice reason={status.reason} onRetry={retry} />
          </Suspense>
        )}
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:gap-6">
          <Button
            type="submit"
            arrow={!sendingNow}
            disabled={sendingNow}
            aria-busy={sendingNow}
            aria-describedby={`${idPrefix}-privacy`}
            className="w-full shrink-0 sm:w-auto"
          >
            {sendingNow ? sending : submitLabel}
          </Button>
          {/* Art. 13 at the point of collection; no consent box: the basis is the inquiry itself. */}
          <p id={`${idPrefix}-privacy`} className="text-sm leading-relaxed text-muted">
            <Phrased text={formNotice.text} />{" "}
            <Link href={formNotice.link.href} className="font-semibold text-link underline underline-offset-4">
              {formNotice.link.label}
            </Link>
          </p>
        </div>
      </div>
    </form>
  );
}
