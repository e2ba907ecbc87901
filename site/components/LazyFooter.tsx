// Environment: server and browser. The footer never changes after the page
// loads: the server renders it whole; in the browser it is a chunk of its own,
// outside the first-load script, and React hydrates it by itself once the
// chunk is in (its pre-rendered HTML, links included, works meanwhile).
import { lazy, Suspense } from "react";

// import.meta.env.SSR is a constant of each build (see form/LazyForms.tsx):
// the server awaits the module once and never suspends; the browser's build
// has no static import of it.
let loading: Promise<{ default: typeof import("./Footer.tsx").Footer }> | undefined;
const loadFooter = () => {
  loading ??= import("./Footer.tsx").then((module) => ({ default: module.Footer }));
  return loading;
};
const FooterPart = import.meta.env.SSR ? (await import("./Footer.tsx")).Footer : lazy(loadFooter);

/**
 * Resolves once the footer's chunk is in (or failed to come). The footer is
 * in the layout, which a client-side navigation keeps: a navigation before
 * the chunk is in would make React render the footer anew, and show nothing
 * until it arrives (+onPageTransitionStart waits for it instead).
 */
export function footerLoaded(): Promise<void> {
  return loadFooter().then(
    () => undefined,
    () => undefined,
  );
}

export function LazyFooter() {
  return (
    <Suspense>
      <FooterPart />
    </Suspense>
  );
}
