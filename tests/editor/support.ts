// The real editor (`npm run edit`) on a temporary copy of the project: the
// tests change its files and read them back from disk. Used by the HTTP tests
// (vitest) and the browser tests (tests/editor).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cp, mkdtemp, symlink, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";

export const projectRoot = join(import.meta.dirname, "..", "..");

/**
 * What the editor reads: data/, the schemas, the CLI's library, the editor, and the site (its covers'
 * folder, the card fonts' list validate checks card texts against, and its code and vite.config.ts with
 * the build's plugin it loads, which render the page preview); and what the CLI it runs to accept a translation imports (its inquiries
 * commands: inquiries/ and visits/). Not the site's generated modules: the preview writes its own.
 */
const COPIED = [
  "data",
  "schemas",
  "cli",
  "content",
  "editor",
  "inquiries",
  "visits",
  "site",
  "vite.config.ts",
  "engine/after-generate.js",
  "package.json",
  "tsconfig.json",
];
const NOT_COPIED = join(projectRoot, "site", "generated");

export async function copyProject(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "editor-e2e-"));
  const filter = (source: string) => source !== NOT_COPIED;
  for (const part of COPIED) await cp(join(projectRoot, part), join(root, part), { recursive: true, filter });
  await symlink(join(projectRoot, "node_modules"), join(root, "node_modules"));
  return root;
}

/** Runs git in `root` with an argument list; what it printed, trimmed. */
export const gitIn = (root: string, ...args: string[]): string =>
  execFileSync("git", args, { cwd: root, encoding: "utf8", env: { ...process.env, LC_ALL: "C" } }).trim();

/** An identity for one git command, where the repository has none of its own. */
export const IDENTITY = ["-c", "user.name=Test Owner", "-c", "user.email=owner@example.com"];

/**
 * Makes the project copy `root` a git repository on `main` with everything committed once (node_modules
 * ignored): with `identity`, its own user.name and user.email (Test Owner); with `upstream`, a bare
 * repository in `root/upstream.git` (ignored) as `origin`, pushed to and tracked.
 */
export async function initRepository(root: string, options: { identity?: boolean; upstream?: boolean } = {}) {
  await writeFile(join(root, ".gitignore"), "node_modules\nupstream.git/\n");
  gitIn(root, "init", "-q", "-b", "main");
  if (options.identity !== false) {
    gitIn(root, "config", "user.name", "Test Owner");
    gitIn(root, "config", "user.email", "owner@example.com");
  }
  gitIn(root, "add", "-A");
  gitIn(root, ...IDENTITY, "commit", "-q", "-m", "The project as copied");
  if (options.upstream) {
    gitIn(root, "init", "-q", "--bare", "-b", "main", "upstream.git");
    gitIn(root, "remote", "add", "origin", join(root, "upstream.git"));
    gitIn(root, "push", "-q", "-u", "origin", "main");
  }
}

export interface RunningEditor {
  root: string;
  url: string;
  port: number;
  token: string;
  stop(): Promise<void>;
}

const withoutVitest = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith("VITEST")));

/** Starts `npm run edit`'s program in `root` (with `env` added to its environment) and waits for the address it prints. */
export async function startEditor(root: string, env: Record<string, string> = {}): Promise<RunningEditor> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "editor/server/main.ts"], {
    cwd: root,
    // Not Vitest's variables: Vike leaves its plugin out of a Vite server it finds under Vitest (the page preview).
    env: { ...withoutVitest(process.env), ...env, EDITOR_PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the editor did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[0]);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => reject(new Error(`the editor exited (${code}):\n${output}`)));
  });
  const parsed = new URL(url);
  return {
    root,
    url,
    port: Number(parsed.port),
    token: parsed.searchParams.get("token") ?? "",
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Send the editor's token (the default). */
  token?: boolean;
  /** Send the body's Content-Length (the default, unless chunked): node sends none for a GET's body. */
  length?: boolean;
}

/**
 * A raw request to `editor`: node's http lets a test set Host and Origin as a
 * browser or an attacker would, and send any bytes as the body.
 */
export function send(editor: RunningEditor, path: string, options: RawRequest = {}): Promise<Answer> {
  const headers: Record<string, string> = { host: `127.0.0.1:${editor.port}`, ...options.headers };
  if (options.token !== false && !headers["x-editor-token"]) headers["x-editor-token"] = editor.token;
  if (options.body !== undefined && options.length !== false && !headers["transfer-encoding"]) {
    headers["content-length"] ??= String(Buffer.byteLength(options.body));
  }
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port: editor.port, path, method: options.method ?? "GET", headers },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** The folders of this machine no answer of the editor may name: the project copy's, the temporary, the home folder. */
export function machinePaths(root: string): string[] {
  return [root, tmpdir(), homedir(), "/work/"].filter((path) => path.length > 1);
}

// biome-ignore lint/suspicious/noExplicitAny: the API's JSON, read field by field
export type Json = Record<string, any>;

/** A GET (no body) or a POST of `body` as JSON to the editor's API, with its token: the status and the JSON answer. */
export async function callApi(
  editor: RunningEditor,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Json }> {
  const response = await fetch(`http://127.0.0.1:${editor.port}${path}`, {
    method: body ? "POST" : "GET",
    headers: { "x-editor-token": editor.token, "content-type": "application/json" },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json()) as Json };
}
