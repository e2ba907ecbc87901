// Behaviour of spec §4 in the hydrated site: client-side navigation, the
// header's scrolled state, hover hints, the not-found page, the phone menu
// and the skip link (on every route: route-widths.spec.ts at desktop width, from its one page load
// per route).
import { expect, type Locator, type Page, test } from "@playwright/test";
import { header, tooltip } from "../../site/generated/behaviour.ts";
import { consultants } from "../../site/generated/consultants.ts";
import * as home from "../../site/generated/home.ts";
import { firm, nav, notFound, ui } from "../../site/generated/site.ts";
import { defaultLocale, locales } from "../../site/lib/locale.ts";
import { cardLinks, holdTooltips, moveOnto, scrollToCard } from "./support/hints.ts";
import { linkTable, scrollToY, waitForHydration } from "./support/page.ts";
import { route } from "./support/routes.ts";

test.describe("client-side navigation", () => {
  test("header links change page without a reload, update the title and focus the new h1", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as { __marker?: number }).__marker = 1;
    });
    // Every page link of the header, then back home.
    const targets = [...nav.filter((link) => link.href !== "/"), nav[0]];
    for (const link of targets) {
      if (!link) continue;
      const expected = route(link.href);
      await page.getByRole("banner").getByRole("link", { name: link.label, exact: true }).click();
      await expect(page).toHaveURL(link.href);
      await expect(page.locator("h1")).toHaveText(expected.h1);
      await expect(page).toHaveTitle(expected.title);
      await expect(page.locator("h1")).toBeFocused();
      expect(await page.evaluate(() => (window as { __marker?: number }).__marker), `no reload on ${link.href}`).toBe(
        1,
      );
    }
  });

  test("every page paints styled by its inline CSS; the one whole stylesheet is fetched once, after, and serves every page", async ({
    page,
  }) => {
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet" || new URL(request.url()).pathname.endsWith(".css"))
        stylesheets.push(request.url());
    });
    const bodyBackground = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.goto("/");
    await waitForHydration(page);
    const styled = await bodyBackground();
    // The paper colour of the design, not the browser's default white or transparent.
    expect(styled).not.toMatch(/^rgba?\(0, 0, 0(, 0)?\)$|^rgb\(255, 255, 255\)$/);
    for (const link of nav.filter((l) => l.href !== "/")) {
      await page.getByRole("banner").getByRole("link", { name: link.label, exact: true }).click();
      await expect(page).toHaveURL(link.href);
      await expect(page.locator("h1")).toHaveText(route(link.href).h1);
      expect(await bodyBackground(), `styled after navigating to ${link.href}`).toBe(styled);
    }
    // The menu dialog (its own lazy chunk) is styled too, without a stylesheet of its own.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole("button", { name: ui.openMenu, exact: true }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    // The page links it disabled (not render-blocking: tests/site/budgets.spec.ts); site/after-paint.js enables it.
    expect(stylesheets).toHaveLength(1);
    expect(stylesheets[0]).toMatch(/\/assets\/static\/[^/]+\.css$/);
  });

  test("a home consultant card lands on that consultant's full card", async ({ page }) => {
    const consultant = consultants[1] ?? consultants[0];
    if (!consultant) throw new Error("no consultants in data/consultants.yaml");
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as { __marker?: number }).__marker = 1;
    });
    await page.locator("main").getByRole("link", { name: consultant.name }).click();
    await expect(page).toHaveURL(`/consultants#${consultant.slug}`);
    await expect(page.locator("h1")).toHaveText(route("/consultants").h1);
    const card = page.locator(`article#${consultant.slug}`);
    await expect(card).toBeFocused();
    await expect(card).toBeInViewport();
    // Not tucked under the sticky header (scroll-padding-top is 88px, the
    // header 80px plus its 1px border: a sub-pixel overlap is tolerated).
    // The scroll is smooth (no reduced motion here) and may start from the
    // home page's scroll position, below the card: measure once it has ended.
    const headerBox = await page.getByRole("banner").boundingBox();
    if (!headerBox) throw new Error("header not rendered");
    await expect
      .poll(async () => (await card.boundingBox())?.y ?? Number.NEGATIVE_INFINITY, {
        message: "the card's top, once the scroll has ended, is below the header",
      })
      .toBeGreaterThanOrEqual(headerBox.y + headerBox.height - 1);
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(consultant.name);
    expect(await page.evaluate(() => (window as { __marker?: number }).__marker)).toBe(1);
  });
});

test.describe("header scrolled state", () => {
  const threshold = header.scrollThresholdPx;

  test("on only while scrolling up above the threshold, without moving the layout", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const bar = page.getByRole("banner");
    await expect(bar).toHaveAttribute("data-scrolled", "false");
    const heightAt = async () => (await bar.boundingBox())?.height;
    const restingHeight = await heightAt();
    expect(restingHeight).toBeGreaterThan(0);

    const steps: [string, number, "true" | "false"][] = [
      ["down, well below the threshold", threshold + 1500, "false"],
      ["up a little, still above it", threshold + 1300, "true"],
      ["down again", threshold + 1400, "false"],
      ["up again", threshold + 600, "true"],
      ["up to one pixel above the threshold", threshold + 1, "true"],
      ["up to the threshold itself", threshold, "false"],
      ["down below it again", threshold + 800, "false"],
      ["up to the very top", 0, "false"],
    ];
    for (const [what, y, expected] of steps) {
      await scrollToY(page, y);
      expect(await page.evaluate(() => window.scrollY), `scrolled ${what}`).toBe(y);
      await expect(bar, `after scrolling ${what} (to ${y}px)`).toHaveAttribute("data-scrolled", expected);
      expect(await heightAt(), `header height after scrolling ${what}`).toBe(restingHeight);
    }
  });
});

test.describe("hover hints on the home consultant cards", () => {
  // The cards sit three to a row at this width, so moving between them
  // needs no scrolling (scrolling closes a hint).
  test.use({ viewport: { width: 1280, height: 900 } });

  const cards = (page: Page) => cardLinks(page, home.people.heading);

  /**
   * Radix Tooltip is imported when the browser is idle after hydration, so
   * the page loads with time flowing; once the hints are live (the trigger has
   * data-state) the fake clock is paused and time moves only when the test
   * says so. The clock must be installed before the page loads for that.
   */
  async function openHomeWithPausedClock(page: Page) {
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    const cardList = cards(page);
    await expect(cardList).toHaveCount(consultants.length);
    await expect(cardList.first()).toHaveAttribute("data-state", "closed");
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1000);
    return cardList;
  }

  const hint = (page: Page) => page.getByRole("tooltip");

  /** Moves the mouse sideways off an outer `card` into the nearer page margin, away from its hint and the other cards. */
  async function moveOff(page: Page, card: Locator) {
    const box = await card.boundingBox();
    const width = page.viewportSize()?.width;
    if (!box || !width) throw new Error("the card is not rendered");
    const x = box.x + box.width / 2 < width / 2 ? 4 : width - 4;
    await page.mouse.move(x, box.y + box.height / 2, { steps: 10 });
  }

  /** Brings the first row of cards into view at once, so that focusing them needs no scrolling (scrolling closes a hint). */
  async function showFirstRow(cards: Locator) {
    await scrollToCard(cards.first());
    await expect(cards.nth(2)).toBeInViewport({ ratio: 1 });
  }

  test("a card focused before the hints load keeps its focus, stays the same element and shows its hint once they load", async ({
    page,
  }) => {
    const tooltips = await holdTooltips(page);
    await page.goto("/");
    await waitForHydration(page);
    const cardList = cards(page);
    await showFirstRow(cardList);
    const before = page.locator("main").getByRole("link", { name: home.about.link.label });
    await before.focus();
    await page.keyboard.press("Tab");
    await expect(cardList.nth(0)).toBeFocused();
    await tooltips.requested;
    await expect(cardList.nth(0)).not.toHaveAttribute("data-state");
    await cardList.nth(0).evaluate((card) => {
      (window as { __card?: Element }).__card = card;
    });
    tooltips.release();
    await tooltips.loaded;
    // No other key: the hint opens at once on the focused card, which is the same element and still focused.
    await expect(cardList.nth(0)).toHaveAttribute("data-state", "instant-open");
    await expect(hint(page)).toHaveText(home.people.hint);
    await expect(cardList.nth(0)).toBeFocused();
    expect(await cardList.nth(0).evaluate((card) => card === (window as { __card?: Element }).__card)).toBe(true);
    // Focus leaves the cards and comes back: the hint closes and opens again.
    await page.keyboard.press("Shift+Tab");
    await expect(before).toBeFocused();
    await expect(cardList.nth(0)).toHaveAttribute("data-state", "closed");
    await expect(hint(page)).toHaveCount(0);
    await page.keyboard.press("Tab");
    await expect(cardList.nth(0)).toHaveAttribute("data-state", "instant-open");
    await expect(hint(page)).toHaveText(home.people.hint);
  });

  test("hover opens the hint only after the open delay", async ({ page }) => {
    const cards = await openHomeWithPausedClock(page);
    const first = cards.nth(0);
    await showFirstRow(cards);
    await moveOnto(page, first);
    await page.clock.runFor(tooltip.openDelayMs - 50);
    await expect(first).toHaveAttribute("data-state", "closed");
    await expect(hint(page)).toHaveCount(0);
    await page.clock.runFor(100);
    await expect(first).toHaveAttribute("data-state", "delayed-open");
    await expect(hint(page)).toHaveText(home.people.hint);
    await expect(hint(page)).toBeVisible();
    await expect(first).toHaveAccessibleDescription(home.people.hint);
  });

  test("keyboard focus opens the hint at once; Escape closes it", async ({ page }) => {
    const cards = await openHomeWithPausedClock(page);
    await showFirstRow(cards);
    await cards.nth(0).focus();
    await page.keyboard.press("Tab");
    await expect(cards.nth(1)).toBeFocused();
    // No time passes on the paused clock: the hint is open at once.
    await expect(cards.nth(1)).toHaveAttribute("data-state", "instant-open");
    await expect(hint(page)).toHaveText(home.people.hint);
    await expect(cards.nth(0)).toHaveAttribute("data-state", "closed");
    await page.keyboard.press("Escape");
    await expect(hint(page)).toHaveCount(0);
    await expect(cards.nth(1)).toHaveAttribute("data-state", "closed");
    await expect(cards.nth(1)).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(cards.nth(0)).toBeFocused();
    await expect(cards.nth(0)).toHaveAttribute("data-state", "instant-open");
    await expect(hint(page)).toHaveText(home.people.hint);
  });

  test("Tab from the link before the cards onto the first card shows its hint", async ({ page }) => {
    // The card is below the fold, so the browser scrolls it into view on
    // focus, and Radix closes a hint on scroll; Hint.tsx keeps it open.
    const cards = await openHomeWithPausedClock(page);
    await page.locator("main").getByRole("link", { name: home.about.link.label }).focus();
    await page.keyboard.press("Tab");
    await expect(cards.nth(0)).toBeFocused();
    await expect(cards.nth(0)).toHaveAttribute("data-state", "instant-open");
    await page.clock.runFor(tooltip.openDelayMs * 2);
    await expect(hint(page)).toHaveText(home.people.hint);
  });

  test("within the skip delay the next card's hint opens without delay; after it, with the delay", async ({ page }) => {
    const cards = await openHomeWithPausedClock(page);
    await showFirstRow(cards);
    await moveOnto(page, cards.nth(0));
    await page.clock.runFor(tooltip.openDelayMs + 50);
    await expect(cards.nth(0)).toHaveAttribute("data-state", "delayed-open");

    // Straight on to the next cards: no time passes, and each opens.
    for (const next of [1, 2]) {
      await moveOnto(page, cards.nth(next));
      await expect(cards.nth(next)).toHaveAttribute("data-state", "instant-open");
      await expect(cards.nth(next - 1)).toHaveAttribute("data-state", "closed");
      await expect(hint(page)).toHaveText(home.people.hint);
    }

    // Off the cards for less than the skip delay, then back onto one.
    await moveOff(page, cards.nth(2));
    await expect(hint(page)).toHaveCount(0);
    await page.clock.runFor(tooltip.skipDelayMs - 100);
    await moveOnto(page, cards.nth(2));
    await expect(cards.nth(2)).toHaveAttribute("data-state", "instant-open");

    // Off the cards for longer than the skip delay: the open delay applies again.
    await moveOff(page, cards.nth(2));
    await expect(hint(page)).toHaveCount(0);
    await page.clock.runFor(tooltip.skipDelayMs + 100);
    await moveOnto(page, cards.nth(2));
    await page.clock.runFor(tooltip.openDelayMs - 50);
    await expect(cards.nth(2)).toHaveAttribute("data-state", "closed");
    await expect(hint(page)).toHaveCount(0);
    await page.clock.runFor(100);
    await expect(cards.nth(2)).toHaveAttribute("data-state", "delayed-open");
    await expect(hint(page)).toHaveText(home.people.hint);
  });
});

test.describe("not-found page", () => {
  for (const path of [route("/this-page-does-not-exist").path, "/consultants/nobody-by-this-name"]) {
    test(`${path}: status 404, the 404 page, the path logged, a way home`, async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle(notFound.title);
      await expect(page.locator("main").getByText(notFound.code, { exact: true })).toBeVisible();
      await expect(page.locator("h1")).toHaveText(`${notFound.code}: ${notFound.heading}`);
      await expect(page.getByRole("heading", { level: 1, name: notFound.heading })).toBeVisible();
      await expect(page.getByText(notFound.text, { exact: true })).toBeVisible();
      await expect.poll(() => errors.filter((text) => text.includes(path))).toHaveLength(1);

      await waitForHydration(page);
      const back = page.locator("main").getByRole("link", { name: notFound.link.label, exact: true });
      await expect(back).toHaveAttribute("href", "/");
      await back.click();
      await expect(page).toHaveURL("/");
      await expect(page.locator("h1")).toHaveText(route("/").h1);
      await expect(page).toHaveTitle(route("/").title);
    });
  }
});

test.describe("phone menu", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the header's links are hidden; the menu button opens them in a dialog", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    const banner = page.getByRole("banner");
    for (const link of nav) {
      const hidden = banner.getByRole("link", { name: link.label, exact: true, includeHidden: true });
      await expect(hidden).toHaveCount(1);
      await expect(hidden).toBeHidden();
    }
    await expect(banner.getByRole("button", { name: ui.openMenu, exact: true })).toBeVisible();
    // While the modal menu is open the rest of the page is hidden from assistive technology.
    const button = page.locator('header button[aria-haspopup="dialog"]');
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();

    const dialog = page.getByRole("dialog", { name: firm.name });
    await expect(dialog).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const menu = dialog.getByRole("navigation", { name: ui.mainNav });
    expect(await linkTable(menu)).toEqual(nav.map((link) => [link.label, link.href]));
    const current = await menu.locator('a[aria-current="page"]').evaluateAll((all) => all.map((a) => a.textContent));
    expect(current).toEqual(nav.filter((link) => link.href === "/about").map((link) => link.label));
    await expect(dialog.getByRole("button", { name: ui.closeMenu, exact: true })).toBeVisible();
  });

  test("focus stays in the open menu; Escape closes it and returns focus to the menu button", async ({ page }) => {
    await page.goto("/approach");
    await waitForHydration(page);
    const button = page.locator('header button[aria-haspopup="dialog"]');
    await expect(button).toHaveAccessibleName(ui.openMenu);
    await button.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    // The close button, one link per nav entry and one per other language (the switcher).
    const languages = locales.filter((l) => l.code !== defaultLocale).map((l) => l.name);
    const stops = 1 + nav.length + languages.length;
    await expect(dialog.getByRole("button", { name: ui.closeMenu })).toBeFocused();
    const visited: string[] = [];
    for (let i = 0; i < stops; i++) {
      await page.keyboard.press("Tab");
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        const inDialog = !!active?.closest('[role="dialog"]');
        return `${inDialog ? "in" : "OUT"}:${active?.getAttribute("aria-label") ?? active?.textContent}`;
      });
      visited.push(where);
    }
    expect(visited).toEqual([
      ...nav.map((link) => `in:${link.label}`),
      ...languages.map((name) => `in:${name}`),
      `in:${ui.closeMenu}`,
    ]);
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.getByRole("link").last()).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("choosing a link navigates and closes the menu", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as { __marker?: number }).__marker = 1;
    });
    const target = nav.find((link) => link.href === "/contact");
    if (!target) throw new Error("no /contact link in the navigation");
    await page.getByRole("button", { name: ui.openMenu, exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("link", { name: target.label, exact: true }).click();
    await expect(page).toHaveURL(target.href);
    await expect(dialog).toHaveCount(0);
    await expect(page.locator("h1")).toHaveText(route(target.href).h1);
    await expect(page.locator("h1")).toBeFocused();
    expect(await page.evaluate(() => (window as { __marker?: number }).__marker)).toBe(1);
  });
});
