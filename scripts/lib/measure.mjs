// Wall time and peak resident memory of a command and every process it
// starts (the whole tree, summed, sampled from /proc every 100 ms), as the
// Astro peer's runner (../shared/peers/astro7/run.mjs) measures its build.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const PAGE_KIB = 4;
const SAMPLE_MS = 100;

/** The summed RSS, in KiB, of `root` and its descendants (0 where /proc is not there). */
export function treeRssKib(root) {
  const children = new Map();
  const rss = new Map();
  let entries = [];
  try {
    entries = readdirSync("/proc");
  } catch {
    return 0;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const pid = Number(name);
    const parent = Number(fields[1]);
    rss.set(pid, Number(fields[21]) * PAGE_KIB);
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(pid);
  }
  let sum = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop();
    sum += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return sum;
}

/**
 * Runs `command args` in `cwd`; resolves to its exit status, output, wall
 * time (ms) and peak tree RSS (MiB). Killed (and reported failed) after `timeoutMs`.
 */
export function measure(command, args, { cwd, env = process.env, timeoutMs = 60 * 60 * 1000 } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    // Its own process group, so that a timeout ends the whole tree it started.
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout = (stdout + chunk).slice(-200_000);
    });
    child.stderr.on("data", (chunk) => {
      stderr = (stderr + chunk).slice(-200_000);
    });
    let peakKib = 0;
    const sampler = setInterval(() => {
      peakKib = Math.max(peakKib, treeRssKib(child.pid));
    }, SAMPLE_MS);
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }, timeoutMs);
    child.on("close", (status, signal) => {
      clearInterval(sampler);
      clearTimeout(timer);
      resolve({
        status: status ?? (signal ? 128 : 1),
        stdout,
        stderr,
        ms: performance.now() - started,
        peakMiB: peakKib / 1024,
      });
    });
  });
}
