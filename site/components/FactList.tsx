import { cn } from "../lib/cn.ts";
import { Phrased } from "./Phrased.tsx";

/** A definition list of labelled facts, one row each: label beside its value from the sm breakpoint on. */
export function FactList({ className, ...props }: React.ComponentProps<"dl">) {
  return <dl className={cn("divide-y divide-line border-y border-line", className)} {...props} />;
}

export function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-4 sm:grid-cols-[12rem_1fr] sm:gap-6">
      <dt className="font-semibold text-ink">
        <Phrased text={label} />
      </dt>
      <dd className="leading-relaxed text-ink-soft">
        <Phrased text={children} />
      </dd>
    </div>
  );
}

/** Several values in one fact: a plain list, one per line. */
export function FactItems({ items }: { items: readonly string[] }) {
  return (
    <ul className="list-disc space-y-1 pl-5 marker:text-brass-strong">
      {items.map((item) => (
        <li key={item}>
          <Phrased text={item} />
        </li>
      ))}
    </ul>
  );
}
