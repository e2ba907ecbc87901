// The phrase markers (docs/i18n.md §7), planted in a copy of the shipped
// data and validated through the real CLI process: "ganzheitlich" unmarked in
// an English text (YAML and article) is an error at its exact file:line:col,
// with its message and hint, in all three formats; a marked one, one in code
// and one in a German text are not; a marker's unknown language in an
// article is an error; and taking a marker away is no change to translate
// (no stale warning: the lock's hash ignores markers).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Edit,
  ensureBundle,
  type JsonDiagnostic,
  makeProject,
  replace,
  splitPath,
  type ValidateRuns,
  validateAllFormats,
} from "../support/cli.ts";

beforeAll(ensureBundle);

const edits: Record<string, Edit> = {
  // An English YAML text with its marker taken away (its German translation stays current).
  "about.yaml": replace("heading: Ready to grow [ganzheitlich]{lang=de}?", "heading: Ready to grow ganzheitlich?"),
  // An English article (a draft without a translation): unmarked, marked, and in code.
  "insights/territory-planning.md": replace(
    "Territories are usually drawn once,",
    "Planned [ganzheitlich]{lang=de} or Ganzheitlich (`ganzheitlich`), territories are usually drawn once,",
  ),
  // A German article: the word needs no marker there, but a marker names a known language.
  "insights/de/sdr-ramp.md": replace("Fragen Sie ein Scale-up,", "Fragen Sie ein [Scale-up]{lang=xx}, ganzheitlich,"),
};

type Case = [what: string, file: string, at: string, message: string, hint: string];

const cases: Case[] = [
  [
    "English YAML text",
    "data/about.yaml",
    "89:26",
    'cta.heading: "ganzheitlich" is German in an English text, without its language marked',
    "write `[ganzheitlich]{lang=de}`, so that screen readers say it in its language (WCAG 3.1.2)",
  ],
  [
    "English article",
    "data/insights/territory-planning.md",
    "10:36",
    '"Ganzheitlich" is German in an English text, without its language marked',
    "write `[Ganzheitlich]{lang=de}`, so that screen readers say it in its language (WCAG 3.1.2)",
  ],
  [
    "marker language in an article",
    "data/insights/de/sdr-ramp.md",
    "7:16",
    "unknown language `xx` in the phrase marker [Scale-up]{lang=xx}",
    "the languages are `en`, `de` (data/locales.yaml)",
  ],
];

const project = makeProject(edits);
afterAll(project.cleanup);
const runs = {} as ValidateRuns;
beforeAll(async () => {
  Object.assign(runs, await validateAllFormats(project.root));
}, 120_000);

describe("validate reports unmarked and badly marked phrases at their exact place", () => {
  it("exactly these diagnostics, even with --strict (no stale text), exit 1, nothing on stderr", () => {
    expect(runs.pretty.stderr).toBe("");
    expect(runs.pretty.code, runs.pretty.stdout).toBe(1);
    const expected = cases.map(([, file, at]) => `${file}:${at}`).sort();
    for (const run of [runs.json, runs.strict]) {
      const all = JSON.parse(run.stdout) as JsonDiagnostic[];
      expect(all.map((d) => `${d.file}:${d.line}:${d.column}`).sort()).toEqual(expected);
    }
  });

  it.each(cases)("%s: %s:%s", (_what, file, at, message, hint) => {
    const [path, text] = splitPath(message);
    const [line, column] = at.split(":").map(Number);
    const lines = runs.pretty.stdout.split("\n");
    const head = lines.indexOf(`${file}:${at} error  ${message}`);
    expect(head, `no "${file}:${at} error  ${message}" in:\n${runs.pretty.stdout}`).toBeGreaterThan(-1);
    const block = lines.slice(head, lines.indexOf("", head));
    expect(block.at(-1)).toBe(`   hint: ${hint}`);
    expect(block.some((l) => l.startsWith(`  > ${line} |`))).toBe(true);

    const all = JSON.parse(runs.json.stdout) as JsonDiagnostic[];
    expect(all.filter((d) => d.file === file)).toEqual([
      expect.objectContaining({ line, column, severity: "error", path, message: text, hint }),
    ]);

    const annotation = runs.github.stdout
      .split("\n")
      .find((l) => l.startsWith(`::error file=${file},line=${line},col=${column},`));
    expect(annotation, runs.github.stdout).toBeDefined();
    expect(annotation).toContain(`::${text}%0Ahint: ${hint}`);
  });
});
