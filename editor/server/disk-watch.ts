// Whether anything in data/ may have changed since the last look: one
// fs.watch per folder (inotify on Linux), so that a keystroke does not stat
// every file of data/ to learn that nothing did (10 ms at 1,000 articles).
//
// The kernel queues a change's event when the change is made, so once the
// event loop has polled (`settled()`), every change made before it has been
// reported. That holds for inotify only: elsewhere (macOS's FSEvents reports
// after a latency, network file systems not at all) the watcher is not used
// and every check stats data/ as before. A look older than TRUST_MS, a
// watcher that failed, a folder that could not be watched: all look again.
import { type FSWatcher, watch } from "node:fs";

/** How long a look at data/ is trusted while no folder reported a change: a bound on what a lost event costs. */
export const TRUST_MS = 2000;

export interface DiskWatch {
  /** Called just before data/ is looked at: a change from now on makes the look stale. */
  looking(): void;
  /** Called with every folder the look found (data/ included): each is watched from now on. */
  looked(folders: readonly string[]): void;
  /** True while the look started at `since` (Date.now()) can be trusted: nothing reported since, and recent. */
  unchanged(since: number): Promise<boolean>;
  close(): void;
}

export function watchFolders(): DiskWatch {
  const watchers = new Map<string, FSWatcher>();
  let changed = true;
  let broken = process.platform !== "linux";
  const stale = () => {
    changed = true;
  };
  const follow = (folder: string) => {
    if (broken || watchers.has(folder)) return;
    try {
      const watcher = watch(folder, { persistent: false }, stale);
      watcher.on("error", () => {
        broken = true;
        stale();
      });
      watchers.set(folder, watcher);
    } catch {
      // Out of inotify watches, or the folder went away: look at data/ every time.
      broken = true;
    }
  };
  return {
    looking() {
      changed = false;
    },
    looked(folders) {
      const wanted = new Set(folders);
      for (const [folder, watcher] of watchers) {
        if (wanted.has(folder)) continue;
        watcher.close();
        watchers.delete(folder);
      }
      // A folder watched only now may have changed unseen since it was listed: the next check looks again.
      for (const folder of folders) {
        if (watchers.has(folder)) continue;
        follow(folder);
        stale();
      }
    },
    async unchanged(since) {
      if (broken || changed) return false;
      // One turn of the event loop: the events of every change made before this call are delivered.
      await new Promise((done) => setImmediate(done));
      return !broken && !changed && Date.now() - since < TRUST_MS;
    },
    close() {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
      broken = true;
    },
  };
}
