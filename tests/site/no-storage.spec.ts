// Private by design, proven: a visitor who uses every feature of the site
// (every page, client-side navigation, the phone menu, a hover hint, both
// forms sent, the 404 page) leaves with no cookie, nothing in any browser
// storage, and no response ever tried to set a cookie. The privacy notice
// (data/legal.yaml, privacy.browser) promises exactly this.
import { expect, type Page, type Response, test } from "@playwright/test";
import { visits } from "../../site/generated/behaviour.ts";
import { form } from "../../site/generated/contact.ts";
import { arr, industry, role, timeline } from "../../site/generated/form-options.ts";
import { contact as quick } from "../../site/generated/home.ts";
import { sent } from "../../site/generated/inquiry.ts";
import { nav, ui } from "../../site/generated/site.ts";
import { waitForHydration } from "./support/page.ts";
import { routes, UNKNOWN_PATH } from "./support/routes.ts";

test.setTimeout(180_000);

interface Seen {
  url: string;
  status: number;
  setCookie: string[];
}

/** Every response of the context, with its Set-Cookie headers (allHeaders includes them; headers() hides them). */
function recordResponses(page: Page): { seen: Seen[]; settled: () => Promise<void> } {
  const pending: Promise<void>[] = [];
  const seen: Seen[] = [];
  page.context().on("response", (response: Response) => {
    pending.push(
      response.headersArray().then((headers) => {
        seen.push({
          url: response.url(),
          status: response.status(),
          setCookie: headers.filter((h) => h.name.toLowerCase() === "set-cookie").map((h) => h.value),
        });
      }),
    );
  });
  return { seen, settled: async () => void (await Promise.all(pending)) };
}

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

test("using every feature leaves no cookie and nothing in browser storage", async ({ page, baseURL }) => {
  const { seen, settled } = recordResponses(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Every page, loaded directly.
  for (const r of routes) {
    const response = await page.goto(r.path);
    expect(response?.status(), r.path).toBe(r.status);
    await waitForHydration(page);
  }

  // Client-side navigation through the header (fetches each page's data as JSON).
  await page.goto("/");
  await waitForHydration(page);
  for (const link of nav.filter((l) => !("placeholder" in l && l.placeholder))) {
    await page.getByRole("banner").getByRole("link", { name: link.label, exact: true }).click();
    await expect(page).toHaveURL(new URL(link.href, baseURL).href);
  }

  // A hover hint on a consultant card of the home page.
  await page.goto("/");
  await waitForHydration(page);
  const card = page.locator('main a[href^="/consultants#"]').first();
  await expect(card).toHaveAttribute("data-state", "closed"); // the hints are live
  await card.scrollIntoViewIfNeeded();
  const inView = await card.boundingBox();
  if (!inView) throw new Error("no consultant card rendered");
  await page.mouse.move(inView.x + inView.width / 2, inView.y + inView.height / 2, { steps: 10 });
  await expect(page.getByRole("tooltip")).toBeVisible();

  // The home page's quick form, sent.
  const quickForm = page.locator("form").filter({ has: page.getByRole("button", { name: quick.submit }) });
  await quickForm.getByLabel(quick.fields.name.label).fill("Storage Probe");
  await quickForm.getByLabel(quick.fields.email.label).fill(`no-storage-quick-${unique()}@example.com`);
  await quickForm.getByLabel(quick.fields.company.label).fill("Probe Ltd");
  await quickForm.getByLabel(quick.fields.message.label).fill("Checking that nothing stays in the browser.");
  await quickForm.getByRole("button", { name: quick.submit }).click();
  await expect(page.getByRole("status").getByRole("heading", { name: sent.heading })).toBeVisible();

  // The contact page's full form, sent.
  await page.goto("/contact");
  await waitForHydration(page);
  const { fields } = form;
  await page.getByLabel(fields.name.label).fill("Storage Probe");
  await page.getByLabel(fields.email.label).fill(`no-storage-full-${unique()}@example.com`);
  await page.getByLabel(fields.company.label).fill("Probe Ltd");
  await page.getByLabel(fields.role.label).selectOption(role[0]?.value ?? "");
  await page.getByLabel(fields.arr.label).selectOption(arr[0]?.value ?? "");
  await page.getByLabel(fields.industry.label).selectOption(industry[0]?.value ?? "");
  await page.getByLabel(fields.challenges.label).fill("None stored, we hope.");
  await page.getByLabel(fields.objectives.label).fill("An empty browser.");
  await page.getByLabel(fields.timeline.label).selectOption(timeline[0]?.value ?? "");
  await page.getByRole("button", { name: form.submit }).click();
  await expect(page.getByRole("status").getByRole("heading", { name: sent.heading })).toBeVisible();

  // The phone menu, opened and used.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("button", { name: ui.openMenu, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  const target = nav.find((l) => l.href === "/about") ?? nav[1];
  await dialog.getByRole("link", { name: target?.label, exact: true }).click();
  await expect(page).toHaveURL(new URL(target?.href ?? "/", baseURL).href);

  // The 404 page last.
  expect((await page.goto(UNKNOWN_PATH))?.status()).toBe(404);
  await waitForHydration(page);

  // What stayed behind: nothing.
  const stored = await page.evaluate(async () => ({
    cookie: document.cookie,
    localStorage: Object.keys(localStorage),
    sessionStorage: Object.keys(sessionStorage),
    indexedDB: (await indexedDB.databases()).map((db) => db.name),
    caches: await caches.keys(),
    serviceWorkers: (await navigator.serviceWorker.getRegistrations()).length,
  }));
  expect(stored).toEqual({
    cookie: "",
    localStorage: [],
    sessionStorage: [],
    indexedDB: [],
    caches: [],
    serviceWorkers: 0,
  });
  // HttpOnly cookies are invisible to document.cookie; the browser's own jar shows them.
  expect(await page.context().cookies()).toEqual([]);

  await settled();
  // The walk really happened: pages, data fetches and both inquiries' answers were recorded.
  expect(seen.filter((s) => s.url.endsWith("/api/inquiries") && s.status === 201)).toHaveLength(2);
  expect(seen.some((s) => s.url.endsWith(".pageContext.json"))).toBe(true);
  // Every page load and navigation reported its view (POST /api/views) and the answers set no cookie either.
  expect(seen.filter((s) => new URL(s.url).pathname === visits.endpoint && s.status === 204).length).toBeGreaterThan(
    routes.length,
  );
  expect(seen.length).toBeGreaterThan(routes.length * 3);
  expect(seen.filter((s) => s.setCookie.length > 0)).toEqual([]);
});
