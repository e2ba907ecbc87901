// Environment: client. After a client-side navigation, move focus to the new
// page's main heading (or to the #fragment target), so keyboard and screen
// reader users start on the new page, as they would after a full load; and
// count the view (site/lib/visit.ts).
import { countView } from "../lib/visit.ts";

export function onPageTransitionEnd(): void {
  countView();
  const target =
    (location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)))) ||
    document.querySelector("h1");
  if (!(target instanceof HTMLElement)) return;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: location.hash === "" });
}
