// The InquiryStore contract: what every store (SQLite, PostgreSQL) keeps,
// run against a real one. Each test opens a fresh, empty store; time is
// passed in (`now`), never read from the clock, so leases and retention are exact.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { InquiryStore, InsertOptions } from "../../inquiries/store.ts";
import type { Inquiry } from "../../schemas/inquiry.ts";
import { locales } from "../../site/generated/locales.ts";
import { fullInquiry, quickInquiry } from "../server/fixtures.ts";

const T0 = new Date("2026-03-01T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const DAY = 86_400_000;
const LEASE = 60_000;

/** An inquiry stored without an origin (an API client's, or one from before origins were kept). */
const NO_ORIGIN = {
  sentFrom: null,
  landingPage: null,
  referrerHost: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
};

const quick = (overrides: Record<string, unknown> = {}) => quickInquiry(overrides) as Inquiry;

/** Runs the contract against stores made by `open` (a fresh, empty store each call). */
export function describeStoreContract(name: string, open: () => Promise<InquiryStore>): void {
  describe(`InquiryStore contract: ${name}`, () => {
    let store: InquiryStore;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    /** Inserts and returns the new id (fails the test on a replay or conflict). */
    async function insert(inquiry: Inquiry, options: Partial<InsertOptions> = {}): Promise<string> {
      const result = await store.insert(inquiry, { bodyHash: "h", channels: ["mail"], now: T0, ...options });
      if (!("id" in result) || result.replayed)
        throw new Error(`expected a new inquiry, got ${JSON.stringify(result)}`);
      return result.id;
    }

    it("describes itself without a password", () => {
      expect(store.description).toMatch(/^(SQLite|PostgreSQL) /);
      expect(store.description).not.toMatch(/:[^/@\s]+@/);
    });

    it("ping: answers while the database does, rejects once it is closed (the server's readiness)", async () => {
      await expect(store.ping()).resolves.toBeUndefined();
      await store.close();
      await expect(store.ping()).rejects.toThrow();
    });

    describe("insert, get, list, count", () => {
      it("stores every field and reads it back", async () => {
        const full = fullInquiry() as Inquiry & { kind: "full" };
        const id = await insert(full);
        expect(await store.get(id)).toEqual({
          id,
          receivedAt: T0.toISOString(),
          kind: "full",
          name: full.name,
          email: full.email,
          company: full.company,
          role: full.role,
          arr: full.arr,
          industry: full.industry,
          challenges: full.challenges,
          objectives: full.objectives,
          timeline: full.timeline ?? null,
          message: null,
          language: full.language,
          ...NO_ORIGIN,
        });
        expect(await store.get("00000000-0000-0000-0000-000000000000")).toBeUndefined();
        expect(await store.count()).toBe(1);
      });

      it("stores where the visit came from with the inquiry, reads it back everywhere, and erases it with it", async () => {
        const origin = {
          sentFrom: "/de/contact",
          landingPage: "/insights/crm-hygiene",
          referrerHost: "www.linkedin.com",
          utmSource: "linkedin",
          utmMedium: "social",
          utmCampaign: "q4-launch",
        };
        const id = await insert(quick(), { origin });
        expect(await store.get(id)).toMatchObject(origin);
        expect((await store.list())[0]).toMatchObject(origin);
        expect((await store.findByEmail(quickInquiry().email as string)).inquiries[0]).toMatchObject(origin);
        expect(await store.eraseByEmail(quickInquiry().email as string)).toMatchObject({ inquiries: 1 });
        expect(await store.count()).toBe(0);
      });

      it("stores the language each inquiry was written in, and reads it back in get, list and findByEmail", async () => {
        const ids: [string, string][] = [];
        for (const { code } of locales) ids.push([code, await insert(quick({ language: code, name: code }))]);
        for (const [code, id] of ids) expect((await store.get(id))?.language).toBe(code);
        expect((await store.list()).map((i) => i.language)).toEqual(locales.map(({ code }) => code));
        const { inquiries } = await store.findByEmail(quickInquiry().email as string);
        expect(inquiries.map((i) => i.language)).toEqual(locales.map(({ code }) => code));
      });

      it("lists oldest first, and since a date", async () => {
        const a = await insert(quick({ name: "A" }), { now: at(0) });
        const b = await insert(quick({ name: "B" }), { now: at(2000) });
        expect((await store.list()).map((i) => i.id)).toEqual([a, b]);
        expect((await store.list(at(1000))).map((i) => i.id)).toEqual([b]);
      });

      it("an idempotency key stores one row: the same body replays the id, another body conflicts", async () => {
        const id = await insert(quick(), { idempotencyKey: "key-12345", bodyHash: "one" });
        expect(
          await store.insert(quick(), { idempotencyKey: "key-12345", bodyHash: "one", channels: ["mail"] }),
        ).toEqual({ id, replayed: true });
        expect(
          await store.insert(quick(), { idempotencyKey: "key-12345", bodyHash: "two", channels: ["mail"] }),
        ).toEqual({ conflict: true });
        expect(await store.count()).toBe(1);
        expect(await store.deliveries()).toHaveLength(1);
      });

      it("one pending message per channel, created with the inquiry", async () => {
        const id = await insert(quick(), { channels: ["mail", "webhook"] });
        const rows = await store.deliveries();
        expect(rows.map((d) => [d.inquiryId, d.channel, d.status, d.attempts])).toEqual([
          [id, "mail", "pending", 0],
          [id, "webhook", "pending", 0],
        ]);
        expect(rows[0]).toMatchObject({ createdAt: T0.toISOString(), lastError: null, sentAt: null, deadAt: null });
        expect(await store.outboxStatus()).toEqual({ pending: 2, sent: 0, dead: 0 });
        expect(await store.outboxStatus("webhook")).toEqual({ pending: 1, sent: 0, dead: 0 });
      });
    });

    describe("claims and leases", () => {
      it("claims a channel's due messages oldest first, up to the limit, and leases them", async () => {
        const ids = [];
        for (let i = 0; i < 3; i++) ids.push(await insert(quick({ name: `N${i}` }), { channels: ["mail", "webhook"] }));
        const claimed = await store.claimDue("mail", at(0), LEASE, 2);
        expect(claimed.map((c) => [c.inquiryId, c.channel, c.attempts])).toEqual([
          [ids[0], "mail", 0],
          [ids[1], "mail", 0],
        ]);
        // Leased: not claimed again, by this or any server, until the lease runs out.
        expect((await store.claimDue("mail", at(1), LEASE)).map((c) => c.inquiryId)).toEqual([ids[2]]);
        expect(await store.claimDue("mail", at(LEASE - 1), LEASE)).toEqual([]);
        const leased = await store.deliveries({ channel: "mail" });
        expect(leased[0]?.nextAttemptAt).toBe(at(LEASE).toISOString());
        // A server that died while delivering: after the lease the message is claimed again.
        expect((await store.claimDue("mail", at(LEASE), LEASE)).map((c) => c.inquiryId)).toEqual([ids[0], ids[1]]);
        // The other channel has its own state.
        expect(await store.claimDue("webhook", at(0), LEASE)).toHaveLength(3);
      });

      it("two claims at once never hand out the same message", async () => {
        for (let i = 0; i < 10; i++) await insert(quick({ name: `N${i}` }));
        const [a, b] = await Promise.all([
          store.claimDue("mail", at(0), LEASE, 6),
          store.claimDue("mail", at(0), LEASE, 6),
        ]);
        const ids = [...(a ?? []), ...(b ?? [])].map((c) => c.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).toHaveLength(10);
      });

      it("markSent: sent once, never claimed again", async () => {
        await insert(quick());
        const [item] = await store.claimDue("mail", at(0), LEASE);
        await store.markSent(item?.id ?? -1, at(10));
        expect(await store.claimDue("mail", at(10 * DAY), LEASE)).toEqual([]);
        expect(await store.deliveries()).toEqual([
          expect.objectContaining({ status: "sent", attempts: 1, sentAt: at(10).toISOString(), nextAttemptAt: null }),
        ]);
      });

      it("markFailed: due again at the next attempt; dead when there is none", async () => {
        await insert(quick());
        const [item] = await store.claimDue("mail", at(0), LEASE);
        const id = item?.id ?? -1;
        await store.markFailed(id, "connect ECONNREFUSED", at(5000), at(10));
        expect(await store.claimDue("mail", at(4999), LEASE)).toEqual([]);
        const [again] = await store.claimDue("mail", at(5000), LEASE);
        expect(again).toMatchObject({ id, attempts: 1 });
        await store.markFailed(id, "still down", null, at(6000));
        expect(await store.claimDue("mail", at(100 * DAY), LEASE)).toEqual([]);
        expect(await store.deliveries({ status: ["dead"] })).toEqual([
          expect.objectContaining({
            id,
            status: "dead",
            attempts: 2,
            lastError: "still down",
            deadAt: at(6000).toISOString(),
            nextAttemptAt: null,
          }),
        ]);
        expect(await store.outboxStatus()).toEqual({ pending: 0, sent: 0, dead: 1 });
      });
    });

    describe("release: claims given back unattempted", () => {
      it("due again at the given time, attempts unchanged, before the lease ends", async () => {
        for (let i = 0; i < 3; i++) await insert(quick({ name: `N${i}` }));
        const claimed = await store.claimDue("mail", at(0), LEASE);
        const [, ...rest] = claimed;
        expect(
          await store.release(
            rest.map((c) => c.id),
            at(2000),
            at(LEASE),
          ),
        ).toBe(2);
        expect(await store.claimDue("mail", at(1999), LEASE)).toEqual([]);
        const again = await store.claimDue("mail", at(2000), LEASE);
        expect(again).toEqual(rest.map((c) => ({ ...c, attempts: 0 })));
        // The one not given back keeps its lease.
        expect((await store.deliveries()).map((d) => d.nextAttemptAt)).toEqual([
          at(LEASE).toISOString(),
          at(2000 + LEASE).toISOString(),
          at(2000 + LEASE).toISOString(),
        ]);
      });

      it("leaves alone a message claimed since by another server, or settled", async () => {
        for (let i = 0; i < 2; i++) await insert(quick({ name: `N${i}` }));
        const [first, second] = await store.claimDue("mail", at(0), LEASE);
        // The lease ran out: another server claimed the first; the second was delivered.
        await store.claimDue("mail", at(LEASE), LEASE, 1);
        await store.markSent(second?.id ?? -1, at(LEASE + 10));
        expect(await store.release([first?.id ?? -1, second?.id ?? -1], at(LEASE + 20), at(LEASE))).toBe(0);
        expect((await store.deliveries()).map((d) => [d.status, d.nextAttemptAt])).toEqual([
          ["pending", at(2 * LEASE).toISOString()],
          ["sent", null],
        ]);
        expect(await store.release([], at(0), at(LEASE))).toBe(0);
      });
    });

    describe("a server whose lease ran out (its attempt overran)", () => {
      it("its late failure does not undo a delivery another server settled", async () => {
        await insert(quick());
        const [late] = await store.claimDue("mail", at(0), LEASE);
        const [again] = await store.claimDue("mail", at(LEASE), LEASE);
        expect(again?.id).toBe(late?.id);
        await store.markSent(again?.id ?? -1, at(LEASE + 10));
        await store.markFailed(late?.id ?? -1, "timeout", at(LEASE + 5000), at(LEASE + 20), at(LEASE));
        await store.markFailed(late?.id ?? -1, "timeout", null, at(LEASE + 30), at(LEASE));
        expect(await store.claimDue("mail", at(10 * DAY), LEASE)).toEqual([]);
        expect(await store.outboxStatus()).toEqual({ pending: 0, sent: 1, dead: 0 });
      });

      it("its late result does not cut short the lease of the server delivering now", async () => {
        await insert(quick());
        const [late] = await store.claimDue("mail", at(0), LEASE);
        await store.claimDue("mail", at(LEASE), LEASE);
        // The first server's attempt fails late and asks for a retry in 5 s: the second still holds the message.
        await store.markFailed(late?.id ?? -1, "timeout", at(LEASE + 5000), at(LEASE + 20), at(LEASE));
        expect(await store.claimDue("mail", at(LEASE + 5000), LEASE)).toEqual([]);
        expect(await store.outboxStatus()).toEqual({ pending: 1, sent: 0, dead: 0 });
        expect((await store.deliveries())[0]).toMatchObject({
          attempts: 0,
          nextAttemptAt: at(2 * LEASE).toISOString(),
        });
        // A late success is a fact: it is recorded, and the second server's failure then changes nothing.
        await store.markSent(late?.id ?? -1, at(LEASE + 30));
        await store.markFailed(late?.id ?? -1, "timeout", null, at(LEASE + 40), at(2 * LEASE));
        expect(await store.outboxStatus()).toEqual({ pending: 0, sent: 1, dead: 0 });
      });
    });

    describe("deliveries and redeliver", () => {
      /** Three inquiries on two channels: mail 1 sent, mail 2 dead, mail 3 pending, webhook 1-3 dead. */
      async function mixed(): Promise<number[]> {
        for (let i = 0; i < 3; i++) await insert(quick({ name: `N${i}` }), { channels: ["mail", "webhook"] });
        const mail = await store.claimDue("mail", at(0), LEASE);
        await store.markSent(mail[0]?.id ?? -1, at(1));
        await store.markFailed(mail[1]?.id ?? -1, "550 rejected", null, at(1));
        for (const item of await store.claimDue("webhook", at(0), LEASE))
          await store.markFailed(item.id, "410", null, at(1));
        return mail.map((m) => m.id);
      }

      it("filters by channel and state, oldest first", async () => {
        const mail = await mixed();
        expect((await store.deliveries({ channel: "mail" })).map((d) => d.status)).toEqual(["sent", "dead", "pending"]);
        expect((await store.deliveries({ status: ["dead", "pending"], channel: "mail" })).map((d) => d.id)).toEqual(
          mail.slice(1),
        );
        expect(await store.deliveries({ status: ["dead"] })).toHaveLength(4);
        expect(await store.deliveries({ channel: "sms" })).toEqual([]);
      });

      it("redeliver by id: pending, due now, attempts counted afresh", async () => {
        const mail = await mixed();
        expect(await store.redeliver({ id: mail[1] ?? -1 }, at(DAY))).toBe(1);
        expect(await store.redeliver({ id: 999_999 }, at(DAY))).toBe(0);
        const [item] = await store.claimDue("mail", at(DAY), LEASE);
        expect(item).toMatchObject({ id: mail[1], attempts: 0 });
        expect(await store.outboxStatus("mail")).toEqual({ pending: 2, sent: 1, dead: 0 });
      });

      it("redeliver --dead, of one channel or of all", async () => {
        await mixed();
        expect(await store.redeliver({ dead: true, channel: "webhook" }, at(DAY))).toBe(3);
        expect(await store.outboxStatus("webhook")).toEqual({ pending: 3, sent: 0, dead: 0 });
        expect(await store.redeliver({ dead: true }, at(DAY))).toBe(1);
        expect(await store.redeliver({ dead: true }, at(DAY))).toBe(0);
        expect(await store.outboxStatus()).toEqual({ pending: 5, sent: 1, dead: 0 });
      });
    });

    describe("access and erasure", () => {
      it("finds an address's inquiries and deliveries whatever its case", async () => {
        const a = await insert(quick({ email: "Grace.Hopper@Cobol.example" }), { channels: ["mail", "webhook"] });
        const b = await insert(quick({ email: "grace.hopper@cobol.example" }), { now: at(1000) });
        await insert(quick({ email: "someone@else.example" }));
        const found = await store.findByEmail("GRACE.HOPPER@cobol.EXAMPLE");
        expect(found.inquiries.map((i) => i.id)).toEqual([a, b]);
        expect(found.deliveries.map((d) => [d.inquiryId, d.channel])).toEqual([
          [a, "mail"],
          [a, "webhook"],
          [b, "mail"],
        ]);
        expect(await store.findByEmail("nobody@cobol.example")).toEqual({ inquiries: [], deliveries: [] });
      });

      it("erases an address's inquiries with their messages and idempotency keys; again erases nothing", async () => {
        await insert(quick({ email: "Ada@Example.org" }), {
          idempotencyKey: "erase-key-1",
          channels: ["mail", "webhook"],
        });
        await insert(quick({ email: "ada@example.org" }));
        const other = await insert(quick({ email: "other@example.org" }));
        expect(await store.eraseByEmail("ADA@example.ORG")).toEqual({ inquiries: 2, deliveries: 3 });
        expect(await store.eraseByEmail("ada@example.org")).toEqual({ inquiries: 0, deliveries: 0 });
        expect((await store.list()).map((i) => i.id)).toEqual([other]);
        expect(await store.deliveries()).toHaveLength(1);
        // The key is free again: the same request stores anew.
        const again = await store.insert(quick(), { idempotencyKey: "erase-key-1", bodyHash: "x", channels: [] });
        expect(again).toMatchObject({ replayed: false });
      });
    });

    describe("retention purge", () => {
      it("deletes inquiries older than the period with their messages and keys; younger ones stay", async () => {
        const now = at(181 * DAY);
        const old = await insert(quick({ name: "Old" }), {
          now: at(0),
          idempotencyKey: "old-key-1",
          channels: ["mail", "webhook"],
        });
        const young = await insert(quick({ name: "Young" }), { now: at(2 * DAY), channels: ["mail"] });
        const counts = await store.purge({ inquiriesBefore: at(DAY), deadBefore: at(0), now });
        expect(counts).toEqual({ inquiries: 1, deliveries: 2, rateLimitWindows: 0 });
        expect(await store.get(old)).toBeUndefined();
        expect((await store.list()).map((i) => i.id)).toEqual([young]);
        expect((await store.deliveries()).map((d) => d.inquiryId)).toEqual([young]);
        const again = await store.insert(quick(), { idempotencyKey: "old-key-1", bodyHash: "x", channels: [], now });
        expect(again).toMatchObject({ replayed: false });
        expect(await store.purge({ inquiriesBefore: at(DAY), deadBefore: at(0), now })).toEqual({
          inquiries: 0,
          deliveries: 0,
          rateLimitWindows: 0,
        });
      });

      it("deletes dead messages past their own period; the inquiry, younger ones and live messages stay", async () => {
        const id = await insert(quick(), { channels: ["mail", "webhook"] });
        const [mail] = await store.claimDue("mail", at(0), LEASE);
        const [hook] = await store.claimDue("webhook", at(0), LEASE);
        await store.markFailed(mail?.id ?? -1, "gone", null, at(DAY));
        await store.markFailed(hook?.id ?? -1, "gone", null, at(3 * DAY));
        const counts = await store.purge({ inquiriesBefore: at(0), deadBefore: at(2 * DAY), now: at(4 * DAY) });
        expect(counts).toEqual({ inquiries: 0, deliveries: 1, rateLimitWindows: 0 });
        expect((await store.deliveries()).map((d) => [d.inquiryId, d.channel])).toEqual([[id, "webhook"]]);
      });

      it("deletes rate-limit windows that have ended", async () => {
        // (A store may also sweep ended windows as it counts hits: PostgreSQL's does. So no hit between.)
        await store.hit("a", 60_000, at(0));
        await store.hit("b", 60_000, at(0));
        const counts = await store.purge({ inquiriesBefore: at(0), deadBefore: at(0), now: at(60_000) });
        expect(counts).toEqual({ inquiries: 0, deliveries: 0, rateLimitWindows: 2 });
        expect(await store.hit("a", 60_000, at(60_001))).toEqual({ hits: 1, resetAt: at(120_000) });
      });
    });

    describe("rate-limit counters", () => {
      it("counts hits per key in fixed windows, and takes one back", async () => {
        expect(await store.hit("k", 60_000, at(0))).toEqual({ hits: 1, resetAt: at(60_000) });
        expect(await store.hit("k", 60_000, at(59_999))).toEqual({ hits: 2, resetAt: at(60_000) });
        expect(await store.hit("other", 60_000, at(1))).toEqual({ hits: 1, resetAt: at(60_000) });
        await store.unhit("k", 60_000, at(30_000));
        expect(await store.hit("k", 60_000, at(30_000))).toEqual({ hits: 2, resetAt: at(60_000) });
        // A new window starts afresh.
        expect(await store.hit("k", 60_000, at(60_000))).toEqual({ hits: 1, resetAt: at(120_000) });
        // Taking back more than was counted never goes below zero.
        await store.unhit("new", 60_000, at(0));
        await store.unhit("other", 60_000, at(0));
        await store.unhit("other", 60_000, at(0));
        expect(await store.hit("other", 60_000, at(0))).toEqual({ hits: 1, resetAt: at(60_000) });
      });

      it("hits at once all count", async () => {
        const results = await Promise.all(Array.from({ length: 20 }, () => store.hit("burst", 60_000, at(0))));
        expect(results.map((r) => r.hits).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      });
    });
  });
}
