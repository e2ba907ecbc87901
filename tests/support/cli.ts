// Shared by the CLI and unit tests: copies of the shipped data with one
// mistake, and two ways to run the CLI (the real process, or main() in-process).
import { spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { main } from "../../cli/index.ts";
import { DATA_FILES } from "../../schemas/index.ts";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const DATA = join(ROOT, "data");

/**
 * How many files `validate` reads in a data folder: the data files, each
 * translation file (data/<code>/<file>.yaml) and lock, each entry of data/insights/
 * and of its languages' folders.
 */
export function filesCheckedIn(data: string): number {
  const codes = (parse(readFileSync(join(data, "locales.yaml"), "utf8")) as { locales: { code: string }[] }).locales
    .map((l) => l.code)
    .filter((code) => existsSync(join(data, code)));
  const list = (dir: string) => (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : []);
  const translated = codes.flatMap((code) =>
    list(join(data, code)).filter((e) => e.name.endsWith(".lock.yaml") || existsSync(join(data, e.name))),
  ).length;
  const articles = list(join(data, "insights")).filter((e) => !(e.isDirectory() && codes.includes(e.name))).length;
  const articleTranslations = codes.reduce((sum, code) => sum + list(join(data, "insights", code)).length, 0);
  const glossary = existsSync(join(data, "glossary.yaml")) ? 1 : 0;
  return DATA_FILES.length + translated + articles + articleTranslations + glossary;
}
export const BIN = join(ROOT, "bin", "content.mjs");
export const INVALID_FIXTURES = join(ROOT, "tests", "fixtures", "invalid");

/** The shipped content of one data file, parsed, for expected values that must follow the data. */
export function shipped<T = Record<string, unknown>>(file: string): T {
  return parse(readFileSync(join(DATA, file), "utf8")) as T;
}

/** One change to one data file: the new content (text or raw bytes), or null to delete the file. */
export type Edit = (original: string) => string | Uint8Array | null;

/** Replaces the one occurrence of `from`; a target that is missing or not unique fails the test loudly. */
export function replace(from: string, to: string): Edit {
  return (original) => {
    const count = original.split(from).length - 1;
    if (count !== 1) throw new Error(`edit target ${JSON.stringify(from)} occurs ${count} times, expected once`);
    return original.replace(from, () => to);
  };
}

/** The whole file becomes tests/fixtures/invalid/<name>, byte for byte. */
export function fixture(name: string): Edit {
  return () => readFileSync(join(INVALID_FIXTURES, name));
}

export const remove: Edit = () => null;

export interface Project {
  /** A temporary project root: run the CLI here and it reads `data/` and reports `data/x.yaml:line:col`. */
  root: string;
  data: string;
  cleanup(): void;
}

/** Copies data/ into a fresh temporary project and applies `edits`, keyed by file name. */
export function makeProject(edits: Record<string, Edit> = {}): Project {
  const root = mkdtempSync(join(tmpdir(), "content-test-"));
  const data = join(root, "data");
  cpSync(DATA, data, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const path = join(data, file);
    const next = edit(readFileSync(path, "utf8"));
    if (next === null) rmSync(path);
    else writeFileSync(path, next);
  }
  return { root, data, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of the test run without anything that switches colour on or off. */
export function plainEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NO_COLOR;
  delete env.FORCE_COLOR;
  return { ...env, ...extra };
}

/** Runs `node bin/content.mjs ...args` as a real process, stdout and stderr piped (not a TTY). */
export function runCli(args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? ROOT,
      env: options.env ?? plainEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolvePromise({ code, stdout, stderr }));
  });
}

/** Runs the CLI's main() in this process, as `content ...args`, without colour. */
export async function runMain(args: readonly string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    stdout: {
      write: (text: string) => {
        stdout += text;
      },
    },
    stderr: {
      write: (text: string) => {
        stderr += text;
      },
    },
    env,
  });
  return { code, stdout, stderr };
}

/**
 * bin/content.mjs bundles the CLI on its first run after a change. Two test
 * files starting at once would both write that bundle while the other may be
 * importing it, so the first run happens once, under a lock.
 */
export async function ensureBundle(): Promise<void> {
  const lock = join(ROOT, "node_modules", ".cache", "content-cli-test.lock");
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 60_000) rmSync(lock, { recursive: true, force: true }); // left by a killed run
      await new Promise((wake) => setTimeout(wake, 100));
    }
  }
  try {
    const run = await runCli(["--help"]);
    if (run.code !== 0) throw new Error(`node bin/content.mjs --help failed (${run.code}):\n${run.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The lines of the pretty report that belong to the diagnostic whose first
 * line is exactly `head`: the head, its code frame and its hint.
 */
export function blockOf(stdout: string, head: string): string[] | undefined {
  const lines = stdout.split("\n");
  const start = lines.indexOf(head);
  if (start === -1) return undefined;
  const end = lines.indexOf("", start);
  return lines.slice(start, end === -1 ? undefined : end);
}

/** The last line of a pretty report: `1 error, 1 warning in 2 files (11 files checked)`. */
export const SUMMARY = /^(\d+) errors?, (\d+) warnings? in (\d+) files? \((\d+) files? checked\)$/;
/** The last line of a clean run: `no errors or warnings (21 files checked)`. */
export const CLEAN_SUMMARY = /^no errors or warnings \((\d+) files? checked\)$/;

export function summaryOf(stdout: string) {
  const line = stdout.trimEnd().split("\n").at(-1) ?? "";
  const clean = CLEAN_SUMMARY.exec(line);
  if (clean) return { errors: 0, warnings: 0, files: 0, checked: Number(clean[1]) };
  const match = SUMMARY.exec(line);
  if (!match) return undefined;
  return { errors: Number(match[1]), warnings: Number(match[2]), files: Number(match[3]), checked: Number(match[4]) };
}

/** Characters a terminal acts on (C0 but tab and line feed, DEL, C1): none may reach the output raw. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it matches
export const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** One diagnostic of `validate --format json`. */
export interface JsonDiagnostic {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: string;
  path: string;
  message: string;
  hint: string | null;
}

export type ValidateRuns = Record<"pretty" | "json" | "github" | "strict", Run>;

/** `validate` in the project at `root` in all three formats, and as JSON with --strict, at once. */
export async function validateAllFormats(root: string): Promise<ValidateRuns> {
  const [pretty, json, github, strict] = await Promise.all([
    runCli(["validate"], { cwd: root }),
    runCli(["validate", "--format", "json"], { cwd: root }),
    runCli(["validate", "--format", "github"], { cwd: root }),
    runCli(["validate", "--format", "json", "--strict"], { cwd: root }),
  ]);
  return { pretty, json, github, strict };
}

/** `hero.heading: message` → ["hero.heading", "message"]; a message without a path → ["", message]. */
export function splitPath(message: string): [string, string] {
  const match = /^([\w[\]]+(?:\.[\w[\]]+)*): /.exec(message);
  return match ? [match[1] as string, message.slice(match[0].length)] : ["", message];
}
