import { usePageContext } from "vike-react/usePageContext";
import { cn } from "../lib/cn.ts";

/** A navigation link that marks the current page with aria-current. */
export function NavLink({ href, className, children, ...props }: React.ComponentProps<"a"> & { href: string }) {
  const { urlPathname } = usePageContext();
  const current = href !== "#" && href === urlPathname;
  return (
    <a href={href} aria-current={current ? "page" : undefined} className={cn(className)} {...props}>
      {children}
    </a>
  );
}
