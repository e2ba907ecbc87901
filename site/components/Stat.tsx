import { stats } from "../generated/stats.ts";
import { cn } from "../lib/cn.ts";

export type StatId = keyof typeof stats;

/** One figure from data/stats.yaml: the value large, its label under it. */
export function Stat({ id, inverse = false, className }: { id: StatId; inverse?: boolean; className?: string }) {
  const stat = stats[id];
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <dt className={cn("order-2 text-sm leading-snug", inverse ? "text-white/75" : "text-muted")}>{stat.label}</dt>
      <dd className={cn("order-1 font-serif text-5xl leading-none", inverse ? "text-white" : "text-ink")}>
        {stat.value}
      </dd>
    </div>
  );
}

export function StatList({
  ids,
  inverse = false,
  className,
}: {
  ids: readonly StatId[];
  inverse?: boolean;
  className?: string;
}) {
  return (
    <dl className={cn("grid gap-10 sm:grid-cols-3", className)}>
      {ids.map((id) => (
        <Stat
          key={id}
          id={id}
          inverse={inverse}
          className={cn("border-t pt-6", inverse ? "border-white/20" : "border-line")}
        />
      ))}
    </dl>
  );
}
