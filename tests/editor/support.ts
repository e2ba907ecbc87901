// The real editor (`npm run edit`) on a temporary copy of the project: the
// tests change its files and read them back from disk. Used by the HTTP tests
// (vitest) and the browser tests (tests/editor).
import { type ChildProcess, spawn } from "node:child_process";
import { cp, mkdtemp, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const projectRoot = join(import.meta.dirname, "..", "..");

/**
 * What the editor reads: data/, the schemas, the CLI's library (with the card fonts' list it checks card
 * texts against), the editor, and the covers' folder.
 */
const COPIED = [
  "data",
  "schemas",
  "cli",
  "editor",
  "inquiries",
  "site/public",
  "site/cards/fonts.ts",
  "package.json",
  "tsconfig.json",
];

export async function copyProject(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "editor-e2e-"));
  for (const part of COPIED) await cp(join(projectRoot, part), join(root, part), { recursive: true });
  await symlink(join(projectRoot, "node_modules"), join(root, "node_modules"));
  return root;
}

export interface RunningEditor {
  root: string;
  url: string;
  port: number;
  token: string;
  stop(): Promise<void>;
}

/** Starts `npm run edit`'s program in `root` and waits for the address it prints. */
export async function startEditor(root: string): Promise<RunningEditor> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "editor/server/main.ts"], {
    cwd: root,
    env: { ...process.env, EDITOR_PORT: "0" },
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
