// The file-system entries a command creates, counted from its system calls
// (strace -f: every process and thread): files opened with O_CREAT, folders
// made, hard and symbolic links. A rename creates no entry (it moves one)
// and is counted apart. Each is put under the first of `areas` (name →
// folder) its path is in, or "other". The bench runs it untimed, beside the
// timed runs: strace slows every call it traces.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";

const CALLS = "openat,open,creat,mkdir,mkdirat,link,linkat,symlink,symlinkat,rename,renameat,renameat2";

/** Whether strace can trace a process here (installed: `apt-get install strace`; and ptrace allowed). */
export function canCount() {
  return (
    spawnSync("strace", ["-f", "-qq", "-o", "/dev/null", process.execPath, "-e", "0"], { stdio: "ignore" }).status === 0
  );
}

/**
 * Runs `command args` under strace in `cwd`; returns the creations per area,
 * the renames, and the command's exit status.
 * @param {string} command @param {string[]} args
 * @param {{ cwd: string, env?: NodeJS.ProcessEnv, areas: Record<string, string> }} options
 */
export function countCreations(command, args, { cwd, env = process.env, areas }) {
  const dir = mkdtempSync(join(tmpdir(), "creations-"));
  const log = join(dir, "strace.log");
  try {
    const run = spawnSync("strace", ["-f", "-qq", "-e", `trace=${CALLS}`, "-o", log, command, ...args], {
      cwd,
      env,
      stdio: "ignore",
    });
    /** @type {Record<string, number>} */
    const created = Object.fromEntries([...Object.keys(areas), "other"].map((name) => [name, 0]));
    let renames = 0;
    const folders = Object.entries(areas).map(([name, folder]) => [name, `${resolve(cwd, folder)}/`]);
    /** @param {string} path */
    const count = (path) => {
      const absolute = isAbsolute(path) ? path : resolve(cwd, path);
      const area = folders.find(([, folder]) => absolute.startsWith(folder))?.[0] ?? "other";
      created[area] = (created[area] ?? 0) + 1;
    };
    /** @type {Map<string, string>} A thread's call cut by another's, by thread: "<unfinished ...>" until "<... resumed>". */
    const unfinished = new Map();
    for (const raw of readFileSync(log, "utf8").split("\n")) {
      const thread = /^(\d+)\s/.exec(raw)?.[1] ?? "";
      let line = raw;
      if (raw.endsWith("<unfinished ...>")) {
        unfinished.set(thread, raw.slice(0, -"<unfinished ...>".length));
        continue;
      }
      const resumed = /^\d+\s+<\.\.\. \w+ resumed>(.*)$/.exec(raw);
      if (resumed) {
        line = `${unfinished.get(thread) ?? ""}${resumed[1]}`;
        unfinished.delete(thread);
      }
      // A failed call ("= -1 EEXIST ...") created nothing.
      if (!/= \d+(?: |$)/.test(line)) continue;
      const call = /^\d+\s+(\w+)\(/.exec(line)?.[1];
      const paths = [...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1] ?? "");
      if (call === undefined) continue;
      if (call.startsWith("rename")) renames++;
      else if (call.startsWith("open") || call === "creat") {
        if (/O_CREAT/.test(line) || call === "creat") count(paths[0] ?? "");
      } else if (call.startsWith("mkdir")) count(paths[0] ?? "");
      else count(paths[paths.length - 1] ?? "");
    }
    return { created, renames, status: run.status };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
