import { useHref } from "../lib/useLocale.ts";
import { Phrased } from "./Phrased.tsx";

/**
 * A link to a page of the site, written as the default language's path
 * ("/about"): on a page in another language it leads to that language's
 * page ("/de/about"). Other links (mail, other sites, fragments) pass through.
 * A text among its children is shown through `Phrased`.
 */
export function Link({ href, children, ...props }: React.ComponentProps<"a"> & { href: string }) {
  return (
    <a href={useHref(href)} {...props}>
      <Phrased text={children} />
    </a>
  );
}
