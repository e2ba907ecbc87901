// `inquiries stats` as a real process on each real store (SQLite file;
// PostgreSQL when the run has a cluster): the JSON the issue specifies, the
// terminal table, the self-contained HTML page, and clear errors for bad flags.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FileSystemConfigLoader, HtmlValidate } from "html-validate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Inquiry } from "../../schemas/inquiry.ts";
import type { ViewCount } from "../../visits/key.ts";
import { openVisitStore } from "../../visits/open-store.ts";
import { fullInquiry, removeDir, tempDir } from "../server/support.ts";
import { ensureBundle, plainEnv, runCli } from "../support/cli.ts";
import { storeKinds } from "../support/stores.ts";
import { viewCount } from "./support.ts";

const view = (over: Partial<ViewCount>) => viewCount({ day: "2026-11-27", page: "/", ...over });

/** Two days of counts: the article landed on from LinkedIn with a campaign, read in both languages. */
const COUNTS = [
  view({
    page: "/insights/crm-hygiene",
    landing: true,
    referrerHost: "www.linkedin.com",
    utmSource: "linkedin",
    utmMedium: "social",
    utmCampaign: "q4",
    views: 4,
  }),
  view({ page: "/insights/crm-hygiene", language: "de", landing: true, views: 2 }),
  view({ page: "/contact", views: 3 }),
  view({ day: "2026-11-28", page: "/", landing: true, views: 5 }),
  view({ day: "2026-11-28", page: "/contact", views: 1 }),
  view({ day: "2026-11-20", page: "/", views: 99 }),
];

const dir = tempDir("stats-cli-");
beforeAll(() => ensureBundle());
afterAll(() => removeDir(dir));

describe.each(storeKinds())("inquiries stats on $name", (kind) => {
  let location: string;
  let cleanup = () => {};
  const storeFlags = () => (kind.name === "postgres" ? ["--database", location] : ["--db", location]);
  const stats = (...args: string[]) =>
    runCli(["inquiries", "stats", ...storeFlags(), "--since", "2026-11-27", "--until", "2026-11-28", ...args], {
      env: plainEnv({ INQUIRY_DB: "", DATABASE_URL: "" }),
    });

  beforeAll(async () => {
    const db = await kind.fresh();
    ({ location, cleanup } = db);
    const inquiries = await db.open();
    await inquiries.insert(fullInquiry() as Inquiry, {
      bodyHash: "a",
      channels: [],
      now: new Date("2026-11-28T09:00:00Z"),
      // Landed on the German article from LinkedIn's campaign: counted under the English page.
      origin: {
        sentFrom: "/de/contact",
        landingPage: "/de/insights/crm-hygiene",
        referrerHost: "www.linkedin.com",
        utmSource: "linkedin",
        utmMedium: "social",
        utmCampaign: "q4",
      },
    });
    // One from before origins were kept: counted in its day only.
    await inquiries.insert(fullInquiry({ name: "Earlier" }) as Inquiry, {
      bodyHash: "b",
      channels: [],
      now: new Date("2026-11-27T09:00:00Z"),
    });
    await inquiries.close();
    const visits = await openVisitStore(location);
    await visits.add(COUNTS);
    await visits.close();
  });
  afterAll(() => cleanup());

  it("--format json: one object with from, to, pages, referrers, campaigns and days", async () => {
    const run = await stats("--format", "json");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({
      from: "2026-11-27",
      to: "2026-11-28",
      totals: { views: 15, visits: 11, inquiries: 2 },
    });
    expect(report.pages).toEqual([
      { path: "/insights/crm-hygiene", views: 6, visits: 6, inquiries: 1, languages: { de: 2, en: 4 } },
      { path: "/", views: 5, visits: 5, inquiries: 0, languages: { en: 5 } },
      { path: "/contact", views: 4, visits: 0, inquiries: 0, languages: { en: 4 } },
    ]);
    expect(report.referrers).toEqual([{ host: "www.linkedin.com", views: 4, inquiries: 1 }]);
    expect(report.campaigns).toEqual([
      { source: "linkedin", medium: "social", campaign: "q4", views: 4, inquiries: 1 },
    ]);
    expect(report.days).toEqual([
      { date: "2026-11-27", views: 9, inquiries: 1 },
      { date: "2026-11-28", views: 6, inquiries: 1 },
    ]);
  });

  it("pretty: the pages by views with their conversion, the referrers, campaigns and days", async () => {
    const run = await stats();
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Views and inquiries, 2026-11-27 to 2026-11-28 (UTC days)\n");
    expect(run.stdout).toContain("  15 page views, 11 visits, 2 inquiries (18.2 % of visits)\n");
    expect(run.stdout).toMatch(/^ {2}\/insights\/crm-hygiene +6 +6 +1 +16\.7 % +de 2, en 4$/m);
    expect(run.stdout).toMatch(/^ {2}www\.linkedin\.com +4 +1$/m);
    expect(run.stdout).toMatch(/^ {2}2026-11-28 +6 +1$/m);
  });

  it("--format html --out: one page with inline SVG charts and tables, nothing fetched", async () => {
    const out = join(dir, `${kind.name}-report.html`);
    const run = await stats("--format", "html", "--out", out);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^wrote the report of 2026-11-27 to 2026-11-28 to .+report\.html\n$/);
    const html = readFileSync(out, "utf8");
    expect(html.match(/<svg /g)).toHaveLength(3);
    expect(html.match(/<table>/g)).toHaveLength(5);
    expect(html).toContain('<svg viewBox="0 0 ');
    expect(html).toContain('role="img"');
    // Valid HTML under the rules the site's pages follow (.htmlvalidate.mjs).
    const report = await new HtmlValidate(new FileSystemConfigLoader()).validateString(html, out);
    const errors = report.results.flatMap((result) =>
      result.messages.filter((m) => m.severity === 2).map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`),
    );
    expect(errors).toEqual([]);
    // No request: no script, no link, no src, no URL but the CSP's own words.
    expect(html).not.toMatch(/<script|<link|\ssrc=|url\(|https?:\/\//i);
  });
});

describe("inquiries stats refuses bad flags with a clear message and exit 2, no stack", () => {
  it.each([
    [["--since", "yesterday"], 'error: --since: expected a date like 2026-01-31, got "yesterday"\n'],
    [["--until", "2026-02-30"], 'error: --until: expected a date like 2026-01-31, got "2026-02-30"\n'],
    [["--since", "2026-11-28", "--until", "2026-11-01"], "error: --since 2026-11-28 is after --until 2026-11-01\n"],
    [
      ["--since", "1990-01-01", "--until", "2026-11-01"],
      "error: from 1990-01-01 to 2026-11-01 is more than 3660 days; ask for a shorter range\n",
    ],
    [["--format", "html"], "error: --format html writes a page: give it a file with --out report.html\n"],
  ])("%j", async (args, message) => {
    const run = await runCli(["inquiries", "stats", "--db", join(dir, "none.db"), ...args]);
    expect(run.stderr).toBe(message);
    expect(run.code).toBe(2);
  });

  it("a database that is not there yet: an empty report, and no file created", async () => {
    const run = await runCli([
      "inquiries",
      "stats",
      "--db",
      join(dir, "none.db"),
      "--since",
      "2026-11-27",
      "--until",
      "2026-11-28",
      "--format",
      "json",
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      pages: [],
      referrers: [],
      campaigns: [],
      days: [{ views: 0 }, { views: 0 }],
    });
  });
});
