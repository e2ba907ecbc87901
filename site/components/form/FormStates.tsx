import { CircleAlert, CircleCheck, Mail } from "lucide-react";
import { errors as errorTexts, failed, sent } from "../../generated/inquiry.ts";
import { firm } from "../../generated/site.ts";
import { Button } from "../Button.tsx";
import type { FormStatus } from "./useInquiryForm.ts";

/** The list of errors, focused after a failed submit; each links to its field. */
export function ErrorSummary({
  errors,
  idPrefix,
  ref,
}: {
  errors: Record<string, string>;
  idPrefix: string;
  ref: React.Ref<HTMLDivElement>;
}) {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={`${idPrefix}-summary`}
      className="mb-6 rounded-xl border border-red-800/40 bg-red-50 p-5"
    >
      <h3 id={`${idPrefix}-summary`} className="flex items-center gap-2 font-sans text-base font-semibold text-red-900">
        <CircleAlert aria-hidden="true" className="size-5" />
        {errorTexts.summary}
      </h3>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-sm text-red-900">
        {entries.map(([field, message]) => (
          <li key={field}>
            <a href={`#${idPrefix}-${field}`} className="underline underline-offset-2">
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What went wrong, a retry button, and the partners' e-mail as a way around. */
export function FailedNotice({ status, onRetry }: { status: FormStatus; onRetry: () => void }) {
  if (status.state !== "failed") return null;
  return (
    <div role="alert" className="mb-6 rounded-xl border border-red-800/40 bg-red-50 p-5 text-red-950">
      <h3 className="flex items-center gap-2 font-sans text-base font-semibold">
        <CircleAlert aria-hidden="true" className="size-5" />
        {failed.heading}
      </h3>
      <p className="mt-2 text-sm leading-relaxed">{failed[status.reason]}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button variant="secondary" onClick={onRetry}>
          {failed.retry}
        </Button>
        <p className="text-sm">
          {failed.fallback}{" "}
          <a
            href={`mailto:${firm.email}`}
            className="inline-flex items-center gap-1 font-semibold underline underline-offset-2"
          >
            <Mail aria-hidden="true" className="size-4" />
            {firm.email}
          </a>
        </p>
      </div>
    </div>
  );
}

/** The confirmation that replaces a form once its inquiry is stored. */
export function SentPanel({
  ref,
  headingLevel = "h3",
}: {
  ref?: React.Ref<HTMLHeadingElement>;
  headingLevel?: "h1" | "h2" | "h3";
}) {
  const Heading = headingLevel;
  return (
    <div role="status" className="rounded-card border border-line bg-white p-6 shadow-card sm:p-8">
      <CircleCheck aria-hidden="true" className="size-10 text-brass" />
      <Heading
        ref={ref}
        id={headingLevel === "h1" ? "page-title" : undefined}
        tabIndex={-1}
        className="mt-4 text-title"
      >
        {sent.heading}
      </Heading>
      <p className="mt-3 leading-relaxed text-muted">{sent.text}</p>
      <ol className="mt-6 space-y-3">
        {sent.steps.map((step, index) => (
          <li key={step} className="flex items-start gap-3 text-ink">
            <span
              aria-hidden="true"
              className="flex size-7 shrink-0 items-center justify-center rounded-full bg-ink text-sm text-white"
            >
              {index + 1}
            </span>
            <span className="pt-0.5">{step}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
