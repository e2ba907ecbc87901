// Issue 22, items 2-4, through the real CLI process: strict YAML (unknown
// tags and directives refused at their position), safe output (nothing from
// the data reaches the terminal raw, no forged workflow command, a reader
// that leaves early), and root causes instead of cascades.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, it } from "vitest";
import { MAX_YAML_ERRORS } from "../../content/yaml-problems.ts";
import {
  BIN,
  blockOf,
  DATA,
  type Edit,
  ensureBundle,
  makeProject,
  plainEnv,
  replace,
  runCli,
  summaryOf,
  TERMINAL_CONTROLS,
} from "../support/cli.ts";

beforeAll(ensureBundle);

/** A test that runs the CLI several times: each run is a process, slow on a busy two-core machine. */
const SEVERAL_PROCESSES = 240_000;

const TAG_HINT =
  "data files hold plain text, numbers, lists and mappings: remove the tag (a text that starts with `!` goes in quotes)";

type Case = [name: string, file: string, edit: Edit, head: string, hint: string];

const cases: Case[] = [
  [
    "a JavaScript function tag",
    "consultants.yaml",
    replace(
      "focus: Building outbound from zero",
      'focus: !!js/function "function () {}"\n    x: Building outbound from zero',
    ),
    "consultants.yaml:10:12 error  YAML: unknown tag `!!js/function`",
    TAG_HINT,
  ],
  [
    "a custom tag in an article's front matter",
    "insights/sdr-ramp.md",
    replace("author: elena-petrova", "author: !custom elena-petrova"),
    "insights/sdr-ramp.md:5:9 error  YAML: unknown tag `!custom`",
    TAG_HINT,
  ],
  [
    "a tag YAML 1.1 knew (binary)",
    "clients.yaml",
    replace("name: Pipewell", "name: !!binary UGlwZXdlbGw="),
    "clients.yaml:7:11 error  YAML: unknown tag `!!binary`",
    TAG_HINT,
  ],
  [
    "a directive",
    "behaviour.yaml",
    (text) => `%FOO bar\n---\n${text}`,
    "behaviour.yaml:1:1 error  YAML: unknown directive `%FOO`",
    "a data file needs no `%` directive; remove the line",
  ],
];

describe("strict YAML", () => {
  it.concurrent.for(cases)(
    "refuses %s at its position",
    async ([, file, edit, head, hint], { expect, onTestFinished }) => {
      const project = makeProject({ [file]: edit });
      onTestFinished(project.cleanup);
      const run = await runCli(["validate"], { cwd: project.root });
      expect(run.code, run.stdout).toBe(1);
      const block = blockOf(run.stdout, `data/${head}`);
      expect(block, run.stdout).toBeDefined();
      expect(block?.at(-1)).toBe(`   hint: ${hint}`);
    },
  );
});

/** The report's own colours: SGR escape sequences. */
const SGR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/** Lines a GitHub Actions runner would run as a workflow command: `::` after leading spaces, or `##[` anywhere. */
const workflowCommands = (output: string) =>
  output.split("\n").filter((line) => line.trimStart().startsWith("::") || line.includes("##["));

describe("safe output", () => {
  const keyWithEscapes = replace(
    "  - slug: katharina-lindqvist\n",
    "  - slug: katharina-lindqvist\n    \u001b]0;pwned\u0007\u001b[2J: x\n",
  );
  const forged = replace(
    "legalName: Nordstern Partners",
    'legalName: "Nordstern\\n::error file=evil.yaml,line=1::forged ##[error]forged"',
  );

  it.concurrent(
    "a terminal escape in a key is shown escaped, in the message and the code frame",
    async ({ expect, onTestFinished }) => {
      const project = makeProject({ "consultants.yaml": keyWithEscapes });
      onTestFinished(project.cleanup);
      for (const env of [plainEnv(), plainEnv({ FORCE_COLOR: "1" })]) {
        const run = await runCli(["validate"], { cwd: project.root, env });
        expect(run.code).toBe(1);
        // With colour on, the only escapes are the report's own colours (SGR sequences).
        const text = run.stdout.replace(SGR, "");
        expect(text).not.toMatch(TERMINAL_CONTROLS);
        expect(text).toContain("\\x1b]0;pwned\\x07\\x1b[2J: x");
      }
      const json = await runCli(["validate", "--format", "json"], { cwd: project.root });
      expect(json.stdout).not.toMatch(TERMINAL_CONTROLS);
      expect(JSON.parse(json.stdout)[0]).toMatchObject({
        line: 7,
        column: 5,
        message: "U+001B ESCAPE at 7:5: delete it",
      });
    },
    SEVERAL_PROCESSES,
  );

  it.concurrent(
    "no line of the pretty or JSON report can run as a workflow command; --format github writes one per diagnostic",
    async ({ expect, onTestFinished }) => {
      // A folder whose name is a workflow command, holding data with the forged line break.
      const project = makeProject({ "site.yaml": forged });
      onTestFinished(project.cleanup);
      const folder = "::error file=evil.yaml,line=1::forged";
      renameSync(project.data, join(project.root, folder));
      for (const format of ["pretty", "json"]) {
        const run = await runCli(["validate", "--data", folder, "--format", format], { cwd: project.root });
        expect(run.code, run.stdout).toBe(1);
        expect(workflowCommands(run.stdout), run.stdout).toEqual([]);
      }
      const pretty = await runCli(["validate", "--data", folder], { cwd: project.root });
      expect(pretty.stdout).toContain(
        `./${folder}/site.yaml:6:24 error  firm.legalName: U+000A LINE FEED at 6:24: this text is one line: remove the line break`,
      );
      const github = await runCli(["validate", "--data", folder, "--format", "github"], { cwd: project.root });
      const lines = github.stdout.trimEnd().split("\n");
      expect(lines).toHaveLength(summaryOf(pretty.stdout)?.errors ?? -1);
      for (const line of lines)
        expect(line).toMatch(/^::error file=%3A%3Aerror file=evil\.yaml%2Cline=1%3A%3Aforged\/site\.yaml,line=\d+,/);
      // A usage error quoting the argument: on standard error, escaped.
      const missing = await runCli(["validate", "--data", "x\n::error::forged\n##[error]forged"], {
        cwd: project.root,
      });
      expect(missing.code).toBe(2);
      expect(missing.stderr).toBe("error: data folder not found: x\\n::error::forged\\n#\\x23[error]forged\n");
    },
    SEVERAL_PROCESSES,
  );

  it.concurrent(
    "`validate | head` ends quietly: no stack trace when the reader leaves",
    async ({ expect, onTestFinished }) => {
      // Enough diagnostics (an article per unknown author) to overflow a pipe's buffer.
      const article = readFileSync(join(DATA, "insights", "crm-hygiene.md"), "utf8").replace(
        "author: jonas-weber",
        "author: nobody",
      );
      const project = makeProject();
      onTestFinished(project.cleanup);
      mkdirSync(join(project.data, "insights"), { recursive: true });
      for (let i = 0; i < 400; i++) writeFileSync(join(project.data, "insights", `copy-${i}.md`), article);
      // Exactly as a content owner would: the shell pipes standard output into `head`, which leaves after a line.
      const result = await new Promise<{ code: number | null; stderr: string; read: number }>((resolve, reject) => {
        const script = `"${process.execPath}" "${BIN}" validate 2>stderr.txt | head -n 1; echo "exit \${PIPESTATUS[0]}"`;
        const child = spawn("bash", ["-c", script], {
          cwd: project.root,
          env: plainEnv(),
          stdio: ["ignore", "pipe", "inherit"],
        });
        let stdout = "";
        child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
          stdout += chunk;
        });
        child.on("error", reject);
        child.on("close", () => {
          const [first = "", exit = ""] = stdout.trimEnd().split("\n");
          resolve({
            code: Number(/^exit (\d+)$/.exec(exit)?.[1] ?? -1),
            stderr: readFileSync(join(project.root, "stderr.txt"), "utf8"),
            read: first.length,
          });
        });
      });
      expect(result.read).toBeGreaterThan(0);
      expect(result.stderr).toBe("");
      expect(result.code).toBe(1);
    },
    SEVERAL_PROCESSES,
  );
});

describe("root causes, not cascades", () => {
  const rootCases: Array<[name: string, file: string, edit: Edit, head: string]> = [
    [
      "a stray line with an unclosed `[` above `consultants:` (285 diagnostics before)",
      "consultants.yaml",
      replace("\nconsultants:\n", "\n  bogus: [1,\nconsultants:\n"),
      "consultants.yaml:5:10 error  YAML: this `[` is not closed",
    ],
    [
      "an unclosed `{` inside a section",
      "home.yaml",
      replace("\nabout:\n", "\nabout:\n  bogus: {a: 1,\n"),
      "home.yaml:18:10 error  YAML: this `{` is not closed",
    ],
    [
      "a list closed by the wrong bracket",
      "insights/crm-hygiene.md",
      replace("tags: [crm, data]", "tags: [crm, data}"),
      "insights/crm-hygiene.md:7:7 error  YAML: this `[` is closed by `}`",
    ],
  ];

  it.concurrent.for(rootCases)(
    "%s: reported where it opens, and nothing that follows from it",
    async ([, file, edit, head], { expect, onTestFinished }) => {
      const project = makeProject({ [file]: edit });
      onTestFinished(project.cleanup);
      const run = await runCli(["validate", "--format", "json"], { cwd: project.root });
      expect(run.code).toBe(1);
      const diagnostics = JSON.parse(run.stdout) as Array<{
        file: string;
        line: number;
        column: number;
        message: string;
      }>;
      expect(diagnostics.length, run.stdout).toBeLessThanOrEqual(MAX_YAML_ERRORS);
      const [first] = diagnostics;
      expect(`${first?.file}:${first?.line}:${first?.column} error  ${first?.message}`).toBe(`data/${head}`);
    },
  );
});
