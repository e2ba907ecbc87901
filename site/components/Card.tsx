import { cn } from "../lib/cn.ts";
import { Phrased } from "./Phrased.tsx";

const cardTones = {
  white: "border-line bg-white",
  paper: "border-line bg-paper",
  night: "border-night bg-night text-white",
} as const;

export function Card({
  tone = "white",
  className,
  ...props
}: React.ComponentProps<"div"> & { tone?: keyof typeof cardTones }) {
  return <div className={cn("rounded-card border p-6 shadow-card sm:p-8", cardTones[tone], className)} {...props} />;
}

const badgeTones = {
  neutral: "border-line bg-paper text-ink-soft",
  brass: "border-brass/40 bg-brass-soft text-ink",
  ink: "border-ink bg-ink text-white",
} as const;

export function Badge({
  tone = "neutral",
  className,
  children,
  ...props
}: React.ComponentProps<"span"> & { tone?: keyof typeof badgeTones }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-3 py-1 text-xs font-medium",
        badgeTones[tone],
        className,
      )}
      {...props}
    >
      <Phrased text={children} />
    </span>
  );
}

/** A list of badges, with a small heading. */
export function BadgeList({ heading, items, id }: { heading: string; items: readonly string[]; id: string }) {
  return (
    <div>
      <h3 id={id} className="mb-2 font-sans text-xs font-semibold uppercase tracking-[0.14em] text-muted">
        <Phrased text={heading} />
      </h3>
      <ul aria-labelledby={id} className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item}>
            <Badge>{item}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}
