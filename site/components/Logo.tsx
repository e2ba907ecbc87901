import { cn } from "../lib/cn.ts";

/** The firm's mark: a four-pointed north star. Also the favicon (site/public/favicon.svg). */
export function LogoMark({ className, ...props }: React.ComponentProps<"svg">) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn("size-8 shrink-0", className)}
      {...props}
    >
      <rect width="32" height="32" rx="7" fill="var(--color-ink)" />
      <path d="M16 4.5l2.6 8.9 8.9 2.6-8.9 2.6L16 27.5l-2.6-8.9L4.5 16l8.9-2.6z" fill="#d9b56e" />
    </svg>
  );
}
