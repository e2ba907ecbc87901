import { expect, test } from "@playwright/test";

const hydrated = async (page: import("@playwright/test").Page) =>
  page.waitForFunction(() => Object.keys(document.querySelector("header") ?? {}).some((k) => k.startsWith("__reactFiber")));

test("nav", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.evaluate(() => { (window as any).__marker = 1; });
  await page.getByRole("banner").getByRole("link", { name: "The Firm" }).click();
  await expect(page).toHaveURL("/about");
  await expect(page.locator("h1")).toHaveText("Thinking Ganzheitlich");
  console.log(await page.evaluate(() => [(window as any).__marker, document.title, document.activeElement?.outerHTML.slice(0, 80)]));
});

test("card", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.locator('a[href="/consultants#marco-bellini"]').click();
  await expect(page).toHaveURL("/consultants#marco-bellini");
  await page.waitForTimeout(500);
  console.log("CARD", await page.evaluate(() => [document.activeElement?.id, window.scrollY, document.getElementById("marco-bellini")?.getBoundingClientRect().top]));
});

test("skip", async ({ page }) => {
  await page.goto("/about");
  await hydrated(page);
  await page.keyboard.press("Tab");
  console.log(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80)));
  await page.keyboard.press("Enter");
  await page.waitForTimeout(300);
  console.log(await page.evaluate(() => [location.href, document.activeElement?.outerHTML.slice(0, 80)]));
});

test("clock", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  await hydrated(page);
  const card = page.locator('a[href="/consultants#marco-bellini"]');
  await expect(card).toHaveAttribute("data-state", /.+/);
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
  await card.hover();
  await page.clock.runFor(650);
  console.log("650", await page.getByRole("tooltip").count());
  await page.clock.runFor(100);
  console.log("750", await page.getByRole("tooltip").count(), await page.getByRole("tooltip").textContent());
  await page.locator('a[href="/consultants#sophie-laurent"]').hover();
  console.log("next", await page.getByRole("tooltip").count(), await page.locator('a[href="/consultants#sophie-laurent"]').getAttribute("data-state"));
});

test("mobile", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/about");
  await hydrated(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 9; i++) {
    console.log(i, await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 60)));
    await page.keyboard.press("Tab");
  }
  await dialog.getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL("/contact");
  await page.waitForTimeout(500);
  console.log("MOB", await page.evaluate(() => [document.activeElement?.outerHTML.slice(0, 60)]), await dialog.count());
});
