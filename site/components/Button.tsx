import ArrowRight from "lucide-react/icons/arrow-right";
import { cn } from "../lib/cn.ts";
import { Link } from "./Link.tsx";
import { Phrased } from "./Phrased.tsx";

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-6 py-3 text-sm font-semibold tracking-wide transition-colors disabled:cursor-not-allowed disabled:opacity-60";

/** Button looks, as a table: one entry per variant. */
export const buttonVariants = {
  primary: "bg-ink text-white hover:bg-ink-soft",
  secondary: "border border-ink/25 bg-white text-ink hover:border-ink hover:bg-paper",
  inverse: "bg-white text-ink hover:bg-brass-soft",
  "inverse-outline": "border border-white/40 text-white hover:border-white hover:bg-white/10",
} as const;

export type ButtonVariant = keyof typeof buttonVariants;

type Common = { variant?: ButtonVariant; arrow?: boolean };

export function ButtonLink({
  variant = "primary",
  arrow = false,
  className,
  children,
  ...props
}: React.ComponentProps<"a"> & Common & { href: string }) {
  return (
    <Link className={cn(base, buttonVariants[variant], className)} {...props}>
      <Phrased text={children} />
      {arrow && <ArrowRight aria-hidden="true" className="size-4" />}
    </Link>
  );
}

export function Button({
  variant = "primary",
  arrow = false,
  className,
  children,
  type = "button",
  ...props
}: React.ComponentProps<"button"> & Common) {
  return (
    <button type={type} className={cn(base, buttonVariants[variant], className)} {...props}>
      <Phrased text={children} />
      {arrow && <ArrowRight aria-hidden="true" className="size-4" />}
    </button>
  );
}
