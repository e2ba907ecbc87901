// Full-page screenshots of every route at phone and desktop width, kept as
// artefacts in test-results/screenshots/<route>-<width>.png for review
// (not compared against a baseline).
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support/page.ts";
import { routes, widths } from "./support/routes.ts";

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), "../../test-results/screenshots");
mkdirSync(OUT, { recursive: true });

for (const r of routes) {
  for (const size of widths) {
    test.describe(() => {
      test.use({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: 1 });

      test(`${r.name} at ${size.width}px`, async ({ page }) => {
        const response = await page.goto(r.path);
        expect(response?.status()).toBe(r.status);
        await waitForHydration(page);
        await page.evaluate(() => document.fonts.ready);
        // Nothing may stick out sideways (a horizontal scrollbar on a phone).
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
        const png = await page.screenshot({ fullPage: true, path: join(OUT, `${r.name}-${size.width}.png`) });
        // PNG header: the width is the big-endian word at byte 16.
        expect(png.readUInt32BE(16)).toBe(size.width);
        expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(size.height);
      });
    });
  }
}
