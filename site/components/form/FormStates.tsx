import CircleAlert from "lucide-react/icons/circle-alert";
import { inquiryByLocale } from "../../lib/content/inquiry.ts";
import { useTexts } from "../../lib/useLocale.ts";
import { Phrased } from "../Phrased.tsx";

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
  const { errors: errorTexts } = useTexts(inquiryByLocale);
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
        <Phrased text={errorTexts.summary} />
      </h3>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-sm text-red-900">
        {entries.map(([field, message]) => (
          <li key={field}>
            <a href={`#${idPrefix}-${field}`} className="underline underline-offset-2">
              <Phrased text={message} />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
