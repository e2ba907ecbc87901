import ArrowRight from "lucide-react/icons/arrow-right";
import { cn } from "../lib/cn.ts";
import { Link } from "./Link.tsx";
import { Phrased } from "./Phrased.tsx";

/** A text link with an arrow, for "more about this" links under a section. */
export function ArrowLink({ className, children, ...props }: React.ComponentProps<"a"> & { href: string }) {
  return (
    <Link
      className={cn(
        "inline-flex items-center gap-2 font-semibold text-link underline-offset-4 hover:underline",
        className,
      )}
      {...props}
    >
      <Phrased text={children} />
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}
