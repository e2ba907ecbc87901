// The real `validate` process: output formats, exit codes, colour and the summary.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { DATA, ensureBundle, filesCheckedIn, makeProject, plainEnv, replace, runCli, shipped } from "../support/cli.ts";

beforeAll(ensureBundle);

/** An SGR escape sequence (colour, bold); ESC written as a code so the source holds no control character. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`);

// One project with three mistakes in three files, shared by the format tests:
// a placeholder link (a warning) and two errors.
const broken = makeProject({
  "site.yaml": replace("    href: /insights\n", '    href: "#"\n'),
  "consultants.yaml": replace("arrRange: 5M-50M", "arrRange: 5-50"),
  "behaviour.yaml": replace("openDelayMs: 700", "openDelayMs: -1"),
});
afterAll(broken.cleanup);

/** Where the placeholder link ("Insights", href "#") sits in the broken project's site.yaml. */
const siteLines = readFileSync(join(broken.data, "site.yaml"), "utf8").split("\n");
const placeholderLine = siteLines.findIndex((line) => line.trim() === 'href: "#"') + 1;
const placeholderColumn = (siteLines[placeholderLine - 1]?.indexOf('"#"') ?? -1) + 1;
const placeholderPath = `nav[${shipped<{ nav: Array<{ href: string }> }>("site.yaml").nav.findIndex((l) => l.href === "/insights")}].href`;
const placeholderHead = `data/site.yaml:${placeholderLine}:${placeholderColumn} warning  ${placeholderPath}: placeholder link "#" leads nowhere`;
const placeholder = {
  file: "data/site.yaml",
  line: placeholderLine,
  column: placeholderColumn,
  endLine: placeholderLine,
  endColumn: placeholderColumn + 3,
  severity: "warning",
  path: placeholderPath,
  message: 'placeholder link "#" leads nowhere',
  hint: "point it at a page when one exists; until then it is shown as a placeholder",
};

/** Every file validate reads from the shipped data: the data files and whatever data/insights/ holds. */
const shippedFiles = filesCheckedIn(DATA);

const arrRangeError = {
  file: "data/consultants.yaml",
  line: 35,
  column: 15,
  endLine: 35,
  endColumn: 19,
  severity: "error",
  path: "consultants[1].arrRange",
  message: 'must be a range like "2M-25M", got "5-50"',
  hint: 'ARR range the consultant focuses on: write both ends in millions with an M, low before high, like "2M-25M"',
};
const delayError = {
  file: "data/behaviour.yaml",
  line: 6,
  column: 16,
  endLine: 6,
  endColumn: 18,
  severity: "error",
  path: "tooltip.openDelayMs",
  message: "Too small: expected number to be >=0, got the number -1",
  hint: "Hover time before a hint opens, in milliseconds",
};

describe.concurrent("validate on the shipped data", () => {
  it("exits 0 and prints only the summary: no warning (the Insights link is no placeholder any more)", async ({
    expect,
  }) => {
    expect(placeholderLine).toBeGreaterThan(0);
    expect(placeholderPath).not.toBe("nav[-1].href");
    const run = await runCli(["validate"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(`no errors or warnings (${shippedFiles} files checked)\n`);
  });

  it("--format json: an empty list, exit 0", async ({ expect }) => {
    const run = await runCli(["validate", "--format", "json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([]);
  });
});

describe.concurrent("validate --format", () => {
  it("pretty (the default): every problem located, then the summary line", async ({ expect }) => {
    const run = await runCli(["validate"], { cwd: broken.root });
    expect(run.code).toBe(1);
    const heads = run.stdout.split("\n").filter((line) => /^data\/\S+:\d+:\d+ /.test(line));
    // Sorted by data file (in DATA_FILES order), then by line.
    expect(heads).toEqual([
      placeholderHead,
      `data/behaviour.yaml:6:16 error  tooltip.openDelayMs: ${delayError.message}`,
      `data/consultants.yaml:35:15 error  consultants[1].arrRange: ${arrRangeError.message}`,
    ]);
    expect(run.stdout).toContain(
      [
        "    34 |     focus: Moving mid-market SaaS up to enterprise deals",
        "  > 35 |     arrRange: 5-50",
        "       |               ^^^^",
        `   hint: ${arrRangeError.hint}`,
      ].join("\n"),
    );
    expect(run.stdout.endsWith(`\n2 errors, 1 warning in 3 files (${shippedFiles} files checked)\n`)).toBe(true);
  });

  it("json: an array of {file, line, column, endLine, endColumn, severity, path, message, hint}", async ({
    expect,
  }) => {
    const run = await runCli(["validate", "--format", "json"], { cwd: broken.root });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("");
    const diagnostics = JSON.parse(run.stdout);
    expect(diagnostics).toEqual([placeholder, delayError, arrRangeError]);
    for (const d of diagnostics) {
      expect(Object.keys(d)).toEqual([
        "file",
        "line",
        "column",
        "endLine",
        "endColumn",
        "severity",
        "path",
        "message",
        "hint",
      ]);
    }
  });

  it("github: one workflow command per problem, located", async ({ expect }) => {
    const run = await runCli(["validate", "--format", "github"], { cwd: broken.root });
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      new RegExp(`^::warning file=data/site.yaml,line=${placeholderLine},col=${placeholderColumn},endLine=`),
    );
    expect(lines[1]).toBe(
      "::error file=data/behaviour.yaml,line=6,col=16,endLine=6,endColumn=18,title=tooltip.openDelayMs" +
        `::${delayError.message}%0Ahint: ${delayError.hint}`,
    );
    expect(lines[2]).toBe(
      "::error file=data/consultants.yaml,line=35,col=15,endLine=35,endColumn=19,title=consultants[1].arrRange" +
        `::${arrRangeError.message}%0Ahint: ${arrRangeError.hint}`,
    );
  });

  it("xml: a usage error, exit 2, nothing on stdout", async ({ expect }) => {
    const run = await runCli(["validate", "--format", "xml"], { cwd: broken.root });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(
      "error: option '--format <format>' argument 'xml' is invalid. Allowed choices are pretty, json, github.",
    );
  });
});

describe.concurrent("validate usage problems exit 2", () => {
  it.for<[string, string[], string]>([
    [
      "a data folder that does not exist",
      ["validate", "--data", "/nonexistent"],
      "error: data folder not found: /nonexistent",
    ],
    [
      "a data folder that is a file",
      ["validate", "--data", "package.json"],
      "error: data folder not found: package.json",
    ],
    ["an unknown command", ["check"], "error: unknown command 'check'"],
  ])("%s", async ([_name, args, message], { expect }) => {
    const run = await runCli(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.split("\n")[0]).toBe(message);
  });
});

describe.concurrent("validate colour", () => {
  it.for<[string, Record<string, string>, boolean]>([
    ["not a terminal", {}, false],
    ["not a terminal, FORCE_COLOR=1", { FORCE_COLOR: "1" }, true],
    ["NO_COLOR=1 wins over FORCE_COLOR=1", { NO_COLOR: "1", FORCE_COLOR: "1" }, false],
    ["FORCE_COLOR=0", { FORCE_COLOR: "0" }, false],
    ["an empty NO_COLOR does not count", { NO_COLOR: "", FORCE_COLOR: "1" }, true],
  ])("%s", async ([_name, env, coloured], { expect }) => {
    const run = await runCli(["validate"], { cwd: broken.root, env: plainEnv(env) });
    expect(run.code).toBe(1);
    expect(ANSI.test(run.stdout)).toBe(coloured);
    // The words are the same either way.
    expect(run.stdout.replace(new RegExp(ANSI.source, "g"), "")).toContain(
      `data/consultants.yaml:35:15 error  consultants[1].arrRange: ${arrRangeError.message}`,
    );
  });

  it("never colours json", async ({ expect }) => {
    const run = await runCli(["validate", "--format", "json"], {
      cwd: broken.root,
      env: plainEnv({ FORCE_COLOR: "1" }),
    });
    expect(ANSI.test(run.stdout)).toBe(false);
  });
});
