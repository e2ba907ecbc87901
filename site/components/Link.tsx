import { useHref } from "../lib/useLocale.ts";

/**
 * A link to a page of the site, written as the default language's path
 * ("/about"): on a page in another language it leads to that language's
 * page ("/de/about"). Other links (mail, other sites, fragments) pass through.
 */
export function Link({ href, ...props }: React.ComponentProps<"a"> & { href: string }) {
  return <a href={useHref(href)} {...props} />;
}
