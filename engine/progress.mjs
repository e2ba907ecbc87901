// @ts-check
// What the build says while it runs. On a terminal: one progress line,
// redrawn (pages done of total, pages per second, time left). Elsewhere (CI,
// a pipe): a line when rendering starts, one every quarter, none per file.
// With --verbose: every file written, as well. Then the summary.
import pc from "picocolors";

const REDRAW_MS = 100;

/** @param {{ tty: boolean, verbose: boolean, write?: (text: string) => void }} options */
export function createProgress({ tty, verbose, write = (text) => process.stdout.write(text) }) {
  let total = 0;
  let done = 0;
  let started = 0;
  let drawn = 0;
  let nextQuarter = 1;
  let lineShown = false;

  const rate = () => done / Math.max((performance.now() - started) / 1000, 1e-3);
  const clear = () => {
    if (lineShown) write("\r\x1b[2K");
    lineShown = false;
  };
  const line = () => {
    const perSecond = rate();
    const left = perSecond > 0 ? (total - done) / perSecond : 0;
    return `rendering ${done.toLocaleString("en")}/${total.toLocaleString("en")} pages · ${Math.round(perSecond)} pages/s · ${formatSeconds(left)} left`;
  };

  return {
    /** @param {number} count @param {number} threads */
    start(count, threads) {
      total = count;
      started = performance.now();
      if (!tty) write(`rendering ${count.toLocaleString("en")} pages on ${threads} threads\n`);
    },
    /** @param {{ files: string[], reused: boolean }} page */
    page(page) {
      done++;
      if (verbose) {
        clear();
        for (const file of page.files)
          write(`${pc.dim("dist/client/")}${page.reused ? pc.dim(file) : pc.blue(file)}\n`);
      }
      const now = performance.now();
      if (tty && (now - drawn > REDRAW_MS || done === total)) {
        drawn = now;
        clear();
        write(line());
        lineShown = true;
      } else if (!tty && done >= (total * nextQuarter) / 4 && nextQuarter < 4) {
        write(`${line()}\n`);
        nextQuarter++;
      }
    },
    end() {
      clear();
    },
    /** @param {string} text */
    log(text) {
      clear();
      write(`${text}\n`);
    },
  };
}

/**
 * "1.2 s", "2 min 05 s".
 * @param {number} seconds
 */
export function formatSeconds(seconds) {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(Math.round(seconds % 60)).padStart(2, "0")} s`;
}

/**
 * "512 B", "12.3 KiB", "4.5 MiB".
 * @param {number} bytes
 */
export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
