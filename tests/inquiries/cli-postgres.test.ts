// The `inquiries` commands on PostgreSQL, and `inquiries migrate --to`: a
// real SQLite file with messages in every delivery state and daily view counts, copied twice into
// a real PostgreSQL database, counted on both sides.
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SqliteInquiryStore } from "../../inquiries/store-sqlite.ts";
import type { Inquiry } from "../../schemas/inquiry.ts";
import type { ViewCount } from "../../visits/key.ts";
import { PostgresVisitStore } from "../../visits/store-postgres.ts";
import { SqliteVisitStore } from "../../visits/store-sqlite.ts";
import { fullInquiry, quickInquiry, removeDir, tempDir } from "../server/support.ts";
import { runMain } from "../support/cli.ts";
import { freshDatabaseUrl, postgresUrl, queryDb } from "../support/postgres.ts";
import { viewCount } from "../visits/support.ts";

const dir = tempDir("inquiries-migrate-");
afterAll(() => removeDir(dir));
const T0 = new Date("2026-02-01T09:00:00.000Z");

/** A SQLite file with 3 inquiries and 5 messages: sent, dead, pending (due later), and 2 never tried. */
async function sqliteFile(): Promise<string> {
  const path = join(dir, `source-${Math.random().toString(36).slice(2)}.db`);
  const store = new SqliteInquiryStore(path);
  const insert = async (inquiry: unknown, key: string | undefined, channels: string[]) => {
    const result = await store.insert(inquiry as Inquiry, {
      bodyHash: `hash-${key}`,
      idempotencyKey: key,
      channels,
      now: T0,
    });
    if (!("id" in result)) throw new Error("conflict");
    return result.id;
  };
  await insert(quickInquiry({ email: "Grace@Cobol.example" }), "key-one-1", ["mail", "webhook"]);
  // Written on a German page: the language comes along (the lists below compare every field).
  await insert(fullInquiry({ language: "de" }), "key-two-2", ["mail", "webhook"]);
  await insert(quickInquiry({ name: "No Key" }), undefined, ["mail"]);
  const [sent, dead, retried] = await store.claimDue("mail", T0, 60_000, 3);
  await store.markSent(sent?.id ?? 0, new Date(T0.getTime() + 1000));
  await store.markFailed(dead?.id ?? 0, "550 no such user", null, new Date(T0.getTime() + 2000));
  await store.markFailed(retried?.id ?? 0, "timeout", new Date(T0.getTime() + 90_000), new Date(T0.getTime() + 3000));
  await store.close();
  // Two days of page views, one row a landing from a campaign.
  const views = new SqliteVisitStore(path);
  await views.add([
    viewCount({ day: "2026-01-31", views: 7 }),
    viewCount({ day: "2026-02-01", page: "/", language: "de", landing: true, utmCampaign: "q1", views: 3 }),
  ]);
  await views.close();
  return path;
}

describe.skipIf(!postgresUrl())("inquiries on PostgreSQL", () => {
  it("migrate --to copies inquiries and delivery state, verifies the counts, and a second run copies nothing", async () => {
    const file = await sqliteFile();
    const url = await freshDatabaseUrl();
    const first = await runMain(["inquiries", "migrate", "--db", file, "--to", url]);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^inquiries\s+3\s+3\s+0\s+3$/m);
    expect(first.stdout).toMatch(/^deliveries\s+5\s+5\s+0\s+5$/m);
    expect(first.stdout).toMatch(/^daily view counts\s+2\s+2\s+0\s+2$/m);
    expect(first.stdout).toContain("verified: every row of the file is in PostgreSQL");

    const again = await runMain(["inquiries", "migrate", "--db", file, "--to", url]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^inquiries\s+3\s+0\s+3\s+3$/m);
    expect(again.stdout).toMatch(/^deliveries\s+5\s+0\s+5\s+5$/m);
    // Copied once: a second run adds nothing to a day's views.
    expect(again.stdout).toMatch(/^daily view counts\s+2\s+0\s+2\s+2$/m);
    const range = { from: "2026-01-01", to: "2026-12-31" };
    const [fromViews, toViews] = [new SqliteVisitStore(file), await PostgresVisitStore.open(url)];
    try {
      const sorted = (rows: ViewCount[]) => [...rows].sort((a, b) => a.day.localeCompare(b.day));
      expect(sorted(await toViews.counts(range))).toEqual(sorted(await fromViews.counts(range)));
    } finally {
      await Promise.all([fromViews.close(), toViews.close()]);
    }

    // The same store API on both sides sees the same thing.
    const { openInquiryStore } = await import("../../inquiries/open-store.ts");
    const [from, to] = [await openInquiryStore(file), await openInquiryStore(url)];
    try {
      expect(await to.list()).toEqual(await from.list());
      const strip = (d: { id: number }) => ({ ...d, id: 0 });
      expect((await to.deliveries()).map(strip)).toEqual((await from.deliveries()).map(strip));
      expect((await to.findByEmail("GRACE@cobol.example")).inquiries).toHaveLength(2);
      // Idempotency keys came along: a retry after the move replays, it does not store twice.
      expect(
        await to.insert(quickInquiry({ email: "Grace@Cobol.example" }) as Inquiry, {
          idempotencyKey: "key-one-1",
          bodyHash: "hash-key-one-1",
          channels: ["mail"],
        }),
      ).toMatchObject({ replayed: true });
    } finally {
      await Promise.all([from.close(), to.close()]);
    }
    const [rows] = await queryDb<{ n: string }>(url, "SELECT count(*) AS n FROM inquiries");
    expect(rows?.n).toBe("3");
  });

  it("migrate --to copies a file whose older rows hold NUL (stored before input hygiene), as U+FFFD", async () => {
    const file = join(dir, "legacy-nul.db");
    const store = new SqliteInquiryStore(file);
    const stored = await store.insert(
      quickInquiry({ name: "Ada\u0000Lovelace", message: "hi\u0000there" }) as Inquiry,
      {
        bodyHash: "h",
        channels: ["mail"],
        now: T0,
      },
    );
    const [item] = await store.claimDue("mail", T0, 60_000);
    await store.markFailed(item?.id ?? 0, "550 bad\u0000byte", null, new Date(T0.getTime() + 1000));
    await store.close();
    const url = await freshDatabaseUrl();
    const result = await runMain(["inquiries", "migrate", "--db", file, "--to", url]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^inquiries\s+1\s+1\s+0\s+1$/m);
    expect(result.stdout).toMatch(/^deliveries\s+1\s+1\s+0\s+1$/m);
    const [row] = await queryDb<{ name: string; message: string }>(url, "SELECT name, message FROM inquiries");
    expect(row).toEqual({ name: "Ada\uFFFDLovelace", message: "hi\uFFFDthere" });
    const [message] = await queryDb<{ last_error: string }>(url, "SELECT last_error FROM outbox");
    expect(message?.last_error).toBe("550 bad\uFFFDbyte");
    expect("id" in stored).toBe(true);
  });

  it("list reads PostgreSQL with --database or $DATABASE_URL", async () => {
    const file = await sqliteFile();
    const url = await freshDatabaseUrl();
    expect((await runMain(["inquiries", "migrate", "--db", file, "--to", url])).code).toBe(0);
    for (const run of [
      () => runMain(["inquiries", "list", "--database", url]),
      () => runMain(["inquiries", "list"], { DATABASE_URL: url }),
    ]) {
      const { code, stdout } = await run();
      expect(code).toBe(0);
      expect(stdout).toContain("3 inquiries");
      expect(stdout).toContain("Grace Hopper");
    }
  });

  it("deliveries, redeliver, export --email and erase work on PostgreSQL as on SQLite", async () => {
    const file = await sqliteFile();
    const url = await freshDatabaseUrl();
    expect((await runMain(["inquiries", "migrate", "--db", file, "--to", url])).code).toBe(0);
    const env = { DATABASE_URL: url };

    const dead = await runMain(["inquiries", "deliveries", "--dead"], env);
    expect(dead.code).toBe(0);
    expect(dead.stdout).toContain("1 message");
    const again = await runMain(["inquiries", "redeliver", "--dead"], env);
    expect(again.stdout).toMatch(/^1 message queued again/);
    expect((await runMain(["inquiries", "deliveries", "--dead"], env)).stdout).toContain("no messages");

    const exported = await runMain(["inquiries", "export", "--email", "GRACE@cobol.example"], env);
    expect(exported.code).toBe(0);
    expect((JSON.parse(exported.stdout) as { inquiries: unknown[] }).inquiries).toHaveLength(2);

    const erased = await runMain(["inquiries", "erase", "--email", "grace@COBOL.example", "--yes", "--database", url]);
    expect(erased.code).toBe(0);
    const [left] = await queryDb<{ n: string }>(url, "SELECT count(*) AS n FROM inquiries");
    expect(left?.n).toBe("1");
  });

  it.each<[string, string[], RegExp]>([
    [
      "--to of another scheme",
      ["migrate", "--to", "mysql://h/db"],
      /--to \(PostgreSQL h\/db\): expected a postgres:\/\//,
    ],
    [
      "a database that is not there",
      ["list", "--database", "postgres://u:pw@127.0.0.1:1/none"],
      /cannot open the inquiry database \(PostgreSQL 127\.0\.0\.1:1\/none\)/,
    ],
  ])("a usage error for %s, without the password", async (_name, args, message) => {
    const { code, stderr } = await runMain(["inquiries", ...args, "--db", join(dir, "absent.db")]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).not.toContain("pw");
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
