import CircleCheck from "lucide-react/icons/circle-check";
import { useEffect, useRef } from "react";
import { inquiryByLocale } from "../../lib/content/inquiry.ts";
import { useTexts } from "../../lib/useLocale.ts";
import { Phrased } from "../Phrased.tsx";

/** The confirmation that replaces a form once its inquiry is stored (and the /contact/sent page). */
export default function SentPanel({
  focusOnMount = false,
  headingLevel = "h3",
}: {
  /** Move focus to the heading when it appears in place of a form. */
  focusOnMount?: boolean;
  headingLevel?: "h1" | "h2" | "h3";
}) {
  const { sent } = useTexts(inquiryByLocale);
  const Heading = headingLevel;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  return (
    <div role="status" className="rounded-card border border-line bg-white p-6 shadow-card sm:p-8">
      <CircleCheck aria-hidden="true" className="size-10 text-brass-strong" />
      <Heading
        ref={heading}
        id={headingLevel === "h1" ? "page-title" : undefined}
        tabIndex={-1}
        className="mt-4 text-title"
      >
        <Phrased text={sent.heading} />
      </Heading>
      <p className="mt-3 leading-relaxed text-muted">
        <Phrased text={sent.text} />
      </p>
      <ol className="mt-6 space-y-3">
        {sent.steps.map((step, index) => (
          <li key={step} className="flex items-start gap-3 text-ink">
            <span
              aria-hidden="true"
              className="flex size-7 shrink-0 items-center justify-center rounded-full bg-ink text-sm text-white"
            >
              {index + 1}
            </span>
            <span className="pt-0.5">
              <Phrased text={step} />
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
