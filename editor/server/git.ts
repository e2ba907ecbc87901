// git itself, for the editor's Changes view (publish-routes.ts): the
// program on the PATH, spawned with an argument list (never a shell) in the
// project's folder, with a time limit and a bound on what it prints. It
// never asks for anything: no terminal prompt for a password, no terminal
// at all (its own session), so a push that needs a login fails and says so.
import { spawn } from "node:child_process";

export interface GitRun {
  /** The exit code; null when killed (the time limit) or git could not be started. */
  code: number | null;
  stdout: string;
  stderr: string;
  /** Output past `maxBytes` was dropped. */
  truncated: boolean;
}

export interface GitOptions {
  timeoutMs?: number;
  maxBytes?: number;
  env?: Record<string, string>;
}

const ENV = {
  // Never wait for a password or a passphrase; a status never takes the index's lock from the owner's own git.
  GIT_TERMINAL_PROMPT: "0",
  GIT_OPTIONAL_LOCKS: "0",
  // Path arguments are file names, never patterns (`*`, `:(glob)`).
  GIT_LITERAL_PATHSPECS: "1",
  GIT_PAGER: "cat",
  LC_ALL: "C",
};

/** Runs `git args` in `cwd`; resolves with what it printed, never rejects. */
export function git(cwd: string, args: readonly string[], options: GitOptions = {}): Promise<GitRun> {
  const { timeoutMs = 20_000, maxBytes = 1024 * 1024 } = options;
  return new Promise((resolve) => {
    const child = spawn("git", args, {
      cwd,
      env: { ...process.env, ...ENV, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group with no terminal: ssh cannot ask for a passphrase, and a timeout stops them all.
      detached: true,
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // Gone already.
      }
    }, timeoutMs);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let truncated = false;
    const keep = (into: Buffer[]) => (chunk: Buffer) => {
      const room = maxBytes - size;
      if (room <= 0) {
        truncated = true;
        return;
      }
      if (chunk.length > room) truncated = true;
      const kept = chunk.subarray(0, room);
      into.push(kept);
      size += kept.length;
    };
    child.stdout.on("data", keep(out));
    child.stderr.on("data", keep(err));
    let failure = "";
    child.on("error", (error) => {
      const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
      failure = missing ? "git is not installed (no `git` on the PATH)" : `git could not be started: ${error.message}`;
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      const stderr = Buffer.concat(err).toString("utf8");
      const late = timedOut ? `git took longer than ${timeoutMs / 1000} s and was stopped\n` : "";
      const stdout = Buffer.concat(out).toString("utf8");
      resolve({ code: failure ? null : code, stdout, stderr: failure || late + stderr, truncated });
    });
  });
}

/** The folders whose files the Changes view shows and commits: what the editor writes (data/, the covers). */
export const CONTENT_FOLDERS = ["data", "site/public/images/insights"] as const;

export interface Repository {
  /** The project folder relative to the repository's top folder: "" or `site/` (with its slash). */
  prefix: string;
  branch: string | null;
  /** The branch's upstream, like `origin/main`; null when it has none. */
  upstream: string | null;
  ahead: number;
  behind: number;
  /** False before the first commit. */
  hasHead: boolean;
}

export interface ChangedFile {
  /** Relative to the project folder, like `data/consultants.yaml`. */
  path: string;
  /** git's two letters (index, work tree): ` M`, `A `, `??`, `R `… */
  code: string;
  /** A rename's old path, relative to the project folder. */
  from?: string;
}

export const NOT_A_REPOSITORY =
  "this project folder is not in a git repository, so there is nothing to commit to: " +
  "run `git init` in it (or open the editor in a clone of the site's repository)";

/** The repository the project folder is in, or why there is none to use (no repository, no git). */
export async function repository(root: string): Promise<Repository | { reason: string }> {
  const prefix = await git(root, ["rev-parse", "--show-prefix"]);
  if (prefix.code === null) return { reason: prefix.stderr.trim() };
  if (prefix.code !== 0) return { reason: NOT_A_REPOSITORY };
  const status = await git(root, ["status", "--porcelain=v2", "--branch", "-z", "--untracked-files=no", "--", "."]);
  const header = (name: string) =>
    status.stdout
      .split("\0")
      .find((line) => line.startsWith(`# branch.${name} `))
      ?.slice(`# branch.${name} `.length);
  const ab = /^\+(\d+) -(\d+)$/.exec(header("ab") ?? "");
  const head = header("head");
  return {
    prefix: prefix.stdout.trim(),
    branch: head && head !== "(detached)" ? head : null,
    upstream: header("upstream") ?? null,
    ahead: Number(ab?.[1] ?? 0),
    behind: Number(ab?.[2] ?? 0),
    hasHead: header("oid") !== undefined && header("oid") !== "(initial)",
  };
}

/**
 * The files changed under CONTENT_FOLDERS since the last commit, staged or
 * not, new files each by name (`git status --porcelain=v2 -z`).
 */
export async function changedFiles(root: string, prefix: string): Promise<ChangedFile[]> {
  const run = await git(root, ["status", "--porcelain=v2", "-z", "--untracked-files=all", "--", ...CONTENT_FOLDERS]);
  if (run.code !== 0) throw new Error(`git status failed: ${run.stderr.trim()}`);
  const mine = (path: string) => (path.startsWith(prefix) ? path.slice(prefix.length) : path);
  const records = run.stdout.split("\0");
  const files: ChangedFile[] = [];
  for (let i = 0; i < records.length; i++) {
    const record = records[i] ?? "";
    const fields = record.split(" ");
    // `1 XY sub mH mI mW hH hI path`, `2 … X<score> path` then the old path, `u XY sub m1 m2 m3 mW h1 h2 h3 path`, `? path`.
    if (record.startsWith("1 ")) files.push({ code: fields[1] ?? "", path: mine(fields.slice(8).join(" ")) });
    else if (record.startsWith("2 ")) {
      const from = records[++i] ?? "";
      files.push({ code: fields[1] ?? "", path: mine(fields.slice(9).join(" ")), from: mine(from) });
    } else if (record.startsWith("u ")) files.push({ code: fields[1] ?? "", path: mine(fields.slice(10).join(" ")) });
    else if (record.startsWith("? ")) files.push({ code: "??", path: mine(record.slice(2)) });
  }
  return files.map((file) => ({ ...file, code: file.code.replaceAll(".", " ") }));
}

const DIFF = ["--no-color", "--no-ext-diff", "--no-textconv"];

/** git's own diff of one changed file against the last commit (a new file: against nothing). */
export async function diffOf(root: string, file: ChangedFile, hasHead: boolean, maxBytes: number): Promise<GitRun> {
  if (file.code === "??" || (!hasHead && file.code[0] === "A")) {
    // A file git does not know yet: shown as all new; `--no-index` answers 1 when there is a difference.
    const run = await git(root, ["diff", "--no-index", ...DIFF, "--", "/dev/null", file.path], { maxBytes });
    return run.code === 1 ? { ...run, code: 0 } : run;
  }
  const paths = file.from ? [file.from, file.path] : [file.path];
  return git(root, ["diff", ...DIFF, hasHead ? "HEAD" : "--cached", "--", ...paths], { maxBytes });
}

/** Why git would not commit under the owner's name (no `user.name` or `user.email`), or undefined. */
export async function missingIdentity(root: string): Promise<string | undefined> {
  const run = await git(root, ["-c", "user.useConfigOnly=true", "var", "GIT_COMMITTER_IDENT"]);
  if (run.code === 0) return undefined;
  return (
    "git does not know who you are, so nothing was committed. In a terminal, run " +
    '`git config --global user.name "Your Name"` and `git config --global user.email you@example.com`, ' +
    "then commit again."
  );
}

/**
 * Commits exactly `files` (their text as it is on disk now, new and deleted
 * files included) with `message`; anything else the owner staged stays staged
 * and out of this commit (`git commit --only`).
 */
export async function commitFiles(root: string, files: readonly ChangedFile[], message: string): Promise<GitRun> {
  const paths = files.flatMap((file) => (file.from ? [file.from, file.path] : [file.path]));
  const add = await git(root, ["add", "--all", "--", ...paths]);
  if (add.code !== 0) return add;
  // The owner's own commit hooks run, and may take their time.
  const commit = ["-c", "user.useConfigOnly=true", "commit", "--only", `--message=${message}`, "--", ...paths];
  return git(root, commit, { timeoutMs: 120_000 });
}

/** The last commit: its hash, short hash and subject. */
export async function lastCommit(root: string): Promise<{ hash: string; short: string; subject: string }> {
  const run = await git(root, ["log", "-1", "--format=%H%x00%h%x00%s"]);
  const [hash = "", short = "", subject = ""] = run.stdout.trim().split("\0");
  return { hash, short, subject };
}

/** `git push` of the current branch to its upstream: git's own answer. */
export const push = (root: string) => git(root, ["push"], { timeoutMs: 60_000, maxBytes: 64 * 1024 });
