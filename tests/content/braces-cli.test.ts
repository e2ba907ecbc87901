// Braces in texts (issue 42, item 2), end to end in-process: the case the
// issue found, a token left open in an English text, is one error at its own
// brace (not a German "not in the English text"); a brace meant as a brace,
// `{{` and `}}`, is one brace on the page, in YAML and in an article, while an
// article's code keeps its braces as written.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DATA, type JsonDiagnostic, makeProject, replace, runMain } from "../support/cli.ts";

const home = readFileSync(join(DATA, "home.yaml"), "utf8");
/** The first `{stats.targetArr}` of home.yaml, and its line:col, read from the data. */
const TOKEN = "{stats.targetArr}";
const tokenAt = home.indexOf(TOKEN);
const line = home.slice(0, tokenAt).split("\n").length;
const column = tokenAt - home.lastIndexOf("\n", tokenAt - 1);

const out = mkdtempSync(join(tmpdir(), "braces-out-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

async function validate(data: string) {
  const run = await runMain(["validate", "--data", data, "--format", "json"]);
  return { run, diagnostics: JSON.parse(run.stdout) as JsonDiagnostic[] };
}

describe("a token left open in an English text", () => {
  it("is one error at its brace in the English file, and no error in the translation", async ({ onTestFinished }) => {
    const unclosed = `${TOKEN.slice(0, -1)} ARR`;
    const project = makeProject({ "home.yaml": replace(`${TOKEN} ARR`, unclosed) });
    onTestFinished(project.cleanup);
    const { run, diagnostics } = await validate(project.data);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(1);
    const errors = diagnostics.filter((d) => d.severity === "error");
    expect(errors).toEqual([
      expect.objectContaining({
        file: join(project.data, "home.yaml"),
        line,
        column,
        endColumn: column + TOKEN.length - 1,
        message: `\`${TOKEN.slice(0, -1)}\` is never closed: a token ends with \`}\``,
        hint: `did you mean \`${TOKEN}\`? (a brace meant as a brace is written twice: \`{{\`)`,
      }),
    ]);
  });
});

describe("a brace meant as a brace", () => {
  it("in a YAML text, {{ and }} are one brace in the generated module", async ({ onTestFinished }) => {
    const project = makeProject({ "home.yaml": replace(`${TOKEN} ARR`, `${TOKEN} ARR {{per year}}`) });
    onTestFinished(project.cleanup);
    const { run } = await validate(project.data);
    expect(run.stdout).not.toContain('"error"');
    expect(run.code).toBe(0);
    const generated = await runMain(["generate", "--data", project.data, "--out", out, "--format", "json"]);
    expect(generated.code).toBe(0);
    const module = readFileSync(join(out, "home.ts"), "utf8");
    expect(module).toContain(" ARR {per year}");
    expect(module).not.toContain("{{");
  });

  it("in an article, {{ and }} are one brace on the page; its code keeps every brace as written", async ({
    onTestFinished,
  }) => {
    const project = makeProject();
    onTestFinished(project.cleanup);
    const article = [
      "---",
      "title: Braces {{as written}}",
      "description: Braces in text and in code.",
      "date: 2026-10-01",
      "author: marco-bellini",
      "tags: [crm]",
      "---",
      "## Braces",
      "",
      'A set {{a, b}}, then `{ "stage": "won" }` and `{{ name }}` in code, and {stats.targetArr}.',
      "",
      "```js",
      "const x = { a: 1 };",
      "if (x) {",
      "```",
      "",
    ].join("\n");
    writeFileSync(join(project.data, "insights", "braces-as-written.md"), article);
    const { run, diagnostics } = await validate(project.data);
    expect(diagnostics.filter((d) => d.file.endsWith("braces-as-written.md"))).toEqual([]);
    expect(run.code, run.stdout).toBe(0);
    const generated = await runMain(["generate", "--data", project.data, "--out", out, "--format", "json"]);
    expect(generated.code).toBe(0);
    const html = readFileSync(join(out, "articles", "braces-as-written.html"), "utf8");
    expect(html).toContain("A set {a, b}, then <code>{ &quot;stage&quot;: &quot;won&quot; }</code>");
    expect(html).toContain("<code>{{ name }}</code>");
    expect(html).toContain("const x = { a: 1 };\nif (x) {\n");
    expect(html).not.toContain("{stats.targetArr}");
    const summary = readFileSync(join(out, "articles.json"), "utf8");
    expect(summary).toContain('"title":"Braces {as written}"');
  });
});
