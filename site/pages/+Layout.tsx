import "../styles/global.css";
import { Suspense } from "react";
import { Header } from "../components/Header.tsx";
import { LazyFooter } from "../components/LazyFooter.tsx";
import { Phrased } from "../components/Phrased.tsx";
import { siteByLocale } from "../lib/content/site.ts";
import { useTexts } from "../lib/useLocale.ts";

// Each <Suspense> around pre-rendered HTML is hydrated by React on its own, at
// low priority and in slices that yield to the browser, so hydrating a page
// is many short tasks rather than one long one. The footer and the forms
// are chunks of their own: their boundaries wait, pre-rendered, for them.
export function Layout({ children }: { children: React.ReactNode }) {
  const { ui } = useTexts(siteByLocale);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-full focus:bg-ink focus:px-5 focus:py-3 focus:text-sm focus:font-semibold focus:text-white"
      >
        <Phrased text={ui.skipLink} />
      </a>
      <Suspense>
        <Header />
      </Suspense>
      <main id="main" tabIndex={-1} className="outline-none">
        <Suspense>{children}</Suspense>
      </main>
      <LazyFooter />
    </>
  );
}
