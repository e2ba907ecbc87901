import type { Page } from "@playwright/test";

/** Every URL the page requests from now on, data: and blob: URLs aside (they never leave the browser). */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!/^(data|blob):/.test(url)) urls.push(url);
  });
  return urls;
}

/** Wakes what loads lazily: hover hints (hovering a hinted card), form sending code (focusing a field). */
export async function useThePage(page: Page): Promise<void> {
  const hinted = page.locator('main a[href^="/consultants#"]').first();
  if ((await hinted.count()) > 0 && (await hinted.isVisible())) await hinted.hover();
  const field = page.locator("main form input:not([type=hidden]):visible").first();
  if ((await field.count()) > 0) await field.focus();
}
