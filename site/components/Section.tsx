import { Suspense } from "react";
import { cn } from "../lib/cn.ts";
import { Phrased } from "./Phrased.tsx";

const tones = {
  paper: "bg-paper",
  white: "bg-white",
  deep: "bg-paper-deep",
  night: "bg-night text-white",
} as const;

/**
 * A full-width band with a centred container; `tone` picks the background.
 * Its content is a <Suspense> boundary, though nothing in it suspends: React
 * hydrates each pre-rendered boundary on its own, at low priority and yielding
 * to the browser, so hydrating a page is many short tasks (+Layout.tsx).
 */
export function Section({
  tone = "paper",
  className,
  children,
  ...props
}: React.ComponentProps<"section"> & { tone?: keyof typeof tones }) {
  return (
    <section className={cn(tones[tone], "py-16 sm:py-24", className)} {...props}>
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <Suspense>{children}</Suspense>
      </div>
    </section>
  );
}

/** Eyebrow, heading and lead that open a section. The heading gets `id` for aria-labelledby. */
export function SectionHeading({
  id,
  eyebrow,
  heading,
  lead,
  inverse = false,
  align = "left",
  flush = false,
  className,
}: {
  id: string;
  eyebrow?: string;
  heading: string;
  lead?: string;
  inverse?: boolean;
  align?: "left" | "center";
  /** No space below: the heading sits beside its content, not above it. */
  flush?: boolean;
  className?: string;
}) {
  return (
    <div
      className={cn("max-w-3xl", !flush && "mb-10 sm:mb-14", align === "center" && "mx-auto text-center", className)}
    >
      {eyebrow && <Eyebrow inverse={inverse}>{eyebrow}</Eyebrow>}
      <h2 id={id} className={cn("text-title", inverse && "text-white")}>
        <Phrased text={heading} />
      </h2>
      {lead && (
        <p className={cn("mt-4 text-lg leading-relaxed", inverse ? "text-white/80" : "text-muted")}>
          <Phrased text={lead} />
        </p>
      )}
    </div>
  );
}

export function Eyebrow({ inverse = false, className, ...props }: React.ComponentProps<"p"> & { inverse?: boolean }) {
  return (
    <p
      className={cn(
        "mb-3 flex items-center gap-3 text-xs font-semibold uppercase tracking-[0.18em]",
        inverse ? "text-brass-soft" : "text-ink-soft",
        className,
      )}
      {...props}
    >
      <span aria-hidden="true" className="h-px w-8 bg-brass" />
      <Phrased text={props.children} />
    </p>
  );
}
