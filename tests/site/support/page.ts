import type { Locator, Page } from "@playwright/test";

/**
 * Resolves once React has hydrated the pre-rendered page: React marks every
 * hydrated element with a `__reactFiber$…` key. Before that, clicks on links
 * are plain browser navigations and the header ignores scrolling.
 */
export async function waitForHydration(page: Page): Promise<void> {
  // Header, main, footer and each section are <Suspense> boundaries that React
  // hydrates one after another: wait until every element in them is React's.
  await page.waitForFunction(() => {
    // An article page is HTML set by dangerouslySetInnerHTML ([data-static]): React owns its container, not its content.
    const elements = [...document.querySelectorAll("header, header *, main, main *, footer, footer *")].filter(
      (element) => element.parentElement?.closest("[data-static]") == null,
    );
    const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"));
    return elements.length > 0 && elements.every(hydrated);
  });
}

/** Text of every heading inside `scope`, in document order, whitespace collapsed. */
export async function headingTexts(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [...root.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => (h.textContent ?? "").replace(/\s+/g, " ").trim()),
  );
}

/** Level and text of every heading of the document, in order. */
export async function headingOutline(page: Page): Promise<{ level: number; text: string }[]> {
  return page.evaluate(() =>
    [...document.body.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => ({
      level: Number(h.tagName.slice(1)),
      text: (h.textContent ?? "").replace(/\s+/g, " ").trim(),
    })),
  );
}

/** `[text, href attribute]` of every link inside `scope`, in order. */
export async function linkTable(scope: Locator): Promise<[string, string | null][]> {
  return scope
    .getByRole("link")
    .evaluateAll((links) =>
      links.map(
        (a) => [(a.textContent ?? "").replace(/\s+/g, " ").trim(), a.getAttribute("href")] as [string, string | null],
      ),
    );
}

/** Scrolls without the page's smooth scrolling and waits until the scroll has been handled (two frames). */
export async function scrollToY(page: Page, y: number): Promise<void> {
  await page.evaluate(async (top) => {
    window.scrollTo({ top, behavior: "instant" });
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  }, y);
}
