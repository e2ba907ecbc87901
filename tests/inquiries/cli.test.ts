// `inquiries list` and `inquiries export` on a real SQLite file holding
// hostile text (rows stored before the boundary refused it, or by an older
// version): the terminal sees escapes, a spreadsheet sees text, JSON stays lossless.
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../cli/index.ts";
import { suggestionsText, suggestMatches } from "../../inquiries/match.ts";
import { SqliteInquiryStore } from "../../inquiries/store-sqlite.ts";
import type { Inquiry } from "../../schemas/inquiry.ts";
import { consultants } from "../../site/generated/consultants.ts";
import { defaultLocale } from "../../site/generated/locales.ts";
import { fullInquiry, removeDir, tempDir } from "../server/support.ts";
import { runMain } from "../support/cli.ts";

const ESC = String.fromCharCode(27);
const BEL = String.fromCharCode(7);
const CSI = String.fromCharCode(0x9b);
/** What a terminal would act on (control characters, bidi controls); line breaks are taken out first. */
const UNSAFE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/u;
const rawControls = (output: string) => output.replaceAll("\n", "").match(UNSAFE);

const hostile = {
  kind: "quick",
  language: defaultLocale,
  name: `Mallory${ESC}]0;owned${BEL}`,
  email: "mallory@evil.example",
  company: `=HYPERLINK("http://evil.example","Acme")`,
  message: `line one\r\n${ESC}[2J${CSI}2J cleared \u202egnp.exe\nline two`,
} as unknown as Inquiry;
const formulas = ["+1+1", "-2+3", "@SUM(A1)"];
/** A contact-page inquiry, written on a German page: it gets suggested consultants, and is answered in German. */
const full = fullInquiry({ name: "Full Form", company: "Matchable Ltd", language: "de" }) as Inquiry;
const suggested = suggestMatches(full as { industry: string; arr: string }, consultants);

let dir: string;
let db: string;

beforeAll(async () => {
  dir = tempDir("inquiries-cli-");
  db = join(dir, "inquiries.db");
  const store = new SqliteInquiryStore(db);
  // Straight into the store, past the schema: what an older version may have kept.
  await store.insert(hostile, { bodyHash: "h1", channels: [] });
  for (const [i, company] of formulas.entries()) {
    await store.insert(
      { kind: "quick", language: defaultLocale, name: `F${i}`, email: "f@x.example", company, message: "m" } as Inquiry,
      {
        bodyHash: `f${i}`,
        channels: [],
      },
    );
  }
  await store.insert(full, { bodyHash: "full", channels: [] });
  await store.close();
});

afterAll(() => removeDir(dir));

/** main() with a stdout that says it is a terminal. */
async function onTerminal(args: string[]): Promise<string> {
  let stdout = "";
  const code = await main(args, {
    stdout: { isTTY: true, write: (text: string) => (stdout += text) },
    stderr: { write: () => true },
    env: {},
  });
  expect(code).toBe(0);
  return stdout;
}

describe("inquiries list", () => {
  it("shows control and bidi characters escaped, never raw", async () => {
    const run = await runMain(["inquiries", "list", "--db", db]);
    expect(run.code).toBe(0);
    expect(rawControls(run.stdout)).toBeNull();
    expect(run.stdout).toContain("Mallory\\x1b]0;owned\\x07");
    expect(run.stdout.split("\n").at(-2)).toBe(`${2 + formulas.length} inquiries`);
  });

  it("shows the suggested consultants of a contact-page inquiry, none for a quick one", async () => {
    const run = await runMain(["inquiries", "list", "--db", db]);
    expect(suggested.length).toBeGreaterThan(0);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toMatch(/ suggested$/);
    expect(lines.find((line) => line.includes("Full Form"))).toMatch(
      new RegExp(` ${suggested.map((s) => s.name).join(", ")}$`),
    );
    expect(lines.find((line) => line.includes("Mallory"))).toMatch(/ [0-9a-f]{8}$/);
  });

  it("with a data folder that has errors: the inquiries all the same, without suggestions, and a note", async () => {
    const run = await runMain(["inquiries", "list", "--db", db, "--data", join(dir, "no-data")]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^note: no suggested consultants: .*no-data has errors \(run `npm run validate`\)\n$/);
    expect(run.stdout).toContain("Full Form");
    expect(run.stdout).not.toContain(suggested[0]?.name);
  });
});

describe("inquiries export", () => {
  it("CSV: formula-leading cells are prefixed with ' so a spreadsheet shows them as text", async () => {
    const run = await runMain(["inquiries", "export", "--db", db, "--format", "csv"]);
    expect(run.code).toBe(0);
    const rows = parse(run.stdout, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.company)).toEqual([
      `'${hostile.company}`,
      ...formulas.map((f) => `'${f}`),
      full.company,
    ]);
    expect(rows.map((row) => row.suggested)).toEqual(["", "", "", "", suggestionsText(suggested)]);
    // The language to answer in, beside the kind.
    expect(rows.map((row) => row.language)).toEqual([defaultLocale, defaultLocale, defaultLocale, defaultLocale, "de"]);
    expect(Object.keys(rows[0] ?? {}).slice(0, 4)).toEqual(["id", "receivedAt", "kind", "language"]);
    // A file keeps the text otherwise as stored.
    expect(rows[0]?.message).toBe((hostile as { message: string }).message);
  });

  it("CSV on a terminal: the same cells with control characters escaped, line breaks kept", async () => {
    const stdout = await onTerminal(["inquiries", "export", "--db", db, "--format", "csv"]);
    expect(rawControls(stdout)).toBeNull();
    expect(stdout).toContain("\\x1b[2J\\x9b2J cleared \\u202egnp.exe\nline two");
  });

  it("JSON: the same values (lossless), with nothing raw that a terminal would act on", async () => {
    const run = await runMain(["inquiries", "export", "--db", db, "--format", "json"]);
    expect(run.code).toBe(0);
    expect(rawControls(run.stdout)).toBeNull();
    const rows = JSON.parse(run.stdout) as Record<string, unknown>[];
    expect(rows.at(-1)?.suggested).toEqual(suggested);
    expect(rows[0]).toMatchObject({
      name: hostile.name,
      company: hostile.company,
      message: (hostile as { message: string }).message,
    });
  });
});
