// Text that validated before and was not safe to publish (issue 22, item 1):
// control characters pasted from PDFs and terminals, a line break that forges
// a CI command, bidi overrides, values of any length. Each is the shipped data
// with one such edit, run through the real CLI: exit 1, and the error names
// the character and its line:col (or the bound and by how much) with a hint.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, it } from "vitest";
import { PLACES } from "../../schemas/text.ts";
import { blockOf, DATA, type Edit, ensureBundle, makeProject, replace, runCli, summaryOf } from "../support/cli.ts";

beforeAll(ensureBundle);

const PASTED = "invisible characters like this come with text copied from PDFs, Word or chat tools";
const BREAK = `a line or page break from another program: ${PASTED}`;

/** line:col of `needle`'s `nth` character (0-based) once `edit` is applied to `file`. */
function where(file: string, edit: Edit, needle: string, nth = 0): string {
  const text = String(edit(readFileSync(join(DATA, file), "utf8")));
  const index = text.indexOf(needle);
  if (index === -1) throw new Error(`${needle} not in the edited ${file}`);
  const before = text.slice(0, index + nth).split("\n");
  return `${before.length}:${(before.at(-1)?.length ?? 0) + 1}`;
}

type Case = [name: string, file: string, edit: Edit, needle: string, message: (at: string) => string, hint: string];

const description = replace("description: Why scale-up CRMs", "description: Why\u000b scale-up\u000c CRMs");
const escInValue = replace("eyebrow: About Us", "eyebrow: About\u001b[2J Us\u0007");
const nulAtEnd = replace("  - name: Pipewell\n", "  - name: Pipewell\u0000\n");
const escInBody = replace("Every scale-up I have worked with", "Every scale-up\u001b]0;owned\u0007 I have worked with");
const forgedCommand = replace(
  "legalName: Nordstern Partners",
  'legalName: "Nordstern\\n::error file=evil.yaml,line=1::forged"',
);
const escapedEsc = replace("  heading: Build with {firm.name}", '  heading: "Build with\\e[31m {firm.name}"');
const override = replace(
  "heading: Senior partners, one network, one method",
  "heading: Senior partners, \u202eone network",
);

const cases: Case[] = [
  [
    "a vertical tab and a form feed in an article's description (what a PDF copy leaves)",
    "insights/crm-hygiene.md",
    description,
    "\u000b",
    (at) =>
      `description: U+000B VERTICAL TAB at ${at}: delete it or replace it with a space (1 more like it in this text)`,
    BREAK,
  ],
  [
    "ESC and BEL in a YAML value",
    "home.yaml",
    escInValue,
    "\u001b",
    (at) => `about.eyebrow: U+001B ESCAPE at ${at}: delete it (1 more like it in this text)`,
    PASTED,
  ],
  [
    "ESC written as an escape in double quotes, located at the escape",
    "home.yaml",
    escapedEsc,
    "\\e",
    (at) => `hero.heading: U+001B ESCAPE at ${at}: delete it`,
    PASTED,
  ],
  [
    "a NUL at the end of a value",
    "clients.yaml",
    nulAtEnd,
    "\u0000",
    (at) => `clients[2].name: U+0000 NULL at ${at}: delete it`,
    PASTED,
  ],
  [
    "ESC and BEL in an article's body",
    "insights/crm-hygiene.md",
    escInBody,
    "\u001b",
    (at) => `U+001B ESCAPE at ${at}: delete it`,
    PASTED,
  ],
  [
    "a line break in a one-line field that forges a CI command",
    "site.yaml",
    forgedCommand,
    "\\n",
    (at) => `firm.legalName: U+000A LINE FEED at ${at}: this text is one line: remove the line break`,
    "a name, title or label shows on one line; a value written as a `>` or `|` block ends in a line break, `>-` does not",
  ],
  [
    "a right-to-left override (Trojan Source)",
    "home.yaml",
    override,
    "\u202e",
    (at) => `about.heading: U+202E RIGHT-TO-LEFT OVERRIDE at ${at}: delete it`,
    "text-direction controls make text read differently from what it is (Trojan Source); this field does not allow them",
  ],
];

describe("validate refuses text that is not safe to publish", () => {
  it.concurrent.for(cases)("%s", async ([_name, file, edit, needle, message, hint], { expect, onTestFinished }) => {
    const project = makeProject({ [file]: edit });
    onTestFinished(project.cleanup);
    const run = await runCli(["validate"], { cwd: project.root });
    expect(run.stderr).toBe("");
    expect(run.code, run.stdout).toBe(1);
    const at = where(file, edit, needle);
    const head = `data/${file}:${at} error  ${message(at)}`;
    const block = blockOf(run.stdout, head);
    expect(block, `no diagnostic "${head}" in:\n${run.stdout}`).toBeDefined();
    expect(block?.at(-1)).toBe(`   hint: ${hint}`);
  });
});

describe("validate bounds every one-line display field by where it shows", () => {
  const huge = "x".repeat(200_000);
  const fields: Array<[file: string, from: string, path: string, field: string, max: number]> = [
    ["consultants.yaml", "name: Katharina Lindqvist", "consultants[0].name", "name", PLACES.name.max],
    ["consultants.yaml", "role: Managing Partner", "consultants[0].role", "role", PLACES.label.max],
    [
      "consultants.yaml",
      "focus: Building outbound from zero to repeatable pipeline",
      "consultants[0].focus",
      "focus",
      PLACES.cardLine.max,
    ],
    ["home.yaml", "heading: Senior partners, one network, one method", "about.heading", "heading", PLACES.heading.max],
    ["form-options.yaml", "label: CEO / Founder", "role[0].label", "label", PLACES.label.max],
  ];

  it.concurrent("a 200,000-character name, role, focus, section title and option label", async ({
    expect,
    onTestFinished,
  }) => {
    const edits: Record<string, Edit> = {};
    for (const [file, from] of fields) {
      const key = from.split(":")[0];
      const previous = edits[file] ?? ((text: string) => text);
      edits[file] = (text) => replace(from, `${key}: ${huge}`)(String(previous(text)));
    }
    const project = makeProject(edits);
    onTestFinished(project.cleanup);
    const run = await runCli(["validate"], { cwd: project.root });
    expect(run.code, run.stdout.slice(0, 2000)).toBe(1);
    for (const [file, from, path, field, max] of fields) {
      const at = where(file, edits[file] as Edit, `${from.split(":")[0]}: ${huge.slice(0, 10)}`, from.indexOf(":") + 2);
      const head = `data/${file}:${at} error  ${path}: the ${field} is too long by ${200_000 - max} characters (200000, at most ${max})`;
      expect(blockOf(run.stdout, head), `no "${head}"`).toBeDefined();
    }
  });

  it.concurrent("still accepts the shipped data written with CRLF line ends and a byte-order mark", async ({
    expect,
    onTestFinished,
  }) => {
    const windows: Edit = (text) => `\uFEFF${text.replace(/\n/g, "\r\n")}`;
    const project = makeProject({
      "consultants.yaml": windows,
      "site.yaml": windows,
      "insights/crm-hygiene.md": windows,
    });
    onTestFinished(project.cleanup);
    const run = await runCli(["validate"], { cwd: project.root });
    expect(summaryOf(run.stdout), run.stdout).toMatchObject({ errors: 0, warnings: 0 });
    expect(run.code).toBe(0);
  });
});
