// POST /api/views on the real app over HTTP with a real SQLite file: what is
// counted (the page, grouped under its English page, the referrer's host, the
// capped campaign tags) and what is not (bots, prefetches, unknown paths,
// HEAD), hostile input refused or capped without a stack trace, floods
// bounded per client, and nothing that identifies a visitor in any table.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visits } from "../../site/generated/behaviour.ts";
import { ViewBatcher } from "../../visits/batcher.ts";
import type { ViewCount } from "../../visits/key.ts";
import { SqliteVisitStore } from "../../visits/store-sqlite.ts";
import { type RunningApp, readDb, startApp, tempDir } from "./support.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const CLIENT = "203.0.113.77";

let app: RunningApp;
let batcher: ViewBatcher;
let store: SqliteVisitStore;

beforeAll(async () => {
  const dir = tempDir("visits-api-");
  store = new SqliteVisitStore(`${dir}/inquiries.db`);
  batcher = new ViewBatcher({ store, everyMs: 60_000 });
  // A trusted proxy in front (127.0.0.1) names the client, so each test can be its own client.
  app = await startApp({
    dir,
    dbPath: `${dir}/inquiries.db`,
    views: batcher,
    trustedProxies: {
      ranges: [[(await import("ipaddr.js")).default.parse("127.0.0.1"), 32]],
      header: "x-forwarded-for",
    },
  });
});
afterAll(async () => {
  await store.close();
  await app.close();
});

let client = 0;
function view(body: unknown, headers: Record<string, string> = {}, method = "POST"): Promise<Response> {
  return fetch(`${app.url}${visits.endpoint}`, {
    method,
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      "user-agent": BROWSER,
      "x-forwarded-for": `198.51.100.${(client++ % 200) + 1}`,
      ...headers,
    },
    body: method === "POST" || method === "PUT" ? (typeof body === "string" ? body : JSON.stringify(body)) : undefined,
  });
}

/** Writes what the batcher holds and returns every stored row. */
async function flushed(): Promise<ViewCount[]> {
  await batcher.flush();
  return store.counts({ from: "2000-01-01", to: "2100-01-01" });
}
const total = (rows: ViewCount[]) => rows.reduce((sum, row) => sum + row.views, 0);

describe("POST /api/views", () => {
  it("counts a landing view with the referrer's host and campaign tags, and a navigation without them", async () => {
    const before = total(await flushed());
    const landing = await view({
      path: "/about",
      landing: true,
      referrer: "https://www.LinkedIn.com/feed/update/urn:li:activity:1?trk=x",
      source: "LinkedIn",
      medium: "social",
      campaign: "Q4 launch",
    });
    expect(landing.status).toBe(204);
    expect(landing.headers.get("set-cookie")).toBeNull();
    expect((await view({ path: "/", referrer: "https://ignored.example", campaign: "ignored" })).status).toBe(204);
    const rows = await flushed();
    expect(total(rows) - before).toBe(2);
    expect(rows).toContainEqual({
      day: new Date().toISOString().slice(0, 10),
      page: "/about",
      language: "en",
      landing: true,
      referrerHost: "www.linkedin.com",
      utmSource: "linkedin",
      utmMedium: "social",
      utmCampaign: "q4-launch",
      views: 1,
    });
    expect(rows.find((row) => row.page === "/")).toMatchObject({ landing: false, referrerHost: "", utmCampaign: "" });
  });

  it("counts nothing for a bot, a missing user agent, a prefetch, HEAD and GET, or a path that is not a page", async () => {
    const before = total(await flushed());
    const answers = await Promise.all([
      view(
        { path: "/about" },
        { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      ),
      view({ path: "/about" }, { "user-agent": "" }),
      view({ path: "/about" }, { "user-agent": `${BROWSER} HeadlessChrome/131` }),
      view({ path: "/about" }, { "sec-purpose": "prefetch" }),
      view({ path: "/about" }, { purpose: "prefetch" }),
      view({ path: "/about" }, {}, "HEAD"),
      view({ path: "/about" }, {}, "GET"),
      view({ path: "/nope" }),
      view({ path: "/assets/x.js" }),
      view({ path: "/404.html" }),
      fetch(`${app.url}/about`, { method: "HEAD", headers: { "user-agent": BROWSER } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204, 204, 405, 405, 422, 422, 422, 200]);
    expect(total(await flushed())).toBe(before);
  });

  it("refuses hostile input without a stack trace, caps what it counts, and logs nothing of it", async () => {
    const before = total(await flushed());
    const control = "a\u001b[31mred\u0007\nX-Injected: yes\u202e";
    const answers = await Promise.all([
      view("not json"),
      view({ path: "/about", extra: 1 }),
      view({ path: "/about", referrer: `https://${"a".repeat(3000)}.example/` }),
      view({ path: "x".repeat(600) }),
      view({ path: "/about" }, { "content-type": "application/x-www-form-urlencoded" }),
      view(JSON.stringify({ path: "/about", pad: "x".repeat(5000) })),
      view(new Uint8Array([0x7b, 0xff, 0x7d]) as unknown as string),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 415, 413, 400]);
    for (const answer of answers) expect(await answer.text()).not.toMatch(/\bat .+\.ts:\d+/);

    const counted = await Promise.all([
      view({ path: "/about", landing: true, referrer: `${"b".repeat(300)}.example`, campaign: "x".repeat(1000) }),
      view({ path: "/about", landing: true, referrer: control, source: control, medium: "<script>alert(1)</script>" }),
      view({ path: "/about/", landing: true, referrer: "javascript:alert(1)", campaign: "\u0000\u0001" }),
    ]);
    expect(counted.map((answer) => answer.status)).toEqual([204, 204, 204]);
    const rows = await flushed();
    expect(total(rows) - before).toBe(3);
    for (const row of rows) {
      expect(row.referrerHost).toMatch(/^[a-z0-9.-]{0,253}$/);
      for (const tag of [row.utmSource, row.utmMedium, row.utmCampaign]) {
        expect(tag.length).toBeLessThanOrEqual(visits.campaignValueMaxLength);
        expect(tag).toMatch(/^[\p{L}\p{N}._~+-]*$/u);
      }
    }
    expect(rows.map((row) => row.utmMedium)).toContain("script-alert-1-script");
    expect(app.logs).toEqual([]);
  });

  it("bounds the views one client adds in a minute, in memory; other clients still count", async () => {
    const flood = await Promise.all(
      Array.from({ length: visits.viewsPerClientPerMinute + 5 }, () =>
        view({ path: "/" }, { "x-forwarded-for": CLIENT }),
      ),
    );
    const statuses = flood.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(visits.viewsPerClientPerMinute);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const refused = flood.find((answer) => answer.status === 429);
    expect(await refused?.json()).toEqual({
      error: {
        code: "rate_limited",
        message: `more than ${visits.viewsPerClientPerMinute} views a minute from this address`,
      },
    });
    expect((await view({ path: "/" })).status).toBe(204);
  });

  it("stores no IP address and no user agent, in any column of any table", async () => {
    // From CLIENT, with a browser's user agent; a referrer that is an address is not kept either.
    const answers = await Promise.all([
      view(
        { path: "/about", landing: true, referrer: "https://www.example.org/" },
        { "x-forwarded-for": "192.0.2.44" },
      ),
      view({ path: "/about", landing: true, referrer: "http://192.0.2.45:8080/x" }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([204, 204]);
    await flushed();
    const cells = readDb(app.dbPath, (db) => {
      const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as { name: string }[];
      return tables.flatMap(({ name }) =>
        (db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[]).flatMap((row) =>
          Object.values(row).map(String),
        ),
      );
    });
    expect(cells.length).toBeGreaterThan(0);
    const addresses = cells.filter(
      (cell) => /\b\d{1,3}(?:\.\d{1,3}){3}\b/.test(cell) || /198\.51|203\.0|192\.0/.test(cell),
    );
    expect(addresses).toEqual([]);
    expect(cells.filter((cell) => /mozilla|applewebkit|chrome\/|safari/i.test(cell))).toEqual([]);
  });
});
