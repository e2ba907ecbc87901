// Live validation: the CLI's own `validate` (content/content.ts), run warm in
// the editor's process. The files being edited are an overlay: every read of
// content answers their unsaved text (content/session.ts), so nothing is
// copied or written. The session's memos keep each file's parse and each
// article's record by what it was made from: a keystroke parses the file it
// changed, and runs again only what spans files (the rules, links, translations).
// data/ itself is stat'ed file by file only after one of its folders reported
// a change (disk-watch.ts), or when its watchers cannot be trusted.
import { readdirSync, type Stats, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { ContentResult, Diagnostic, DiskSnapshot } from "../../content/index.ts";
import { inSession, isRacy, newMemo, stampOf, validateContent } from "../../content/index.ts";
import { type DiskWatch, watchFolders } from "./disk-watch.ts";

export interface CheckResult {
  diagnostics: Diagnostic[];
  result: ContentResult;
  /** A check of data/ as it is on disk: each file's stat it was made on (see `against`). */
  disk?: DiskSnapshot;
}

/** A check skipped because its asker gave up before its turn. */
export class CheckGivenUp extends Error {
  constructor() {
    super("not checked: the request was given up");
  }
}

export interface Checker {
  /** Validates data/ with `overlay` (path relative to data/ → text) in place of those files. */
  /**
   * Validates data/ with `overlay` (path relative to data/ → text, null: as if deleted) in place of those files.
   * `render`: the articles' HTML too; `drafts`: the drafts' too (the page preview). A check whose `signal`
   * aborts while it waits its turn is skipped (its asker has gone: a newer keystroke). `against`: a check of
   * data/ as it is on disk, made just before; the files not overlaid are taken as that check saw them
   * (no second stat of each), so the two compare the same disk.
   */
  check(
    overlay?: ReadonlyMap<string, string | null>,
    options?: { render?: boolean; drafts?: boolean; signal?: AbortSignal; against?: CheckResult },
  ): Promise<CheckResult>;
  close(): Promise<void>;
}

interface DiskState {
  signature: string | undefined;
  disk: DiskSnapshot | undefined;
}

/**
 * data/ as it is on disk: every file's stat by absolute path (no read), and a
 * signature of every file's name and stamp; no signature while a file is too
 * recent to trust its stamp. `watch` is told which folders there are.
 */
function diskState(dataDir: string, watch: DiskWatch): DiskState {
  let names: string[];
  const at = Date.now();
  watch.looking();
  try {
    // With the entries' types: a listing of names alone stats every entry to find the folders (8 ms a keystroke at 1,000 articles).
    const entries = readdirSync(dataDir, { recursive: true, withFileTypes: true });
    watch.looked([
      dataDir,
      ...entries.filter((entry) => entry.isDirectory()).map((entry) => join(entry.parentPath, entry.name)),
    ]);
    names = entries
      .filter((entry) => !entry.isDirectory())
      .map((entry) => join(entry.parentPath, entry.name).slice(dataDir.length + 1))
      .sort();
  } catch {
    watch.looked([]);
    return { signature: undefined, disk: undefined };
  }
  const stats = new Map<string, Stats>();
  const out: string[] = [];
  let racy = false;
  for (const name of names) {
    const path = join(dataDir, name);
    const info = statSync(path, { throwIfNoEntry: false });
    if (!info?.isFile()) continue;
    stats.set(path, info);
    racy ||= isRacy(info, at);
    out.push(`${name}\0${stampOf(info)}`);
  }
  return { signature: racy ? undefined : out.join("\n"), disk: { at, stats } };
}

export async function createChecker(root: string): Promise<Checker> {
  const dataDir = join(root, "data");
  const memo = newMemo();
  const watch = watchFolders();
  /** The last look at data/: taken again unless no folder has reported a change since (disk-watch.ts). */
  let looked: DiskState | undefined;
  const lookAtDisk = async (): Promise<DiskState> => {
    const since = looked?.signature === undefined ? undefined : looked.disk?.at;
    if (looked && since !== undefined && (await watch.unchanged(since))) return looked;
    looked = diskState(dataDir, watch);
    return looked;
  };
  let queue: Promise<unknown> = Promise.resolve();

  /** The last check of data/ as it is on disk, by its signature: what an edit is compared with. */
  let baseline: { signature: string | undefined; render: boolean; drafts: boolean; checked: CheckResult } | undefined;

  async function run(
    edits: ReadonlyMap<string, string | null>,
    render: boolean,
    drafts: boolean,
    against: CheckResult | undefined,
  ): Promise<CheckResult> {
    const plain = edits.size === 0;
    const { signature, disk } = plain ? await lookAtDisk() : { signature: undefined, disk: against?.disk };
    if (
      plain &&
      signature !== undefined &&
      baseline?.signature === signature &&
      baseline.drafts === drafts &&
      (baseline.render || !render)
    ) {
      return { ...baseline.checked, disk };
    }
    const overlay = new Map([...edits].map(([rel, text]) => [resolve(dataDir, rel), text]));
    const result = await inSession({ overlay, memo, disk }, () =>
      validateContent(dataDir, { cache: false, render, drafts }),
    );
    const checked: CheckResult = { diagnostics: result.diagnostics, result, disk: plain ? disk : undefined };
    if (plain) baseline = { signature, render, drafts, checked };
    return checked;
  }

  return {
    check(overlay = new Map(), options = {}) {
      const next = queue.then(() => {
        if (options.signal?.aborted) throw new CheckGivenUp();
        return run(overlay, options.render === true, options.drafts === true, options.against);
      });
      queue = next.catch(() => undefined);
      return next;
    },
    async close() {
      await queue;
      watch.close();
      memo.derived.clear();
    },
  };
}

/** `data/de/home.yaml` → `de/home.yaml`: a diagnostic's file relative to data/. */
export function dataRelative(root: string, file: string): string {
  return relative(join(root, "data"), join(root, file)).split("\\").join("/");
}
