import Check from "lucide-react/icons/check";
import { cn } from "../lib/cn.ts";
import { Phrased } from "./Phrased.tsx";

/** A list of short points, each with a check mark. */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn("space-y-3", className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-ink">
          <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brass-strong" />
          <Phrased text={item} />
        </li>
      ))}
    </ul>
  );
}
