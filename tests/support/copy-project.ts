// A copy of the project's sources and data in a temporary folder, to change
// what a test means to prove needs no other change (a schema's new field, a
// new language) and run the copy's own code. node_modules is linked, so the
// copy must never run bin/content.mjs (its CLI bundle lives in the shared
// node_modules/.cache): run the copy's TypeScript with tsx (`runInCopy`).
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./cli.ts";

export interface ProjectCopy {
  root: string;
  /** Replaces `from` with `to` in the copy's file `path` (relative to the copy); a `from` not there is the test's error. */
  edit(path: string, from: string, to: string): void;
  /** Runs a TypeScript script in the copy (tsx), with no cache shared with the project; its last line of output, parsed as JSON. */
  run(script: string): unknown;
  cleanup(): void;
}

export function copyProject(): ProjectCopy {
  const root = mkdtempSync(join(tmpdir(), "project-copy-"));
  for (const dir of ["schemas", "content", "cli", "editor", "inquiries", "visits", "site", "security", "data"]) {
    cpSync(join(ROOT, dir), join(root, dir), { recursive: true, filter: (path) => !path.includes("/generated") });
  }
  for (const file of ["package.json", "tsconfig.json"]) cpSync(join(ROOT, file), join(root, file));
  symlinkSync(join(ROOT, "node_modules"), join(root, "node_modules"), "dir");
  return {
    root,
    edit(path, from, to) {
      const file = join(root, path);
      const text = readFileSync(file, "utf8");
      if (!text.includes(from)) throw new Error(`the copy's ${path} has no ${JSON.stringify(from)}: update the test`);
      writeFileSync(file, text.replace(from, to));
    },
    run(script) {
      const file = join(root, `probe-${Date.now()}.ts`);
      writeFileSync(file, script);
      const env = { ...process.env, CONTENT_CACHE_DIR: join(root, ".cache"), CONTENT_ARTICLE_CACHE: "0" };
      const out = execFileSync(process.execPath, ["--import", "tsx", file], { cwd: root, encoding: "utf8", env });
      return JSON.parse(out.trim().split("\n").at(-1) ?? "null");
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
