// Environment: client. A page paints with the part of the stylesheet its own
// HTML uses (inline); the whole stylesheet is enabled after the first paint
// (site/after-paint.js). A client-side navigation waits until it has loaded,
// so that the next page, whatever it uses, is never shown unstyled; and
// until the footer's chunk is in (site/components/LazyFooter.tsx), so that
// the footer, which the navigation keeps, never vanishes meanwhile
// (tests/site/lazy-chunks.spec.ts).
import { footerLoaded } from "../components/LazyFooter.tsx";
import { wholeStylesheet } from "../lib/whole-stylesheet.ts";

export async function onPageTransitionStart(): Promise<void> {
  await Promise.all([wholeStylesheet(), footerLoaded()]);
}
