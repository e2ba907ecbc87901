import { cn } from "../lib/cn.ts";

/** The mark's geometry and its star's colour, shared with the social cards (site/cards/theme.ts). */
export const LOGO_MARK = {
  viewBox: "0 0 32 32",
  size: 32,
  radius: 7,
  star: "M16 4.5l2.6 8.9 8.9 2.6-8.9 2.6L16 27.5l-2.6-8.9L4.5 16l8.9-2.6z",
  starFill: "#d9b56e",
} as const;

/** The firm's mark: a four-pointed north star. Also the favicon (site/public/favicon.svg). */
export function LogoMark({ className, ...props }: React.ComponentProps<"svg">) {
  return (
    <svg
      viewBox={LOGO_MARK.viewBox}
      aria-hidden="true"
      focusable="false"
      className={cn("size-8 shrink-0", className)}
      {...props}
    >
      <rect width={LOGO_MARK.size} height={LOGO_MARK.size} rx={LOGO_MARK.radius} fill="var(--color-ink)" />
      <path d={LOGO_MARK.star} fill={LOGO_MARK.starFill} />
    </svg>
  );
}
