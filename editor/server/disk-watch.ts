// Whether anything in data/ may have changed since the last look: one
// fs.watch per folder (inotify on Linux), so that a keystroke does not stat
// every file of data/ to learn that nothing did (10 ms at 1,000 articles).
//
// The kernel queues a change's event when the change is made, so once the
// event loop has polled (`unchanged()` waits for that), every change made before it has been
// reported. That holds for inotify only: elsewhere (macOS's FSEvents reports
// after a latency, network file systems not at all) the watcher is not used
// and every check stats data/ as before. A look older than TRUST_MS, a
// watcher that failed, a folder that could not be watched: all look again.
import { type FSWatcher, statSync, watch } from "node:fs";

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
  /** Each folder's watcher, and the folder's inode when it was made: a folder removed and made again is another. */
  const watchers = new Map<string, { watcher: FSWatcher; ino: number }>();
  let changed = true;
  let broken = process.platform !== "linux";
  const stale = () => {
    changed = true;
  };
  const follow = (folder: string, ino: number) => {
    if (broken) return;
    try {
      const watcher = watch(folder, { persistent: false }, stale);
      // A folder removed (its watch ends) or a watch that fails: looked at again, and watched anew if it is there.
      watcher.on("error", () => {
        unwatch(folder);
        stale();
      });
      watchers.set(folder, { watcher, ino });
    } catch {
      // Out of inotify watches, or the folder went away: look at data/ every time.
      broken = true;
    }
  };
  const unwatch = (folder: string) => {
    watchers.get(folder)?.watcher.close();
    watchers.delete(folder);
  };
  return {
    looking() {
      changed = false;
    },
    looked(folders) {
      const wanted = new Set(folders);
      for (const folder of watchers.keys()) if (!wanted.has(folder)) unwatch(folder);
      // A folder watched only now may have changed unseen since it was listed: the next check looks again.
      for (const folder of folders) {
        const ino = statSync(folder, { throwIfNoEntry: false })?.ino ?? -1;
        if (watchers.get(folder)?.ino === ino) continue;
        unwatch(folder);
        follow(folder, ino);
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
      for (const folder of [...watchers.keys()]) unwatch(folder);
      broken = true;
    },
  };
}
