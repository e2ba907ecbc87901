// The project fuzzes itself (issue 22, item 6): properties of `validate` over
// the real data, with fast-check. A valid edit (BOM, CRLF, a comment, trailing
// spaces) is accepted; a planted control character, over-long value or unknown
// tag is refused at its line; one point edit gives a handful of diagnostics in
// its file; byte-level damage gives located errors and output that is safe to
// print. Short with a fixed seed in `npm test`, long in `npm run fuzz`; a
// failing case is shrunk and printed as a diff of the file (see fuzz.ts).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fc, test } from "@fast-check/vitest";
import { afterAll, describe, expect } from "vitest";
import { codePointLabel } from "../../schemas/characters.ts";
import { DATA_FILES } from "../../schemas/index.ts";
import { runMain, TERMINAL_CONTROLS } from "../support/cli.ts";
import {
  ARTICLE_FILES,
  checkRun,
  dataPath,
  fcOptions,
  fileDiff,
  LOCK_FILES,
  LONG,
  type Mutation,
  mutate,
  mutation,
  ORIGINALS,
  projectWithArticles,
  SEED,
  shippedText,
  TRANSLATION_FILES,
  textValues,
} from "./fuzz.ts";

const YAML_FILES: string[] = DATA_FILES.map((entry) => entry.file);
/** Cases per property: a few dozen in `npm test`, hundreds in `npm run fuzz`. */
const RUNS = Number(process.env.FUZZ_PROPERTY_RUNS ?? (LONG ? 300 : 30));
/** Diagnostics one point edit may give in the file it edits. */
const HANDFUL = 10;
/** Diagnostics one point edit of a translation or a lock file may give in all ("one mistake, one diagnostic"). */
const FEW = 5;

const project = projectWithArticles();
afterAll(project.cleanup);

/** Outcomes by kind of case, printed at the end: what the run exercised. */
const outcomes = new Map<string, number>();
const count = (kind: string) => outcomes.set(kind, (outcomes.get(kind) ?? 0) + 1);
afterAll(() => {
  const lines = [...outcomes].sort().map(([kind, n]) => `  ${kind}: ${n}`);
  console.log(`fuzz properties (seed ${SEED}, ${RUNS} cases a property):\n${lines.join("\n")}`);
});

/** Writes `text` as `file` of the project, validates (in-process), puts the original back. */
async function validateWith(file: string, text: string | Uint8Array, format = "json") {
  const path = join(project.data, dataPath(file));
  writeFileSync(path, text);
  try {
    const run = await runMain(["validate", "--data", project.data, "--format", format]);
    return { run, written: typeof text === "string" ? text : Buffer.from(text).toString("utf8") };
  } finally {
    writeFileSync(path, ORIGINALS.get(file) ?? "");
  }
}

const options = fcOptions<never>(RUNS, LONG ? 900_000 : 120_000);
/** A property's test: its runs stop at the time limit above, well before this. */
const TIMEOUT = LONG ? 1_200_000 : 300_000;

// --- A valid edit is accepted ------------------------------------------------

/** Lines that start a key or a list item, outside block scalars: a comment may go before them. */
function structuralLines(text: string): number[] {
  const lines = text.split("\n");
  const out: number[] = [];
  let blockIndent = -1;
  const fence = lines.findIndex((l, i) => i > 0 && l === "---");
  lines.forEach((line, i) => {
    if (text.startsWith("---") && (i === 0 || i >= fence)) return; // an article: its front matter only
    const indent = line.length - line.trimStart().length;
    if (blockIndent >= 0 && (line.trim() === "" || indent > blockIndent)) return;
    blockIndent = -1;
    if (/^\s*(?:- |[A-Za-z][\w-]*:(?:\s|$))/.test(line)) out.push(i);
    if (/:\s*[>|][-+]?\s*$/.test(line)) blockIndent = indent;
  });
  return out;
}

interface ValidEdit {
  file: string;
  bom: boolean;
  crlf: boolean;
  comments: number[];
  trailing: number[];
}

function applyValid(original: string, edit: ValidEdit): string {
  const lines = original.split("\n");
  const safe = structuralLines(original);
  for (const pick of edit.trailing) {
    const i = safe[pick % safe.length] ?? 0;
    lines[i] = `${lines[i]}   `;
  }
  for (const pick of [...edit.comments].sort((a, b) => b - a)) {
    const i = safe[pick % safe.length] ?? 0;
    const indent = (lines[i] ?? "").match(/^ */)?.[0] ?? "";
    lines.splice(i, 0, `${indent}# a note: {firm.name} & "quotes" 😀`);
  }
  let text = lines.join("\n");
  if (edit.crlf) text = text.replace(/\n/g, "\r\n");
  return edit.bom ? `\uFEFF${text}` : text;
}

const validEdit = fc
  .record({
    file: fc.constantFrom(...YAML_FILES, ...ARTICLE_FILES),
    bom: fc.boolean(),
    crlf: fc.boolean(),
    comments: fc.array(fc.nat(), { maxLength: 3 }),
    trailing: fc.array(fc.nat(), { maxLength: 3 }),
  })
  .map((edit) => withCaseDiff(edit, edit.file, (original) => applyValid(original, edit)));

// --- A planted problem is refused at its line --------------------------------

const PLANTED = ["\u0000", "\u0007", "\u000b", "\u000c", "\u001b", "\u007f", "\u009b", "\u202e", "\u2066", "\ufffd"];

interface Planted {
  file: string;
  value: number;
  kind: "control" | "long" | "tag";
  char: string;
  at: number;
  over: number;
  tag: string;
}

const VALUES = new Map([...YAML_FILES, ...LOCK_FILES].map((file) => [file, textValues(file)]));

/** The planted file, the offset of what was planted, and what it was (a value without a bound gets a control character). */
function plant(p: Planted): { text: string; offset: number; kind: Planted["kind"] } {
  const original = ORIGINALS.get(p.file) ?? "";
  const values = VALUES.get(p.file) ?? [];
  const target = values[p.value % values.length];
  const [start = 0, valueEnd = start] = target?.node.range ?? [];
  // A block scalar's range takes its last line break: the line break stays.
  const end = original[valueEnd - 1] === "\n" ? valueEnd - 1 : valueEnd;
  if (p.kind === "tag") {
    return { text: `${original.slice(0, start)}${p.tag} ${original.slice(start)}`, offset: start, kind: "tag" };
  }
  if (p.kind === "long" && target?.max) {
    const long = `"${"x".repeat(target.max + 1 + (p.over % 40))}"`;
    return { text: `${original.slice(0, start)}${long}${original.slice(end)}`, offset: start, kind: "long" };
  }
  // Inside the value: after a quote or a block header, never at a plain value's first character.
  const type = target?.node.type;
  let from = start + 1;
  let to = end - (type === "QUOTE_DOUBLE" || type === "QUOTE_SINGLE" ? 1 : 0);
  if (type === "BLOCK_FOLDED" || type === "BLOCK_LITERAL") {
    const content = original.indexOf("\n", start) + 1;
    from = content + ((original.slice(content).match(/^ */)?.[0].length ?? 0) + 1);
    to = Math.max(from, original.indexOf("\n", from));
  }
  const offset = from + (p.at % Math.max(1, to - from));
  return { text: `${original.slice(0, offset)}${p.char}${original.slice(offset)}`, offset, kind: "control" };
}

const planted = fc
  .record({
    file: fc.constantFrom(...[...YAML_FILES, ...LOCK_FILES].filter((file) => (VALUES.get(file) ?? []).length > 0)),
    value: fc.nat(),
    kind: fc.constantFrom("control" as const, "long" as const, "tag" as const),
    char: fc.constantFrom(...PLANTED),
    at: fc.nat(),
    over: fc.nat(),
    tag: fc.constantFrom("!!js/function", "!custom", "!!binary", "!<tag:example.com,2026:x>"),
  })
  .map((p) => withCaseDiff(p, p.file, () => plant(p).text));

// --- Point edits and byte-level damage ----------------------------------------

const pointEdit = fc
  .record({ file: fc.constantFrom(...YAML_FILES, ...ARTICLE_FILES, ...TRANSLATION_FILES), mutation })
  .map((e) => withCaseDiff(e, e.file, (original) => mutate(original, [e.mutation as Mutation])));

interface Damage {
  file: string;
  ops: Array<{ kind: "flip" | "insert" | "delete" | "truncate"; at: number; byte: number }>;
}

function damage(original: string, d: Damage): Uint8Array {
  let bytes = [...Buffer.from(original, "utf8")];
  for (const op of d.ops) {
    const at = op.at % Math.max(1, bytes.length);
    if (op.kind === "flip") bytes[at] = (bytes[at] ?? 0) ^ (1 << (op.byte % 8));
    else if (op.kind === "insert") bytes.splice(at, 0, op.byte);
    else if (op.kind === "delete") bytes.splice(at, 1 + (op.byte % 8));
    else bytes = bytes.slice(0, at);
  }
  return Uint8Array.from(bytes);
}

const byteDamage = fc
  .record({
    file: fc.constantFrom(...YAML_FILES, ...ARTICLE_FILES, ...TRANSLATION_FILES),
    ops: fc.array(
      fc.record({
        kind: fc.constantFrom("flip" as const, "insert" as const, "delete" as const, "truncate" as const),
        at: fc.nat(),
        byte: fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0x00, 0x1b, 0x07, 0x0b, 0xc0, 0xff, 0xfe)),
      }),
      { minLength: 1, maxLength: 5 },
    ),
  })
  .map((d) => withCaseDiff(d, d.file, (original) => Buffer.from(damage(original, d)).toString("utf8")));

/** A case printed, as counterexample, as the diff of the file it writes. */
function withCaseDiff<T extends object>(value: T, file: string, edit: (original: string) => string): T {
  return Object.assign(value, {
    [fc.toStringMethod]: () =>
      fileDiff(`data/${dataPath(file)}`, ORIGINALS.get(file) ?? "", edit(ORIGINALS.get(file) ?? "")),
  });
}

/** Lines a GitHub Actions runner would run as a workflow command. */
const workflowCommands = (output: string) =>
  output.split("\n").filter((line) => line.trimStart().startsWith("::") || line.includes("##["));

describe("validate, fuzzed over the real data", () => {
  test.prop([validEdit], options)(
    "a valid edit (BOM, CRLF, a comment, trailing spaces) is accepted",
    async (edit) => {
      const { run, written } = await validateWith(edit.file, applyValid(ORIGINALS.get(edit.file) ?? "", edit));
      const diagnostics = checkRun(run, (shown) =>
        shown.endsWith(`/data/${dataPath(edit.file)}`) ? written : shippedText(shown),
      );
      // A "comment" line inside a block scalar is text: the English text changed, which the
      // translation rules rightly report in the translation (data/<code>/); the file itself is clean.
      expect(diagnostics.filter((d) => !/\/data\/[a-z]{2}\//.test(d.file))).toEqual([]);
      count(`valid edit: accepted${edit.crlf ? " (CRLF)" : ""}`);
    },
    TIMEOUT,
  );

  test.prop([planted], options)(
    "a planted control character, over-long value or unknown tag is refused at its line",
    async (p) => {
      const { text, offset, kind } = plant(p);
      const { run, written } = await validateWith(p.file, text);
      const diagnostics = checkRun(run, (shown) =>
        shown.endsWith(`/data/${p.file}`)
          ? written
          : (shippedText(shown) ?? ORIGINALS.get(shown.split("/").at(-1) ?? "")),
      );
      const line = text.slice(0, offset).split("\n").length;
      const expected =
        kind === "control"
          ? codePointLabel(p.char.codePointAt(0) ?? 0)
          : kind === "long"
            ? "is too long by"
            : "unknown tag";
      const here = diagnostics.filter(
        (d) => d.file.endsWith(`/data/${dataPath(p.file)}`) && d.severity === "error" && d.line === line,
      );
      expect(here.map((d) => d.message).join("\n")).toContain(expected);
      count(`planted ${kind}: refused at its line`);
    },
    TIMEOUT,
  );

  test.prop([pointEdit], options)(
    "one point edit gives a handful of diagnostics in its file, not hundreds",
    async (e) => {
      const text = mutate(ORIGINALS.get(e.file) ?? "", [e.mutation as Mutation]);
      const { run, written } = await validateWith(e.file, text);
      const diagnostics = checkRun(run, (shown) =>
        shown.endsWith(`/data/${dataPath(e.file)}`)
          ? written
          : (shippedText(shown) ?? ORIGINALS.get(shown.split("/").at(-1) ?? "")),
      );
      const inFile = diagnostics.filter((d) => d.file.endsWith(`/data/${dataPath(e.file)}`));
      expect(inFile.length).toBeLessThanOrEqual(HANDFUL);
      // A translation or lock file: its own mistakes, and what it explains, in a few diagnostics in all.
      const translation = TRANSLATION_FILES.includes(e.file);
      const where = translation ? (e.file.endsWith(".lock.yaml") ? "a lock file" : "a translation") : "an English file";
      count(`point edit (${e.mutation.kind}) in ${where}: ${run.code === 0 ? "accepted" : "refused"}`);
      if (diagnostics.length > FEW) count(`point edit (${e.mutation.kind}) in ${where}: cascade (> ${FEW} in all)`);
      if (translation) expect(diagnostics.length).toBeLessThanOrEqual(FEW);
    },
    TIMEOUT,
  );

  test.prop([byteDamage], options)(
    "byte-level damage gives located errors, and a report safe to print",
    async (d) => {
      const bytes = damage(ORIGINALS.get(d.file) ?? "", d);
      const { run, written } = await validateWith(d.file, bytes);
      checkRun(run, (shown) =>
        shown.endsWith(`/data/${dataPath(d.file)}`)
          ? written
          : (shippedText(shown) ?? ORIGINALS.get(shown.split("/").at(-1) ?? "")),
      );
      const { run: pretty } = await validateWith(d.file, bytes, "pretty");
      expect(pretty.stdout.replace(/\t/g, "")).not.toMatch(TERMINAL_CONTROLS);
      expect(workflowCommands(pretty.stdout)).toEqual([]);
      count(`byte damage: ${run.code === 0 ? "accepted" : "refused"}`);
    },
    TIMEOUT,
  );
});
