// Client-side navigation before the lazy chunks arrive. The footer and the
// inquiry forms are chunks of their own, outside every page's first-load
// script, hydrated on their own once loaded (site/components/LazyFooter.tsx,
// site/components/form/LazyForms.tsx). Here every such chunk (a script of
// the build that no page loads first: the footer, the forms, the hover hints,
// the phone menu, the other language's texts) is held back until the test
// lets it through: a nav link clicked as soon as the header has hydrated
// navigates client-side, without an error, to the right page, the footer
// shown all along (the navigation waits for its chunk); once the chunks are
// in, the new page hydrates whole and its form sends with JavaScript. (Without JavaScript the forms post as before:
// tests/site/no-js.spec.ts, tests/site/inquiries.spec.ts.)
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { e2eDatabase } from "../../playwright.config.ts";
import { builtPages, firstLoadAssets, readBuilt, staticImportClosure } from "../../scripts/lib/first-load.js";
import { sent } from "../../site/generated/inquiry.ts";
import { nav } from "../../site/generated/site.ts";
import { waitForHydration } from "./support/page.ts";
import { sendQuickInquiry } from "./support/quick-inquiry.ts";
import { route } from "./support/routes.ts";

/** Every script some page loads before any interaction (URL paths). */
const firstLoad = new Set(
  builtPages().flatMap((file) => staticImportClosure(firstLoadAssets(readBuilt(file).toString("utf8")).scripts)),
);

interface Held {
  /** The lazy chunks asked for so far (URL paths). */
  asked: string[];
  /** Lets every held chunk through, and every later one at once. */
  release: () => void;
}

/** Holds back every script of the build that no page loads first, until `release`. */
async function holdLazyChunks(page: Page): Promise<Held> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked: string[] = [];
  await page.route(/\/assets\/.+\.js$/, async (request) => {
    const path = new URL(request.request().url()).pathname;
    if (!firstLoad.has(path)) {
      asked.push(path);
      await released;
    }
    await request.continue();
  });
  return { asked, release };
}

/** Whether every element of `selector` (and its descendants) is React's: hydrated. */
function hydrated(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((scope) => {
    const elements = [...document.querySelectorAll(`${scope}, ${scope} *`)];
    return (
      elements.length > 0 &&
      elements.every((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber")))
    );
  }, selector);
}

/** Uncaught errors and console errors of the page, from now on. */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** Opens `path` with the lazy chunks held; resolves once the header has hydrated and the footer has not. */
async function openWithChunksHeld(page: Page, path: string): Promise<Held> {
  const held = await holdLazyChunks(page);
  await page.goto(path);
  await expect.poll(() => hydrated(page, "header"), { message: "the header hydrates" }).toBe(true);
  expect(await hydrated(page, "footer"), "the footer waits for its chunk").toBe(false);
  // Asked after the header's hydration, on the browser's own schedule: waited for, not assumed.
  await expect.poll(() => held.asked.length, { message: "the page asked for its lazy chunks" }).toBeGreaterThan(0);
  await page.evaluate(() => {
    (window as { __marker?: number }).__marker = 1;
  });
  return held;
}

const linkTo = (href: string) => {
  const link = nav.find((l) => l.href === href);
  if (!link) throw new Error(`no nav link to ${href} in the data`);
  return link;
};

test("a nav link clicked before the footer's and the form's chunks arrive navigates client-side, without an error", async ({
  page,
}) => {
  const errors = recordErrors(page);
  const held = await openWithChunksHeld(page, "/");
  const about = linkTo("/about");
  await page.getByRole("banner").getByRole("link", { name: about.label, exact: true }).click();
  // The navigation waits for the footer's chunk (+onPageTransitionStart): the footer, which it keeps, never vanishes.
  for (const wait of [0, 250, 500]) {
    await page.waitForTimeout(wait);
    await expect(page.getByRole("contentinfo"), `the footer after ${wait} ms more`).toBeVisible({ timeout: 100 });
  }
  held.release();
  const expected = route(about.href);
  await expect(page).toHaveURL(about.href);
  await expect(page.locator("h1")).toHaveText(expected.h1);
  await expect(page).toHaveTitle(expected.title);
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await waitForHydration(page);
  expect(await page.evaluate(() => (window as { __marker?: number }).__marker), "no reload").toBe(1);
  expect(errors).toEqual([]);
});

test("navigated to before its chunk arrives, the home page's contact block sends with JavaScript once it is in", async ({
  page,
}, info) => {
  const errors = recordErrors(page);
  const held = await openWithChunksHeld(page, "/about");
  const home = linkTo("/");
  await page.getByRole("banner").getByRole("link", { name: home.label, exact: true }).click();
  await page.waitForTimeout(500);
  held.release();
  await expect(page).toHaveURL("/");
  await expect(page.locator("h1")).toHaveText(route("/").h1);
  await waitForHydration(page);
  expect(await page.evaluate(() => (window as { __marker?: number }).__marker), "no reload").toBe(1);

  const email = `${info.title.replace(/\W+/g, "-").toLowerCase().slice(0, 40)}-${Date.now()}@example.com`;
  await sendQuickInquiry(page, email, "Sent after a navigation.");
  await expect(page.getByRole("status").getByRole("heading", { name: sent.heading })).toBeFocused();
  expect(await page.evaluate(() => (window as { __marker?: number }).__marker), "sent without a reload").toBe(1);
  const db = new Database(e2eDatabase, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("SELECT kind FROM inquiries WHERE email = ?").all(email);
    expect(rows).toEqual([{ kind: "quick" }]);
  } finally {
    db.close();
  }
  expect(errors).toEqual([]);
});
