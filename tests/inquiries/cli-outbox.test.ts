// `inquiries deliveries|redeliver|export --email|erase` on a real SQLite file,
// through the real CLI process where exit codes and the terminal matter.
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { main } from "../../cli/index.ts";
import { SqliteInquiryStore } from "../../inquiries/store-sqlite.ts";
import type { Inquiry } from "../../schemas/inquiry.ts";
import { quickInquiry, removeDir, tempDir } from "../server/support.ts";
import { ensureBundle, runCli, runMain } from "../support/cli.ts";

beforeAll(ensureBundle);

const ESC = String.fromCharCode(27);
let dir: string;
let db: string;
/** Inquiry ids, by name: Ada has two (one with a hostile name), Bob one. */
let ids: Record<string, string>;

beforeEach(async () => {
  dir = tempDir("inquiries-outbox-cli-");
  db = join(dir, "inquiries.db");
  const store = new SqliteInquiryStore(db);
  ids = {};
  const add = async (key: string, overrides: Record<string, unknown>, at: string) => {
    const result = await store.insert(quickInquiry(overrides) as Inquiry, {
      bodyHash: key,
      idempotencyKey: `key-${key}-0000`,
      channels: ["mail", "webhook"],
      now: new Date(at),
    });
    if (!("id" in result)) throw new Error("insert failed");
    ids[key] = result.id;
  };
  await add("ada1", { name: "Ada One", email: "Ada@Example.org" }, "2026-02-01T10:00:00.000Z");
  await add("ada2", { name: `Ada${ESC}[2J Two`, email: "ada@example.ORG" }, "2026-02-02T10:00:00.000Z");
  await add("bob", { name: "Bob", email: "bob@example.org" }, "2026-02-03T10:00:00.000Z");
  // mail: Ada One's sent, Ada Two's dead; webhook: all dead but Bob's, pending.
  const now = new Date("2026-02-04T00:00:00.000Z");
  const mail = await store.claimDue("mail", now, 60_000);
  await store.markSent(mail[0]?.id ?? -1, now);
  await store.markFailed(mail[1]?.id ?? -1, `connect ECONNREFUSED${ESC}]0;x`, null, now);
  const hooks = await store.claimDue("webhook", now, 60_000, 2);
  for (const hook of hooks) await store.markFailed(hook.id, "HTTP 410 Gone", null, now);
  await store.close();
});
afterEach(() => removeDir(dir));

async function statuses() {
  const store = new SqliteInquiryStore(db);
  try {
    return await store.deliveries();
  } finally {
    await store.close();
  }
}

describe("inquiries deliveries", () => {
  it("lists pending and dead messages per channel, escaped for the terminal", async () => {
    const run = await runMain(["inquiries", "deliveries", "--db", db]);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^id +inquiry +channel +status +attempts +next attempt +last error$/);
    // Oldest first: by message, in the order the inquiries arrived.
    expect(lines.slice(1, -1).map((line) => line.split(/ {2,}/).slice(2, 5))).toEqual([
      ["webhook", "dead", "1"],
      ["mail", "dead", "1"],
      ["webhook", "dead", "1"],
      ["mail", "pending", "0"],
      ["webhook", "pending", "0"],
    ]);
    expect(lines.at(-1)).toBe("5 messages");
    expect(run.stdout).toContain("connect ECONNREFUSED\\x1b]0;x");
    expect(run.stdout).not.toContain(ESC);
  });

  it.each([
    ["--dead", ["--dead"], 3],
    ["--pending --channel webhook", ["--pending", "--channel", "webhook"], 1],
    ["--all", ["--all"], 6],
    ["--channel sms", ["--channel", "sms"], 0],
  ])("%s", async (_name, args, count) => {
    const run = await runMain(["inquiries", "deliveries", "--db", db, ...args]);
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split("\n").at(-1)).toBe(
      count === 0 ? "no messages" : `${count} message${count === 1 ? "" : "s"}`,
    );
  });

  it("a database that does not exist: no messages, and no file created", async () => {
    const run = await runMain(["inquiries", "deliveries", "--db", join(dir, "none.db")]);
    expect(run).toEqual({ code: 0, stdout: "no messages\n", stderr: "" });
  });
});

describe("inquiries redeliver", () => {
  it("one message by id: pending, due now, a fresh round", async () => {
    const dead = (await statuses()).find((d) => d.channel === "mail" && d.status === "dead");
    const run = await runMain(["inquiries", "redeliver", String(dead?.id), "--db", db]);
    expect(run).toMatchObject({
      code: 0,
      stdout: "1 message queued again; a running server delivers it within seconds\n",
    });
    expect((await statuses()).find((d) => d.id === dead?.id)).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("--dead --channel webhook, then --dead for the rest", async () => {
    expect((await runMain(["inquiries", "redeliver", "--dead", "--channel", "webhook", "--db", db])).stdout).toMatch(
      /^2 messages queued again/,
    );
    expect((await runMain(["inquiries", "redeliver", "--dead", "--db", db])).stdout).toMatch(/^1 message queued again/);
    expect((await statuses()).filter((d) => d.status === "dead")).toEqual([]);
  });

  it.each([
    ["no target", [], "give a message id, or --dead for every dead message"],
    ["an id and --dead", ["3", "--dead"], "give a message id or --dead, not both"],
    ["an id that is not a number", ["abc"], 'a message id is a whole number, got "abc"'],
    ["an id no message has", ["999"], "no message with id 999"],
  ])("refuses %s with exit 2 (real process)", async (_name, args, message) => {
    const run = await runCli(["inquiries", "redeliver", ...args, "--db", db]);
    expect(run).toMatchObject({ code: 2, stdout: "", stderr: `error: ${message}\n` });
  });
});

describe("inquiries export --email (Art. 15)", () => {
  it("everything about the address, whatever its case, as JSON", async () => {
    const run = await runMain(["inquiries", "export", "--email", "ADA@example.org", "--db", db]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain(ESC);
    const report = JSON.parse(run.stdout) as {
      email: string;
      inquiries: { id: string; name: string }[];
      deliveries: { inquiryId: string; channel: string; status: string }[];
    };
    expect(report.email).toBe("ADA@example.org");
    expect(report.inquiries.map((i) => i.id)).toEqual([ids.ada1, ids.ada2]);
    expect(report.inquiries[1]?.name).toBe(`Ada${ESC}[2J Two`);
    expect(report.deliveries.map((d) => [d.inquiryId, d.channel, d.status])).toEqual([
      [ids.ada1, "mail", "sent"],
      [ids.ada1, "webhook", "dead"],
      [ids.ada2, "mail", "dead"],
      [ids.ada2, "webhook", "dead"],
    ]);
  });

  it("an address with nothing stored: empty lists", async () => {
    const run = await runMain(["inquiries", "export", "--email", "nobody@example.org", "--db", db]);
    expect(JSON.parse(run.stdout)).toMatchObject({ inquiries: [], deliveries: [] });
  });

  it("not an address: exit 2 (real process)", async () => {
    const run = await runCli(["inquiries", "export", "--email", "not-an-address", "--db", db]);
    expect(run).toMatchObject({
      code: 2,
      stdout: "",
      stderr: 'error: --email: expected an e-mail address, got "not-an-address"\n',
    });
  });
});

describe("inquiries erase --email (Art. 17)", () => {
  it("not on a terminal and without --yes: shows what it would delete, deletes nothing, exit 2 (real process)", async () => {
    const run = await runCli(["inquiries", "erase", "--email", "ada@EXAMPLE.org", "--db", db]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `stored for ada@EXAMPLE.org: 2 inquiries (${ids.ada1?.slice(0, 8)} of 2026-02-01, ${ids.ada2?.slice(0, 8)} of 2026-02-02) and 4 messages of their delivery\n` +
        "error: not on a terminal, so nothing was deleted: add --yes to erase without asking\n",
    );
    expect(await statuses()).toHaveLength(6);
  });

  it("with --yes: deletes the inquiries and their messages, says how many; again deletes nothing (real process)", async () => {
    const run = await runCli(["inquiries", "erase", "--email", "ada@EXAMPLE.org", "--yes", "--db", db]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("erased 2 inquiries and 4 messages for ada@EXAMPLE.org\n");
    expect((await statuses()).map((d) => d.inquiryId)).toEqual([ids.bob, ids.bob]);
    const again = await runCli(["inquiries", "erase", "--email", "ada@example.org", "--yes", "--db", db]);
    expect(again).toEqual({ code: 0, stdout: "erased 0 inquiries and 0 messages for ada@example.org\n", stderr: "" });
    const exported = JSON.parse(
      (await runMain(["inquiries", "export", "--email", "ada@example.org", "--db", db])).stdout,
    );
    expect(exported).toMatchObject({ inquiries: [], deliveries: [] });
  });

  it.each([
    ["answered yes", true, 0, "erased 2 inquiries and 4 messages for ada@example.org\n", 2],
    ["answered no", false, 1, "nothing deleted\n", 6],
  ])("on a terminal, asks first: %s", async (_name, answer, code, stdout, left) => {
    const questions: string[] = [];
    let out = "";
    const exit = await main(["inquiries", "erase", "--email", "ada@example.org", "--db", db], {
      stdout: { write: (text: string) => (out += text) },
      stderr: { write: () => true },
      env: {},
      confirm: async (question) => {
        questions.push(question);
        return answer;
      },
    });
    expect(exit).toBe(code);
    expect(out).toBe(stdout);
    expect(questions).toEqual(["delete them for good?"]);
    expect(await statuses()).toHaveLength(left);
  });
});
