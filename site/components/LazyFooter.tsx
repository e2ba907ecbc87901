// Environment: server and browser. The footer never changes after the page
// loads: the server renders it whole; in the browser it is a chunk of its own,
// outside the first-load script, and React hydrates it by itself once the
// chunk is in (its pre-rendered HTML, links included, works meanwhile).
import { lazy, Suspense } from "react";

// import.meta.env.SSR is a constant of each build (see form/LazyForms.tsx):
// the server awaits the module once and never suspends; the browser's build
// has no static import of it.
const FooterPart = import.meta.env.SSR
  ? (await import("./Footer.tsx")).Footer
  : lazy(() => import("./Footer.tsx").then((module) => ({ default: module.Footer })));

export function LazyFooter() {
  return (
    <Suspense>
      <FooterPart />
    </Suspense>
  );
}
