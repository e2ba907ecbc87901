import { usePageContext } from "vike-react/usePageContext";
import { cn } from "../lib/cn.ts";
import { useHref } from "../lib/useLocale.ts";
import { Phrased } from "./Phrased.tsx";

/**
 * A navigation link that marks the current page with aria-current="page",
 * and the section a page belongs to ("/insights" on "/insights/<slug>") with
 * aria-current="true".
 */
export function NavLink({ href, className, children, ...props }: React.ComponentProps<"a"> & { href: string }) {
  const { urlPathname } = usePageContext();
  // urlPathname is the page's path without its language prefix (+onBeforeRoute.ts), like the data's links.
  const current = currentness(href, urlPathname);
  return (
    <a href={useHref(href)} aria-current={current} className={cn(className)} {...props}>
      <Phrased text={children} />
    </a>
  );
}

/** "page" on the link's own page, "true" below it (not for "/"), otherwise nothing (no attribute: the links are styled by `aria-[current]:`, its presence). */
export function currentness(href: string, pathname: string): "page" | "true" | undefined {
  if (href === "#") return undefined;
  if (href === pathname) return "page";
  if (href !== "/" && pathname.startsWith(`${href}/`)) return "true";
  return undefined;
}
