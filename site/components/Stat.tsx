import { cn } from "../lib/cn.ts";
import { Phrased } from "./Phrased.tsx";

export interface StatFigure {
  value: string;
  label: string;
}

/** Figures from data/stats.yaml: the value large, its label under it. */
export function StatList({
  stats,
  inverse = false,
  className,
}: {
  stats: readonly StatFigure[];
  inverse?: boolean;
  className?: string;
}) {
  return (
    <dl className={cn("grid gap-10 sm:grid-cols-3", className)}>
      {stats.map((stat) => (
        <div
          key={stat.label}
          className={cn("flex flex-col gap-2 border-t pt-6", inverse ? "border-white/20" : "border-line")}
        >
          <dt className={cn("order-2 text-sm leading-snug", inverse ? "text-white/75" : "text-muted")}>
            <Phrased text={stat.label} />
          </dt>
          <dd className={cn("order-1 font-serif text-5xl leading-none", inverse ? "text-white" : "text-ink")}>
            <Phrased text={stat.value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
