// No page asks any other host for anything: every request a page makes, while
// loading, hydrating and loading what it loads on idle or on first use (hover
// hints, the form's sending code, the phone menu), goes to the site's own
// origin. No fonts, analytics, CDNs or embeds from elsewhere.
import { expect, type Page, test } from "@playwright/test";
import { ui } from "../../site/generated/site.ts";
import { waitForHydration } from "./support/page.ts";
import { routes, widths } from "./support/routes.ts";

/** Every URL the page requests from now on, data: and blob: URLs aside (they never leave the browser). */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!/^(data|blob):/.test(url)) urls.push(url);
  });
  return urls;
}

/** Wakes what loads lazily: hover hints (hovering a hinted card), form sending code (focusing a field). */
async function useThePage(page: Page): Promise<void> {
  const hinted = page.locator('main a[href^="/consultants#"]').first();
  if ((await hinted.count()) > 0 && (await hinted.isVisible())) await hinted.hover();
  const field = page.locator("main form input:not([type=hidden]):visible").first();
  if ((await field.count()) > 0) await field.focus();
}

for (const r of routes) {
  for (const size of widths) {
    test(`${r.path} (${size.name}): every request goes to the site itself`, async ({ page, baseURL }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const own = new URL(String(baseURL)).origin;
      const requests = recordRequests(page);
      await page.goto(r.path);
      await waitForHydration(page);
      await useThePage(page);
      const menuButton = page.getByRole("button", { name: ui.openMenu, exact: true });
      if (await menuButton.isVisible()) {
        await menuButton.click();
        await expect(page.getByRole("dialog")).toBeVisible();
      }
      await page.waitForLoadState("networkidle");

      expect(requests.length, "the page's own requests are recorded").toBeGreaterThan(1);
      expect(requests.filter((url) => new URL(url).origin !== own)).toEqual([]);
    });
  }
}
