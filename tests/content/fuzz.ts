// The fuzz property shared by fuzz-*.test.ts: whatever a content owner does
// to a data file, the CLI answers with located diagnostics and exit 0 or 1,
// never a crash. The shipped YAML is mutated thousands of times (lines
// deleted, duplicated, swapped, re-indented, truncated; YAML punctuation,
// tabs, anchors and aliases typed in) and each result is validated
// in-process, plus a sample through the real process. The sample articles
// of tests/fixtures/articles are fuzzed the same way as Markdown (front
// matter and body, with Markdown typed in). The files are split over test
// files so the test workers share the work.
//
// `npm test` runs a short pass with a fixed seed; `npm run fuzz` (FUZZ_LONG=1,
// scripts/fuzz.mjs) a long one with a new seed, printed. A failure prints
// fast-check's seed and path and the shrunk case as a diff of the file;
// rerun with FUZZ_SEED=<seed> (and FUZZ_PATH=<path>) to get the same cases.
// FUZZ_RUNS sets the total of in-process runs.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { isPair, isSeq, parseDocument, type Scalar, visit } from "yaml";
import { terminalSafe } from "../../content/terminal-safe.ts";
import { schemaAt } from "../../content/zod-issues.ts";
import { DATA_FILES } from "../../schemas/index.ts";
import { LONGEST_TEXT, type TextKind, textMetaAt } from "../../schemas/text.ts";
import {
  DATA,
  ensureBundle,
  type JsonDiagnostic,
  makeProject,
  type Project,
  ROOT,
  type Run,
  runCli,
  runMain,
} from "../support/cli.ts";

/** `npm run fuzz`: many cases, a new seed each time. */
export const LONG = process.env.FUZZ_LONG === "1";
/** The seed of every property: fixed in `npm test`, so a run is repeatable. */
export const SEED = Number(process.env.FUZZ_SEED ?? 22);
/** In-process runs over all fuzz files together, and real processes. */
export const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? (LONG ? 1200 : 120));
const TOTAL_PROCESS_RUNS = LONG ? 40 : 6;

const FILES = DATA_FILES.map((entry) => entry.file);
export const ORIGINALS = new Map<string, string>(FILES.map((file) => [file, readFileSync(join(DATA, file), "utf8")]));

/** Every other language's files, translations and lock files alike (`de/home.yaml`, `de/home.lock.yaml`). */
export const TRANSLATION_FILES = readdirSync(DATA, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && /^[a-z]{2}$/.test(entry.name))
  .flatMap((folder) =>
    readdirSync(join(DATA, folder.name))
      .filter((name) => name.endsWith(".yaml"))
      .sort()
      .map((name) => `${folder.name}/${name}`),
  );
for (const file of TRANSLATION_FILES) ORIGINALS.set(file, readFileSync(join(DATA, file), "utf8"));

/** The data files' lock files (the articles' lock records whole bodies: its bounds are tested in hardening.test.ts). */
export const LOCK_FILES = TRANSLATION_FILES.filter(
  (file) => file.endsWith(".lock.yaml") && !file.endsWith("/articles.lock.yaml"),
);

/** A string value of a data file with its node, its text kind (none for a lock's record) and its bound. */
export interface TextValue {
  node: Scalar;
  kind?: TextKind;
  max?: number;
}

/** The string values of a data file that have a text kind, with their nodes; a lock file's `en:` records too. */
export function textValues(file: string): TextValue[] {
  const schema = DATA_FILES.find((entry) => entry.file === file)?.schema;
  const doc = parseDocument(ORIGINALS.get(file) ?? "");
  const found: TextValue[] = [];
  if (LOCK_FILES.includes(file)) {
    // A lock is data too (issue 30): the same characters refused, no record longer than the longest English text.
    visit(doc, {
      Pair(_, pair) {
        if ((pair.key as Scalar | null)?.value === "en" && typeof (pair.value as Scalar | null)?.value === "string")
          found.push({ node: pair.value as Scalar, max: LONGEST_TEXT });
      },
    });
    return found;
  }
  visit(doc, {
    Scalar(key, node, path) {
      if (key === "key" || typeof node.value !== "string" || !schema) return;
      const segments: Array<string | number> = [];
      const chain = [...path, node];
      chain.forEach((step, i) => {
        if (isPair(step)) segments.push(String((step.key as Scalar | null)?.value));
        else if (isSeq(step)) segments.push(step.items.indexOf(chain[i + 1] as never));
      });
      const meta = textMetaAt(schema, segments);
      // Strings only: a choice (an enum) or a fixed value says "expected one of" instead.
      if (meta && schemaAt(schema, segments)?._zod.def.type === "string")
        found.push({ node, kind: meta.kind, ...(meta.max ? { max: meta.max } : {}) });
    },
  });
  return found;
}

/** The sample articles (two published, one draft): fuzzed as Markdown in data/insights/ (fuzz-articles.test.ts). */
const SAMPLES = join(ROOT, "tests", "fixtures", "articles");
export const ARTICLE_FILES = readdirSync(SAMPLES).sort();
for (const name of ARTICLE_FILES) ORIGINALS.set(name, readFileSync(join(SAMPLES, name), "utf8"));

/** Where a fuzzed file lives in a project's data folder. */
/**
 * The shipped text of a file as the report shows it (`/tmp/…/data/de/home.yaml`):
 * the file under data/ at the same place (a translation has the name of its English file).
 */
export function shippedText(shown: string): string | undefined {
  const at = shown.lastIndexOf("/data/");
  if (at === -1) return undefined;
  try {
    return readFileSync(join(DATA, shown.slice(at + "/data/".length)), "utf8");
  } catch {
    return undefined;
  }
}

export const dataPath = (file: string) => (file.endsWith(".md") ? join("insights", file) : file);

/** A copy of the project with the sample articles (and only them) in data/insights/. */
export function projectWithArticles(edits: Record<string, (original: string) => string> = {}): Project {
  const project = makeProject();
  const dir = join(project.data, "insights");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const name of ARTICLE_FILES) {
    const original = ORIGINALS.get(name) ?? "";
    writeFileSync(join(dir, name), edits[name] ? edits[name](original) : original);
  }
  for (const [file, edit] of Object.entries(edits)) {
    if (!file.endsWith(".md")) writeFileSync(join(project.data, file), edit(ORIGINALS.get(file) ?? ""));
  }
  return project;
}

/** The files every page reads; the other half are the pages' own files. */
export const SHARED_FILES = [
  "site.yaml",
  "stats.yaml",
  "behaviour.yaml",
  "consultants.yaml",
  "clients.yaml",
  "form-options.yaml",
];
export const PAGE_FILES = FILES.filter((file) => !SHARED_FILES.includes(file));

export type Mutation =
  | { kind: "delete"; line: number }
  | { kind: "duplicate"; line: number }
  | { kind: "swap"; line: number; other: number }
  | { kind: "indent"; line: number; by: number }
  | { kind: "insert"; line: number; column: number; text: string }
  | { kind: "replaceValue"; line: number; text: string }
  | { kind: "truncate"; fraction: number }
  /** A value nested `depth` levels deep (a paste gone wrong, or an attack on the parser's stack). */
  | { kind: "nest"; line: number; column: number; depth: number; opener: "[" | "{a: " | "- "; closed: boolean };

/** What people type by mistake in YAML, and what YAML reads specially. */
const FRAGMENTS = [
  "\t",
  ":",
  ": ",
  " ",
  "    ",
  "\n",
  "- ",
  "#",
  "'",
  '"',
  "&a ",
  "*a",
  "&b [1, *a]",
  "<<: *a",
  "[",
  "]",
  "{",
  "}",
  ",",
  "|",
  ">-",
  "---",
  "...",
  "%YAML 1.2",
  "!!str ",
  "!!binary ",
  "!custom ",
  "? ",
  "@",
  "`",
  "\\",
  "\r",
  "\u00a0",
  "\u2028",
  "é",
  "😀",
  "~",
  "null",
  "0x1F",
  ".inf",
  "yes",
  "1M-2M",
  "50M-5M",
  "/nowhere",
  "/consultants#x",
  "#",
  "{firm.name}",
  "{stats.nope}",
  "{firm.",
  "__proto__: 1",
  "constructor: x",
  // Markdown, for the articles
  "## ",
  "# ",
  "#### ",
  "[x](/nowhere)",
  "[x](/insights/nope)",
  "[x](/insights/pipeline-basics#nope)",
  "[x](#nope)",
  "[x](http://example.com)",
  "](",
  "![](",
  "![a](/images/insights/x.png)",
  "<div>",
  "<!--",
  "<br>",
  "`",
  "```",
  "| a | b |\n| --- | --- |",
  "*",
  "_",
  "[ref]: /about",
  "draft: true",
];

const text = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 4 }).map((a) => a.join("")),
  },
  { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 6 }) },
);

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("delete" as const), line: fc.nat() }),
  fc.record({ kind: fc.constant("duplicate" as const), line: fc.nat() }),
  fc.record({ kind: fc.constant("swap" as const), line: fc.nat(), other: fc.nat() }),
  fc.record({ kind: fc.constant("indent" as const), line: fc.nat(), by: fc.integer({ min: -4, max: 4 }) }),
  fc.record({ kind: fc.constant("insert" as const), line: fc.nat(), column: fc.nat(), text }),
  fc.record({ kind: fc.constant("replaceValue" as const), line: fc.nat(), text }),
  fc.record({ kind: fc.constant("truncate" as const), fraction: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({
    kind: fc.constant("nest" as const),
    line: fc.nat(),
    column: fc.nat(),
    depth: fc.oneof(fc.integer({ min: 60, max: 70 }), fc.integer({ min: 1000, max: 5000 })),
    opener: fc.constantFrom("[" as const, "{a: " as const, "- " as const),
    closed: fc.boolean(),
  }),
);

interface Scenario {
  file: string;
  mutations: Mutation[];
}

const scenario = (files: readonly string[]): fc.Arbitrary<Scenario> =>
  fc
    .record({ file: fc.constantFrom(...files), mutations: fc.array(mutation, { minLength: 1, maxLength: 4 }) })
    .map((s) => withDiff(s, s.file, (original) => mutate(original, s.mutations)));

/**
 * `value`, printed by fast-check (a counterexample) as the diff that turns the
 * shipped file into the case: apply it to reproduce the failure by hand.
 */
export function withDiff<T extends object>(value: T, file: string, edit: (original: string) => string): T {
  return Object.assign(value, {
    [fc.toStringMethod]: () =>
      fileDiff(`data/${dataPath(file)}`, ORIGINALS.get(file) ?? "", edit(ORIGINALS.get(file) ?? "")),
  });
}

/** A unified diff of one file (one hunk around the change), control characters written as escapes. */
export function fileDiff(file: string, before: string, after: string): string {
  const a = before.split("\n");
  const b = after.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const from = Math.max(0, start - 2);
  const show = (line: string) => terminalSafe(line);
  const context = (lines: string[], i: number, j: number) => lines.slice(i, j).map((l) => ` ${show(l)}`);
  const body = [
    ...context(a, from, start),
    ...a.slice(start, endA).map((l) => `-${show(l)}`),
    ...b.slice(start, endB).map((l) => `+${show(l)}`),
    ...context(a, endA, Math.min(a.length, endA + 2)),
  ];
  const lengthA = Math.min(a.length, endA + 2) - from;
  const lengthB = lengthA - (endA - start) + (endB - start);
  return `\n--- a/${file}\n+++ b/${file}\n@@ -${from + 1},${lengthA} +${from + 1},${lengthB} @@\n${body.join("\n")}\n`;
}

export function mutate(original: string, mutations: readonly Mutation[]): string {
  let lines = original.split("\n");
  for (const m of mutations) {
    if (m.kind === "truncate") {
      const whole = lines.join("\n");
      lines = whole.slice(0, Math.floor(whole.length * m.fraction)).split("\n");
      continue;
    }
    const i = m.line % lines.length;
    const line = lines[i] ?? "";
    switch (m.kind) {
      case "delete":
        lines.splice(i, 1);
        break;
      case "duplicate":
        lines.splice(i, 0, line);
        break;
      case "swap": {
        const j = m.other % lines.length;
        [lines[i], lines[j]] = [lines[j] ?? "", line];
        break;
      }
      case "indent":
        lines[i] = m.by >= 0 ? " ".repeat(m.by) + line : line.replace(new RegExp(`^ {0,${-m.by}}`), "");
        break;
      case "insert": {
        const at = m.column % (line.length + 1);
        lines[i] = line.slice(0, at) + m.text + line.slice(at);
        break;
      }
      case "nest": {
        const at = m.column % (line.length + 1);
        const closer = m.opener === "[" ? "]" : m.opener === "- " ? "" : "}";
        const nest = `${m.opener.repeat(m.depth)}x${m.closed ? closer.repeat(m.depth) : ""}`;
        lines[i] = line.slice(0, at) + nest + line.slice(at);
        break;
      }
      case "replaceValue": {
        const colon = line.indexOf(": ");
        lines[i] = colon === -1 ? `${line} ${m.text}` : `${line.slice(0, colon + 2)}${m.text}`;
        break;
      }
    }
    if (lines.length === 0) lines = [""];
  }
  return lines.join("\n");
}

export type { JsonDiagnostic } from "../support/cli.ts";

/** The checks every run must pass, whatever the input. Returns the diagnostics for further checks. */
export function checkRun(run: Run, texts: (file: string) => string | undefined): JsonDiagnostic[] {
  expect(run.stderr, "validate writes problems to stdout; stderr is for usage errors and bugs").toBe("");
  expect([0, 1]).toContain(run.code);
  const diagnostics = JSON.parse(run.stdout) as JsonDiagnostic[];
  const errors = diagnostics.filter((d) => d.severity === "error");
  expect(run.code).toBe(errors.length > 0 ? 1 : 0);
  for (const d of diagnostics) {
    expect(["error", "warning"]).toContain(d.severity);
    expect(d.message.trim()).not.toBe("");
    const source = texts(d.file);
    expect(source, `diagnostic for an unknown file: ${d.file}`).toBeDefined();
    const lines = (source ?? "").replace(/^\uFEFF/, "").split("\n");
    const where = `${d.file}:${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.message}`;
    for (const [line, column] of [
      [d.line, d.column],
      [d.endLine, d.endColumn],
    ] as const) {
      expect(Number.isInteger(line) && line >= 1 && line <= lines.length, `line outside the file: ${where}`).toBe(true);
      const length = lines[line - 1]?.length ?? 0;
      expect(Number.isInteger(column) && column >= 1 && column <= length + 1, `column outside line: ${where}`).toBe(
        true,
      );
    }
    expect(d.endLine > d.line || (d.endLine === d.line && d.endColumn >= d.column), `end before start: ${where}`).toBe(
      true,
    );
  }
  return diagnostics;
}

/**
 * The runs stop early (and pass) after `budget` ms, so a machine busy with
 * other work gives fewer runs rather than a timeout; on an idle two-core
 * machine all of them finish well within it.
 */
export function fcOptions<T>(numRuns: number, budget: number): fc.Parameters<T> {
  return {
    numRuns,
    seed: SEED,
    interruptAfterTimeLimit: budget,
    markInterruptAsFailure: false,
    // A case that runs this long hangs: a finding, not a slow machine (a case takes well under a second).
    timeout: 60_000,
    ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}),
  };
}

/** Registers the fuzz tests for mutations of `files`, with their share of the runs. */
export function fuzzCli(files: readonly string[]): void {
  const share = files.length / (FILES.length + ARTICLE_FILES.length + TRANSLATION_FILES.length);
  const inProcessRuns = Math.round(TOTAL_RUNS * share);
  const processRuns = Math.round(TOTAL_PROCESS_RUNS * share);

  describe(`the CLI on mutated ${files.join(", ")} never crashes`, () => {
    const project = projectWithArticles();
    const out = mkdtempSync(join(tmpdir(), "content-fuzz-out-"));
    afterAll(() => {
      project.cleanup();
      rmSync(out, { recursive: true, force: true });
    });

    it(
      `in-process: ${inProcessRuns} mutations, exit 0 or 1, every diagnostic inside its file`,
      async () => {
        let runs = 0;
        let valid = 0;
        let diagnosed = 0;
        // A library printing a Node warning would reach the content owner's terminal unlocated.
        const warnings: string[] = [];
        const onWarning = (warning: Error) => warnings.push(warning.message);
        process.on("warning", onWarning);
        onTestFinished(() => {
          process.off("warning", onWarning);
        });
        await fc.assert(
          fc.asyncProperty(scenario(files), async ({ file, mutations }) => {
            runs++;
            const path = join(project.data, dataPath(file));
            const mutated = mutate(ORIGINALS.get(file) ?? "", mutations);
            writeFileSync(path, mutated);
            try {
              const written = readFileSync(path, "utf8");
              const run = await runMain(["validate", "--data", project.data, "--format", "json"]);
              // The mutated file by its whole path: data/de/insights.yaml is not data/insights.yaml.
              const diagnostics = checkRun(run, (shown) => {
                if (shown === path) return written;
                try {
                  return readFileSync(shown, "utf8");
                } catch {
                  return undefined;
                }
              });
              diagnosed += diagnostics.length;
              expect(warnings).toEqual([]);
              if (run.code === 0) {
                // Whatever validates must also generate.
                valid++;
                const generated = await runMain(["generate", "--data", project.data, "--out", out, "--format", "json"]);
                expect(generated.stderr).toBe("");
                expect(generated.code).toBe(0);
              }
            } finally {
              writeFileSync(path, ORIGINALS.get(file) ?? "");
            }
          }),
          fcOptions<[Scenario]>(inProcessRuns, LONG ? 900_000 : 240_000),
        );
        if (runs < inProcessRuns) console.warn(`fuzz: the time budget ran out after ${runs} of ${inProcessRuns} runs`);
        await new Promise((wake) => setImmediate(wake)); // a warning from the last run arrives on a later tick
        expect(warnings).toEqual([]);
        // The mutations must exercise both outcomes, or the property says little (checked when runs are many).
        if (runs >= 500) {
          expect(valid).toBeGreaterThan(0);
          expect(valid).toBeLessThan(runs);
          expect(diagnosed).toBeGreaterThan(runs);
        }
      },
      LONG ? 1_000_000 : 300_000,
    );

    describe("the real process", () => {
      beforeAll(ensureBundle);

      it(
        `${processRuns} mutations through node bin/content.mjs`,
        async () => {
          await fc.assert(
            fc.asyncProperty(scenario(files), async ({ file, mutations }) => {
              const sample = projectWithArticles({ [file]: (original) => mutate(original, mutations) });
              try {
                const run = await runCli(["validate", "--format", "json"], { cwd: sample.root });
                checkRun(run, (shown) => {
                  try {
                    return readFileSync(join(sample.root, shown), "utf8");
                  } catch {
                    return undefined;
                  }
                });
              } finally {
                sample.cleanup();
              }
            }),
            fcOptions<[Scenario]>(processRuns, LONG ? 600_000 : 120_000),
          );
        },
        LONG ? 700_000 : 180_000,
      );
    });
  });
}
