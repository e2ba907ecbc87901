// One bad translation per translation rule, planted together in a copy of
// the shipped data (each in a file of its own) and validated through the
// real CLI process: each gives exactly its one diagnostic, at the exact
// file:line:col, with its message and hint, in all three formats; and
// `--strict` makes the stale ones errors.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DATA,
  type Edit,
  ensureBundle,
  type JsonDiagnostic,
  makeProject,
  remove,
  replace,
  runCli,
  splitPath,
  type ValidateRuns,
  validateAllFormats,
} from "../support/cli.ts";

beforeAll(ensureBundle);

/** Deletes one entry (three lines: the path, hash, en) from a lock file. */
const unlock =
  (key: string): Edit =>
  (original) => {
    const next = original.replace(
      new RegExp(`^${key.replace(/[.[\]]/g, "\\$&")}:\\n  hash: [0-9a-f]+\\n  en: .*\\n`, "m"),
      "",
    );
    if (next === original) throw new Error(`no lock entry ${key}`);
    return next;
  };

const edits: Record<string, Edit> = {
  // missing: a text taken out of its German file; a whole German file not written
  "de/people.yaml": replace("  heading: Senior-Growth-Berater für SaaS\n", ""),
  "de/stats.yaml": remove,
  // orphaned: a key with no English source, and a value that is not a text
  "de/about.yaml": replace(
    "  heading: Ganzheitlich denken\n",
    "  heading: Ganzheitlich denken\n  subheading: Ein Netzwerk\n",
  ),
  "de/home.yaml": replace(
    "    label: Mit einem {firm.name}-Partner arbeiten\n",
    "    label: Mit einem {firm.name}-Partner arbeiten\n    href: /de/contact\n",
  ),
  // tokens and figures
  "de/insights.yaml": replace('  title: "{firm.name} Insights"', '  title: "Insights"'),
  "de/approach.yaml": replace("innerhalb von 60 Tagen.", "innerhalb von zwei Monaten."),
  // lengths: the English field's limit applies
  "de/contact.yaml": replace(
    "  submit: Partnerschaft für Wachstum starten",
    "  submit: Partnerschaft für Wachstum starten und alle Vorteile des Netzwerks sofort nutzen",
  ),
  // phrase markers
  "de/form-options.yaml": replace("  - label: CEO / Gründer", "  - label: CEO / [Gründer]{lang=xx}"),
  "de/clients.yaml": replace("darüber hinaus vertrauen uns", "darüber hinaus vertrauen uns {lang=de}"),
  // stale: the English text changed since; a text never accepted
  "inquiry.yaml": replace("sending: Sending…", "sending: Sending your inquiry…"),
  "de/site.lock.yaml": unlock("ui.skipLink"),
  // articles: a link to an English page, a translationOf that is not the file's slug, a stale title
  "insights/de/sdr-ramp.md": replace("(/de/insights/icp-and-anti-personas)", "(/insights/icp-and-anti-personas)"),
  "insights/de/crm-hygiene.md": replace("translationOf: crm-hygiene", "translationOf: crm-hygene"),
  "insights/discovery-calls.md": replace(
    'title: "Discovery calls that qualify: a structure, the questions and what to write down"',
    'title: "Discovery calls that qualify: the structure, the questions and what to write down"',
  ),
};

// The glossary: a term listed a second time, at the end (its line follows the shipped file).
const glossary = readFileSync(join(DATA, "glossary.yaml"), "utf8");
edits["glossary.yaml"] = (original) => `${original}  - en: sdr\n    de: keep\n`;
const glossaryAt = `${glossary.split("\n").length}:9`;
const glossaryIndex = glossary.split("\n  - en: ").length - 1;
const sdrLine = glossary.split("\n").indexOf("  - en: SDR") + 1;

type Case = [rule: string, file: string, at: string, severity: "error" | "warning", message: string, hint: string];

const cases: Case[] = [
  [
    "missing text",
    "data/de/people.yaml",
    "2:1",
    "error",
    'hero.heading: missing translation of "Senior SaaS Growth Consultants" (data/people.yaml:6:12)',
    "add `heading:` under `hero` in data/de/people.yaml: the de text of `hero.heading`",
  ],
  [
    "missing file",
    "data/de/stats.yaml",
    "1:1",
    "error",
    "data/de/stats.yaml is missing: data/stats.yaml has 34 texts to translate",
    "create data/de/stats.yaml with the same keys as data/stats.yaml, holding only its texts (docs/i18n.md)",
  ],
  [
    "orphaned key",
    "data/de/about.yaml",
    "5:3",
    "error",
    "hero.subheading: `subheading` under `hero` has no English source in data/about.yaml",
    "did you mean `heading`?",
  ],
  [
    "orphaned value",
    "data/de/home.yaml",
    "11:5",
    "error",
    "hero.primary.href: `hero.primary.href` is not translated: it holds no text of data/home.yaml",
    "a translation holds only texts (no figures, slugs, options, hrefs or e-mails); delete it: the page uses the English value",
  ],
  [
    "token",
    "data/de/insights.yaml",
    "47:10",
    "error",
    "feed.title: {firm.name} is missing: the English text has it (data/insights.yaml:47:10)",
    "write {firm.name} in the translation exactly as in English; generate puts the value in its place",
  ],
  [
    "number",
    "data/de/approach.yaml",
    "63:12",
    "error",
    "phases[2].claim: the number 60 of the English text is not in the translation (data/approach.yaml:66:12)",
    "a claim says the same in every language: write 60 as a figure (1.5 may be written 1,5)",
  ],
  [
    "length",
    "data/de/contact.yaml",
    "43:11",
    "error",
    "form.submit: the submit is too long by 30 characters (80, at most 50)",
    "a button or link text fits on one line of a phone's screen",
  ],
  [
    "marker language",
    "data/de/form-options.yaml",
    "3:18",
    "error",
    "role[0].label: unknown language `xx` in the phrase marker [Gründer]{lang=xx}",
    "the languages are `en`, `de` (data/locales.yaml)",
  ],
  [
    "marker syntax",
    "data/de/clients.yaml",
    "2:68",
    "error",
    "heading: phrase marker {lang=de} is not well formed",
    "write the phrase in brackets and the language right after it, like `[ganzheitlich]{lang=de}`",
  ],
  [
    "stale text",
    "data/de/inquiry.yaml",
    "3:10",
    "warning",
    "sending: the English text changed since this was translated (data/inquiry.yaml:4:10)",
    'English was "Sending…", now "Sending your inquiry…"; update the translation, then: npm run translations -- accept de inquiry.sending',
  ],
  [
    "never accepted",
    "data/de/site.yaml",
    "13:13",
    "warning",
    "ui.skipLink: no record of the English text this translates (data/site.yaml:20:13)",
    "once the translation is reviewed: npm run translations -- accept de site.ui.skipLink",
  ],
  [
    "article link",
    "data/insights/de/sdr-ramp.md",
    "38:250",
    "error",
    'link to "/insights/icp-and-anti-personas", an English page, from a text in language de',
    "link the page in this language: `/de/insights/icp-and-anti-personas`",
  ],
  [
    "article translationOf",
    "data/insights/de/crm-hygiene.md",
    "2:16",
    "error",
    "translationOf: translationOf: crm-hygene, but this file is crm-hygiene.md: a translation has its original's slug",
    "name the file `crm-hygene.md`, or write `translationOf: crm-hygiene` if that is the original",
  ],
  [
    "article stale",
    "data/insights/de/discovery-calls.md",
    "3:8",
    "warning",
    "title: the English title changed since this was translated (data/insights/discovery-calls.md)",
    'English was "… that qualify: a structure, the questions and what to writ…", now "… that qualify: the structure, the questions and what to wr…"; update the translation, then: npm run translations -- accept de insights/discovery-calls',
  ],
  [
    "glossary",
    "data/glossary.yaml",
    glossaryAt,
    "error",
    `terms[${glossaryIndex}].en: the term "sdr" is listed twice (first at line ${sdrLine})`,
    "keep one entry per term: merge the notes into the first",
  ],
];

const project = makeProject(edits);
afterAll(project.cleanup);
const runs = {} as ValidateRuns;
beforeAll(async () => {
  Object.assign(runs, await validateAllFormats(project.root));
}, 120_000);

describe("validate reports each bad translation at its exact place", () => {
  it("exactly these diagnostics, exit 1, nothing on stderr", () => {
    expect(runs.pretty.stderr).toBe("");
    expect(runs.pretty.code, runs.pretty.stdout).toBe(1);
    const all = JSON.parse(runs.json.stdout) as JsonDiagnostic[];
    expect(all.map((d) => `${d.file}:${d.line}:${d.column}`).sort()).toEqual(
      cases.map(([, file, at]) => `${file}:${at}`).sort(),
    );
  });

  it.each(cases)("%s: %s:%s", (_rule, file, at, severity, message, hint) => {
    const [path, text] = splitPath(message);
    const [line, column] = at.split(":").map(Number);
    const lines = runs.pretty.stdout.split("\n");
    const head = lines.indexOf(`${file}:${at} ${severity}  ${message}`);
    expect(head, `no "${file}:${at} ${severity}  ${message}" in:\n${runs.pretty.stdout}`).toBeGreaterThan(-1);
    const block = lines.slice(head, lines.indexOf("", head));
    expect(block.at(-1)).toBe(`   hint: ${hint}`);
    // A code frame with the line, except for a file that is not there.
    if (file !== "data/de/stats.yaml") expect(block.some((l) => l.startsWith(`  > ${line} |`))).toBe(true);

    const all = JSON.parse(runs.json.stdout) as JsonDiagnostic[];
    expect(all.filter((d) => d.file === file)).toEqual([
      expect.objectContaining({ line, column, severity, path, message: text, hint }),
    ]);

    const annotation = runs.github.stdout
      .split("\n")
      .find((l) => l.startsWith(`::${severity} file=${file},line=${line},col=${column},`));
    expect(annotation, runs.github.stdout).toBeDefined();
    expect(annotation).toContain(`::${text.replace(/%/g, "%25")}%0Ahint: ${hint.replace(/%/g, "%25")}`);
  });

  it("--strict: a stale translation is an error", () => {
    expect(runs.strict.code).toBe(1);
    const strict = JSON.parse(runs.strict.stdout) as JsonDiagnostic[];
    const stale = cases.filter((c) => c[3] === "warning").map(([, file, at]) => `${file}:${at}`);
    expect(strict.filter((d) => stale.includes(`${d.file}:${d.line}:${d.column}`)).map((d) => d.severity)).toEqual(
      stale.map(() => "error"),
    );
    expect(strict.every((d) => d.severity === "error")).toBe(true);
  });
});

describe("npm run translations", () => {
  it("reports per file: translated, stale, missing; --format json the same", async () => {
    const run = await runCli(["translations", "--format", "json"], { cwd: project.root });
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as {
      locales: {
        code: string;
        files: { file: string; texts: number; translated: number; stale: number; missing: number }[];
      }[];
    };
    const de = report.locales.find((l) => l.code === "de");
    const row = (file: string) => de?.files.find((f) => f.file === file);
    expect(row("data/de/people.yaml")).toMatchObject({ missing: 1, stale: 0 });
    expect(row("data/de/stats.yaml")).toMatchObject({ translated: 0, missing: 34 });
    expect(row("data/de/inquiry.yaml")).toMatchObject({ stale: 1, missing: 0 });
    expect(row("data/de/site.yaml")).toMatchObject({ stale: 1, missing: 0 });
    const pretty = await runCli(["translations"], { cwd: project.root });
    expect(pretty.stdout).toMatch(/^ {2}data\/de\/inquiry\.yaml +\d+\/\d+ +1 +0$/m);
  });

  it("accept marks a text current: its stale warning goes, the lock file changes", async () => {
    const accept = await runCli(["translations", "accept", "de", "inquiry.sending"], { cwd: project.root });
    expect(accept.stderr).toBe("");
    expect(accept.stdout).toBe("accepted 1 text: data/de/inquiry.lock.yaml\n");
    const run = await runCli(["validate", "--format", "json"], { cwd: project.root });
    const all = JSON.parse(run.stdout) as JsonDiagnostic[];
    expect(all.some((d) => d.file === "data/de/inquiry.yaml")).toBe(false);
  });

  it("accept of an article accepts the article, not the texts of insights.yaml beside it", async () => {
    const lockOfInsights = join(project.root, "data", "de", "insights.lock.yaml");
    const before = readFileSync(lockOfInsights, "utf8");
    const accept = await runCli(["translations", "accept", "de", "insights/discovery-calls"], { cwd: project.root });
    expect(accept.stderr).toBe("");
    expect(accept.stdout).toBe("accepted 1 article: data/de/articles.lock.yaml\n");
    expect(readFileSync(lockOfInsights, "utf8")).toBe(before);
  });

  it("accept of a translated article that has errors says so, with no stack trace", async () => {
    const file = join(project.root, "data", "insights", "de", "territory-planning.md");
    writeFileSync(file, "---\ntitle: Gebietsplanung\ndescription: Wie man Gebiete plant.\n---\nText.\n");
    try {
      const run = await runCli(["translations", "accept", "de", "insights/territory-planning"], { cwd: project.root });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("error: no translated article territory-planning in data/insights/de/");
      expect(run.stderr).toContain("npm run validate");
      expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
    } finally {
      rmSync(file);
    }
  });

  it("accept names a text that is not there: a usage error with a did-you-mean", async () => {
    const run = await runCli(["translations", "accept", "de", "inquiry.sendng"], { cwd: project.root });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("error: no translated text at inquiry.sendng: did you mean inquiry.sending?\n");
  });
});
