// `inquiries show <id>` on a real SQLite file: every stored field of the
// table (inquiries/fields.ts) on its own line, labelled as the visitor's
// form labels it (data/), options by their labels, hostile text escaped.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INQUIRY_FIELDS } from "../../inquiries/fields.ts";
import { suggestMatches } from "../../inquiries/match.ts";
import { inquirySchema } from "../../inquiries/schema.ts";
import { SqliteInquiryStore } from "../../inquiries/store-sqlite.ts";
import type { Inquiry } from "../../schemas/inquiry.ts";
import { consultants } from "../../site/generated/consultants.ts";
import { form } from "../../site/generated/contact.ts";
import { arr } from "../../site/generated/form-options.ts";
import { contact } from "../../site/generated/home.ts";
import { fullInquiry, quickInquiry, removeDir, tempDir } from "../server/support.ts";
import { runMain } from "../support/cli.ts";

const ESC = String.fromCharCode(27);
const full = inquirySchema.parse(
  fullInquiry({ language: "de", arr: arr[2].value, challenges: "first line\nsecond line" }),
) as Inquiry & { kind: "full" };
const quick = { ...(inquirySchema.parse(quickInquiry()) as Inquiry), name: `Mallory${ESC}]0;owned` } as Inquiry;
const label = (name: string) => INQUIRY_FIELDS.find((field) => field.name === name)?.label;

let dir: string;
let db: string;
const ids: string[] = [];

beforeAll(async () => {
  dir = tempDir("inquiries-show-");
  db = join(dir, "inquiries.db");
  const store = new SqliteInquiryStore(db);
  for (const [i, inquiry] of [full, quick].entries()) {
    const result = await store.insert(inquiry, { bodyHash: `h${i}`, channels: [] });
    if (!("id" in result)) throw new Error("insert failed");
    ids.push(result.id);
  }
  await store.close();
});

afterAll(() => removeDir(dir));

/** The text after a line's label, found by the label at the line's start. */
function shownAs(stdout: string, fieldLabel: string | undefined): string | undefined {
  const line = stdout.split("\n").find((l) => l.startsWith(`${fieldLabel}  `));
  return line?.slice(fieldLabel?.length).trim();
}

describe("inquiries show", () => {
  it("a contact-page inquiry: each field by its form's label, options by theirs, the suggested consultants", async () => {
    const run = await runMain(["inquiries", "show", ids[0] ?? "", "--db", db]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(shownAs(run.stdout, label("id"))).toBe(ids[0]);
    expect(shownAs(run.stdout, label("language"))).toBe("de");
    expect(shownAs(run.stdout, form.fields.company.label)).toBe(full.company);
    expect(shownAs(run.stdout, form.fields.arr.label)).toBe(`${arr[2].label} (${arr[2].value})`);
    // A second line of a text stands under the first.
    const lines = run.stdout.split("\n");
    const at = lines.findIndex((l) => l.startsWith(form.fields.challenges.label));
    expect(lines[at]).toMatch(/ first line$/);
    expect(lines[at + 1]).toMatch(/^ +second line$/);
    expect(lines[at + 1]?.indexOf("second")).toBe(lines[at]?.indexOf("first"));
    const suggested = suggestMatches(full, consultants).map((s) => s.name);
    expect(shownAs(run.stdout, "Suggested consultants")).toBe(suggested.join(", "));
    // No field of the home page's form.
    expect(run.stdout).not.toContain(label("message"));
  });

  it("a home-page message by the start of its id, its name's control characters escaped", async () => {
    const run = await runMain(["inquiries", "show", (ids[1] ?? "").slice(0, 8), "--db", db]);
    expect(run.code).toBe(0);
    expect(shownAs(run.stdout, contact.fields.message.label)).toBe((quick as { message: string }).message);
    expect(shownAs(run.stdout, contact.fields.name.label)).toBe("Mallory\\x1b]0;owned");
    expect(run.stdout).not.toContain(ESC);
  });

  it("with a data folder that has errors: the table's labels, stored values, and a note", async () => {
    const run = await runMain(["inquiries", "show", ids[0] ?? "", "--db", db, "--data", join(dir, "no-data")]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /^note: no labels from the forms, no suggested consultants: .*no-data has errors \(run `npm run validate`\)\n$/,
    );
    expect(shownAs(run.stdout, label("arr"))).toBe(arr[2].value);
    expect(run.stdout).not.toContain("Suggested");
  });

  it.each([
    ["an id no inquiry has", ["zzzz"], 1, 'error: no inquiry has an id starting "zzzz"\n'],
    ["an empty id", [" "], 2, "error: show: expected an inquiry's id\n"],
  ])("%s: says so, prints nothing", async (_, args, code, stderr) => {
    const run = await runMain(["inquiries", "show", ...args, "--db", db]);
    expect(run).toEqual({ code, stdout: "", stderr });
  });

  it("a start two ids share: asks for more of it", async () => {
    // 17 ids, 16 hex digits: two of them start alike.
    const crowded = join(dir, "crowded.db");
    const store = new SqliteInquiryStore(crowded);
    for (let i = 0; i < 17; i++) await store.insert(quick, { bodyHash: `c${i}`, channels: [] });
    const starts = (await store.list()).map((inquiry) => inquiry.id[0]);
    await store.close();
    const start = starts.find((char, i) => starts.indexOf(char) !== i) ?? "";
    const count = starts.filter((char) => char === start).length;
    const run = await runMain(["inquiries", "show", start, "--db", crowded]);
    expect(run).toEqual({
      code: 2,
      stdout: "",
      stderr: `error: show: ${count} inquiries have an id starting "${start}": give more of it\n`,
    });
  });
});
