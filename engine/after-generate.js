// @ts-check
// `vike build` beside `generate` (engine/build.mjs, a cold build): Vite
// starts (Node, its configuration, Vike's plugin: about 2 s) while the data
// is checked and generated, and waits here, at the start of the build,
// before any module of the site is read, until `generate` has said how it
// went: BUILD_GENERATE_SIGNAL names a file the driver writes, "ok" or
// "failed"; BUILD_GENERATE_PID is the driver's process, whose end (killed
// before it could write the file) ends the wait too. Without the variable
// (`vike build` run by hand, `vike dev`) the plugin is not there. Vike reads no generated module before the build
// starts: its config files (+config.ts, +route.ts) import none.
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

/** How often the signal file is looked for, in ms. */
const POLL_MS = 20;

/**
 * Whether the process `pid` is still there (a signal 0 is only checked, never sent).
 * @param {number} pid
 */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/**
 * The plugin, or null where there is nothing to wait for.
 * @param {string | undefined} signal
 * @param {number} driver the process that writes the signal
 * @returns {import("vite").Plugin | null}
 */
export function afterGenerate(
  signal = process.env.BUILD_GENERATE_SIGNAL,
  driver = Number(process.env.BUILD_GENERATE_PID ?? process.ppid),
) {
  if (!signal) return null;
  /** @type {string | null} */
  let said = null;
  return {
    name: "after-generate",
    apply: "build",
    enforce: "pre",
    async buildStart() {
      while (said === null) {
        try {
          // Empty while the driver writes it: looked at again.
          said = readFileSync(signal, "utf8").trim() || null;
        } catch {
          // not there yet
        }
        if (said === null && !alive(driver)) said = "the build that started this one has stopped";
        if (said === null) await sleep(POLL_MS);
      }
      if (said === "failed") this.error("generate failed (see above): nothing to bundle");
      if (said !== "ok") this.error(`${said}: nothing to bundle`);
    },
  };
}
