// The hover hints on the home page's consultant cards (site/components/Hint.tsx):
// the cards, a pointer moved onto one, and Radix Tooltip's chunk held back.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { CLIENT_DIR, readBuilt } from "./budget.ts";

/** The consultant cards (links with a heading) in the home page's region named `heading`. */
export function cardLinks(page: Page, heading: string): Locator {
  return page
    .locator("main")
    .getByRole("region", { name: heading })
    .getByRole("link")
    .filter({ has: page.getByRole("heading", { level: 3 }) });
}

/** Moves the mouse onto `target` in small steps, as a real pointer does (Radix ignores a single jump). */
export async function moveOnto(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error("the card is not rendered");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 10 });
}

/** Brings `card` to the middle of the viewport at once (scrolling closes a hint). */
export async function scrollToCard(card: Locator): Promise<void> {
  await card.evaluate((element) => element.scrollIntoView({ block: "center", behavior: "instant" }));
}

/**
 * Holds back the build's chunk of Radix Tooltip, without which the hints
 * cannot load: `requested` resolves once the page asks for it, `release` lets
 * it through, `loaded` resolves once it has arrived. Call before the page loads.
 */
export async function holdTooltips(page: Page) {
  const chunk = readdirSync(join(CLIENT_DIR, "assets/chunks")).find((name) =>
    /role:`tooltip`/.test(readBuilt(`assets/chunks/${name}`).toString("utf8")),
  );
  if (!chunk) throw new Error("no chunk of the build holds Radix Tooltip");
  const url = `**/assets/chunks/${chunk}`;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return {
    requested: page.waitForRequest(url),
    loaded: page.waitForResponse(url),
    release,
  };
}
