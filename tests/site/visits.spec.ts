// Page views and conversions in a real Chromium against the production
// server: a visit that lands on an article from a LinkedIn campaign link,
// moves on by client-side navigation and sends the quick inquiry reports
// three views (the first with where it came from), none for a hovered
// (prefetched) link, and the inquiry carries its landing page, referrer and
// campaign; `inquiries stats` then counts one view and one inquiry for the
// campaign. A search engine's crawler is counted nowhere.
import { spawnSync } from "node:child_process";
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { e2eDatabase } from "../../playwright.config.ts";
import { visits } from "../../site/generated/behaviour.ts";
import { sent } from "../../site/generated/inquiry.ts";
import { nav } from "../../site/generated/site.ts";
import { waitForHydration } from "./support/page.ts";
import { sendQuickInquiry } from "./support/quick-inquiry.ts";

const ARTICLE = "/insights/crm-hygiene";
const FLUSH_MS = visits.flushEverySeconds * 1000;

function query<T>(sql: string, ...values: unknown[]): T[] {
  const db = new Database(e2eDatabase, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...values) as T[];
  } finally {
    db.close();
  }
}

/** The view reports the page sends, as the server received them. */
function recordViews(page: Page): { path: string; landing?: boolean }[] {
  const reports: { path: string; landing?: boolean }[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === visits.endpoint) reports.push(JSON.parse(request.postData() ?? "{}"));
  });
  return reports;
}

const headerLink = (page: Page, href: string) =>
  page.getByRole("banner").getByRole("link", { name: nav.find((link) => link.href === href)?.label, exact: true });

test("a visit of three pages by client navigation, then an inquiry: three views, one inquiry for the landing page and its campaign", async ({
  page,
}) => {
  const campaign = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const email = `${campaign}@example.com`;
  const views = recordViews(page);
  const answers: number[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === visits.endpoint) answers.push(response.status());
  });

  await page.goto(`${ARTICLE}?utm_source=linkedin&utm_medium=social&utm_campaign=${campaign}`, {
    referer: "https://www.linkedin.com/feed/update/urn:li:activity:1/",
  });
  await waitForHydration(page);
  await expect.poll(() => views.length).toBe(1);
  // A link the pointer rests on may be prefetched: that is no view.
  await headerLink(page, "/contact").hover();
  await page.waitForTimeout(500);
  expect(views).toHaveLength(1);
  await headerLink(page, "/about").click();
  await expect(page).toHaveURL(/\/about$/);
  await headerLink(page, "/").click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => views.length).toBe(3);
  expect(views).toEqual([
    { path: ARTICLE, landing: true, referrer: "www.linkedin.com", source: "linkedin", medium: "social", campaign },
    { path: "/about" },
    { path: "/" },
  ]);
  await expect.poll(() => answers).toEqual([204, 204, 204]);

  await sendQuickInquiry(page, email, "Which of your articles brought me here?");
  await expect(page.getByRole("status").filter({ hasText: sent.heading })).toBeVisible();
  expect(
    query(
      "SELECT sent_from, landing_page, referrer_host, utm_source, utm_campaign FROM inquiries WHERE email = ?",
      email,
    ),
  ).toEqual([
    {
      sent_from: "/",
      landing_page: ARTICLE,
      referrer_host: "www.linkedin.com",
      utm_source: "linkedin",
      utm_campaign: campaign,
    },
  ]);

  // Written by the server within one flush interval.
  await expect
    .poll(() => query("SELECT page, landing, views FROM page_views WHERE utm_campaign = ?", campaign), {
      timeout: FLUSH_MS + 5000,
    })
    .toEqual([{ page: ARTICLE, landing: 1, views: 1 }]);
  const today = new Date().toISOString().slice(0, 10);
  const stats = spawnSync(
    process.execPath,
    ["bin/content.mjs", "inquiries", "stats", "--db", e2eDatabase, "--since", today, "--format", "json"],
    {
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: "" },
    },
  );
  expect(stats.stderr).toBe("");
  const report = JSON.parse(stats.stdout) as {
    campaigns: { campaign: string; views: number; inquiries: number }[];
    pages: { path: string; inquiries: number }[];
  };
  expect(report.campaigns.filter((row) => row.campaign === campaign)).toEqual([
    { source: "linkedin", medium: "social", campaign, views: 1, inquiries: 1 },
  ]);
  expect(report.pages.find((row) => row.path === ARTICLE)?.inquiries).toBeGreaterThanOrEqual(1);
});

test("a search engine's crawler is counted nowhere", async ({ browser }) => {
  const crawler = await browser.newContext({
    userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  });
  const page = await crawler.newPage();
  const campaign = `e2e-bot-${Date.now()}`;
  const views = recordViews(page);
  await page.goto(`/about?utm_campaign=${campaign}`);
  await waitForHydration(page);
  await expect.poll(() => views.length).toBe(1);
  await page.waitForTimeout(FLUSH_MS + 1000);
  expect(query("SELECT * FROM page_views WHERE utm_campaign = ?", campaign)).toEqual([]);
  await crawler.close();
});
