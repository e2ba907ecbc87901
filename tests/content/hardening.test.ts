// The second hardening round (issue 30): what a held-out fuzz found on
// b9df0e6, each through `validate` in-process on a copy of the shipped data.
// Deep nesting is a located error (exit 1, never an internal error) in every
// kind of YAML file; a broken lock file is reported at its own line first,
// and the texts it covers in one diagnostic; a lock file has the hygiene of
// every data file.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_NESTING } from "../../content/yaml-problems.ts";
import { LONGEST_TEXT } from "../../schemas/text.ts";
import { DATA, type Edit, type JsonDiagnostic, makeProject, type Project, runMain } from "../support/cli.ts";

const projects: Project[] = [];
afterEach(() => {
  for (const project of projects.splice(0)) project.cleanup();
});

async function validate(edits: Record<string, Edit>) {
  const project = makeProject(edits);
  projects.push(project);
  const run = await runMain(["validate", "--data", project.data, "--format", "json"]);
  expect(run.stderr).toBe("");
  const diagnostics = JSON.parse(run.stdout) as JsonDiagnostic[];
  const shown = diagnostics.map((d) => ({ ...d, file: d.file.slice(project.data.length + 1) }));
  return { code: run.code, diagnostics: shown };
}

/** Adds `line` after the line of `file` that starts with `after`. */
const insertAfter =
  (after: string, line: string): Edit =>
  (original) => {
    const lines = original.split("\n");
    const at = lines.findIndex((l) => l.startsWith(after));
    if (at === -1) throw new Error(`no line starting ${after}`);
    lines.splice(at + 1, 0, line);
    return lines.join("\n");
  };

const ARTICLE = readdirSync(join(DATA, "insights")).find((name) => name.endsWith(".md")) ?? "";
const GERMAN_ARTICLE = readdirSync(join(DATA, "insights", "de")).find((name) => name.endsWith(".md")) ?? "";
/** The line after an article's title, where the nest goes. */
const afterTitle = (file: string) =>
  readFileSync(join(DATA, file), "utf8")
    .split("\n")
    .findIndex((line) => line.startsWith("title:")) + 2;

describe("deep nesting", () => {
  // 3,000 levels crashed innermostUnclosed (stack); 20,000 levels crash yaml's composer itself (out of memory).
  const cases: Array<{ name: string; file: string; edit: (nest: string) => Edit; line: number }> = [
    {
      name: "a data file",
      file: "site.yaml",
      edit: (nest) => (original) => `${original.trimEnd()}\nnested: ${nest}\n`,
      line: readFileSync(join(DATA, "site.yaml"), "utf8").trimEnd().split("\n").length + 1,
    },
    {
      name: "a translation",
      file: "de/home.yaml",
      edit: (nest) => (original) => `nested: ${nest}\n${original}`,
      line: 1,
    },
    {
      name: "a lock file",
      file: "de/legal.lock.yaml",
      edit: (nest) => (original) => `${original.trimEnd()}\nnested: ${nest}\n`,
      line:
        readFileSync(join(DATA, "de", "legal.lock.yaml"), "utf8")
          .trimEnd()
          .split("\n").length + 1,
    },
    {
      name: "an article's front matter",
      file: `insights/${ARTICLE}`,
      edit: (nest) => insertAfter("title:", `nested: ${nest}`),
      line: afterTitle(`insights/${ARTICLE}`),
    },
    {
      name: "a translated article's front matter",
      file: `insights/de/${GERMAN_ARTICLE}`,
      edit: (nest) => insertAfter("title:", `nested: ${nest}`),
      line: afterTitle(`insights/de/${GERMAN_ARTICLE}`),
    },
  ];
  const nests = {
    "3,000 [ closed": `${"[".repeat(3000)}${"]".repeat(3000)}`,
    "3,000 [ unclosed": "[".repeat(3000),
    "20,000 { closed": `${"{a: ".repeat(20_000)}1${"}".repeat(20_000)}`,
    "3,000 - on one line": `\n${"- ".repeat(3000)}x`,
  };
  for (const { name, file, edit, line } of cases) {
    it(`in ${name}: one located error where the nesting passes ${MAX_NESTING} levels, exit 1`, async () => {
      for (const [kind, nest] of Object.entries(nests)) {
        const { code, diagnostics } = await validate({ [file]: edit(nest) });
        expect(code, kind).toBe(1);
        const here = diagnostics.filter((d) => d.file === file);
        expect(here, kind).toHaveLength(1);
        expect(here[0]?.message).toContain(`nested more than ${MAX_NESTING} levels deep`);
        // The nest on one line starts on the line after its key.
        expect(here[0]?.line, kind).toBe(kind.includes("one line") ? line + 1 : line);
      }
    }, 120_000);
  }

  it(`nesting up to ${MAX_NESTING} levels is read as usual (the schema then speaks)`, async () => {
    const nest = `${"[".repeat(MAX_NESTING - 2)}1${"]".repeat(MAX_NESTING - 2)}`;
    const { diagnostics } = await validate({ "site.yaml": (original) => `${original.trimEnd()}\nnested: ${nest}\n` });
    expect(diagnostics.map((d) => d.message)).toEqual(["unknown key `nested`"]);
  });
});

describe("a lock file with one broken line", () => {
  const lock = "de/legal.lock.yaml";
  const shipped = readFileSync(join(DATA, lock), "utf8");
  const covered = (shipped.match(/^\S.*:$/gm) ?? []).length;
  const damage: Record<string, Edit> = {
    "an unclosed [": (original) => original.replace(/^( {2}hash: )/m, "$1["),
    'an unclosed "': (original) => original.replace(/^( {2}en: )/m, '$1"'),
    "a tab indent": (original) => original.replace(/^ {2}hash:/m, "\thash:"),
    "an outdent": (original) => original.replace(/^ {2}hash:/m, "hash:"),
    "a value set to null": (original) => original.replace(/^( {2}en: ).*$/m, "$1null"),
  };
  for (const [name, edit] of Object.entries(damage)) {
    it(`${name}: the lock file's own error first, then one summary of the ${covered} texts it covers`, async () => {
      const { code, diagnostics } = await validate({ [lock]: edit });
      expect(code).toBe(1);
      expect(diagnostics.length).toBeLessThanOrEqual(3);
      expect(diagnostics[0]?.file).toBe(lock);
      expect(diagnostics[0]?.severity).toBe("error");
      const summary = diagnostics.filter((d) => d.message.includes("could not be read"));
      expect(summary).toHaveLength(1);
      expect(summary[0]?.message).toMatch(
        new RegExp(`data/${lock.replace(".", "\\.")} could not be read: ${covered} texts not checked for staleness$`),
      );
      expect(summary[0]?.file).toBe("de/legal.yaml");
      expect(diagnostics.some((d) => d.message.includes("no record of the English"))).toBe(false);
    });
  }

  it("a broken articles lock: its error, and one summary instead of one warning per article field", async () => {
    const { code, diagnostics } = await validate({
      "de/articles.lock.yaml": (original) => original.replace(/^( {2}hash: )/m, "$1["),
    });
    expect(code).toBe(1);
    expect(diagnostics[0]?.file).toBe("de/articles.lock.yaml");
    const summary = diagnostics.filter((d) => d.message.includes("could not be read"));
    expect(summary).toHaveLength(1);
    expect(summary[0]?.message).toMatch(/articles\.lock\.yaml could not be read: \d+ texts not checked for staleness$/);
    expect(summary[0]?.file).toMatch(/^insights\/de\/.+\.md$/);
    expect(diagnostics.some((d) => d.message.includes("no record of the English"))).toBe(false);
  });

  it("an intact lock file missing one record keeps that text's own warning", async () => {
    const { diagnostics } = await validate({
      [lock]: (original) => original.replace(/^entity\.address\.city:\n {2}hash: .*\n {2}en: .*\n/m, ""),
    });
    expect(diagnostics.map((d) => `${d.file}:${d.path}: ${d.message.split(" (")[0]}`)).toEqual([
      "de/legal.yaml:entity.address.city: no record of the English text this translates",
    ]);
  });
});

describe("a lock file is data too: the same character and length rules", () => {
  const lock = "de/legal.lock.yaml";
  const lines = readFileSync(join(DATA, lock), "utf8").split("\n");
  const enLine = lines.findIndex((l) => l.startsWith("  en: ")) + 1;

  it("an en record holding terminal escapes is refused at its line and column", async () => {
    const { code, diagnostics } = await validate({
      [lock]: (original) => original.replace(/^( {2}en: ).*$/m, '$1"\\e]0;owned\\a\\e[2J"'),
    });
    expect(code).toBe(1);
    expect(diagnostics).toHaveLength(2); // the character, and the texts the lock covers left unchecked
    expect(diagnostics[0]).toMatchObject({ file: lock, line: enLine, column: 8, severity: "error" });
    expect(diagnostics[0]?.message).toContain("U+001B ESCAPE");
  });

  it(`an en record of 200,000 characters is refused (at most ${LONGEST_TEXT}, the longest English text)`, async () => {
    const { diagnostics } = await validate({
      [lock]: (original) => original.replace(/^( {2}en: ).*$/m, `$1${"x".repeat(200_000)}`),
    });
    expect(diagnostics[0]).toMatchObject({ file: lock, line: enLine, severity: "error" });
    expect(diagnostics[0]?.message).toContain(`(200000, at most ${LONGEST_TEXT})`);
  });

  it("an article's title record longer than any title is refused in the articles lock", async () => {
    const { diagnostics } = await validate({
      "de/articles.lock.yaml": (original) =>
        original.replace(/^(\S+\.title:\n {2}hash: .*\n {2}en: ).*$/m, `$1${"x".repeat(500)}`),
    });
    expect(diagnostics[0], JSON.stringify(diagnostics)).toMatchObject({
      file: "de/articles.lock.yaml",
      severity: "error",
    });
    expect(diagnostics[0]?.message).toContain("no article title is that long");
  });
});
