import { cn } from "../lib/cn.ts";
import { Phrased } from "./Phrased.tsx";

/** Numbered steps of a process (match process, the next 48 hours). */
export function StepList({
  steps,
  compact = false,
  className,
}: {
  steps: readonly { title: string; text: string }[];
  compact?: boolean;
  className?: string;
}) {
  return (
    <ol className={cn("grid gap-6", className)}>
      {steps.map((step, index) => (
        <li
          key={step.title}
          className={cn("flex gap-4", !compact && "flex-col rounded-card border border-line bg-paper p-6 sm:p-8")}
        >
          <span
            aria-hidden="true"
            className={cn(
              "flex shrink-0 items-center justify-center rounded-full bg-ink font-serif text-white",
              compact ? "size-8 text-sm" : "size-11 text-lg",
            )}
          >
            {index + 1}
          </span>
          <div>
            <h3 className={cn(compact ? "font-sans text-base font-semibold" : "text-xl")}>
              <Phrased text={step.title} />
            </h3>
            <p className={cn("mt-1 leading-relaxed text-muted", compact && "text-sm")}>
              <Phrased text={step.text} />
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
