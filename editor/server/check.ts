// Live validation: the CLI's own `validate` (content/content.ts), run warm in
// the editor's process. The files being edited are an overlay: every read of
// content answers their unsaved text (content/session.ts), so nothing is
// copied or written. The session's memos keep each file's parse and each
// article's record by what it was made from: a keystroke parses the file it
// changed, and runs again only what spans files (the rules, links, translations).
import { readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { ContentResult, Diagnostic } from "../../content/index.ts";
import { inSession, isRacy, newMemo, stampOf, validateContent } from "../../content/index.ts";

export interface CheckResult {
  diagnostics: Diagnostic[];
  result: ContentResult;
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
   * aborts while it waits its turn is skipped (its asker has gone: a newer keystroke).
   */
  check(
    overlay?: ReadonlyMap<string, string | null>,
    options?: { render?: boolean; drafts?: boolean; signal?: AbortSignal },
  ): Promise<CheckResult>;
  close(): Promise<void>;
}

/**
 * A signature of data/ as it is on disk: every file's name and stamp (a stat
 * each, no read); undefined while a file is too recent to trust its stamp.
 */
function diskSignature(dataDir: string): string | undefined {
  let names: string[];
  try {
    names = readdirSync(dataDir, { recursive: true, encoding: "utf8" }).sort();
  } catch {
    return undefined;
  }
  const out: string[] = [];
  for (const name of names) {
    const info = statSync(join(dataDir, name), { throwIfNoEntry: false });
    if (!info?.isFile()) continue;
    if (isRacy(info)) return undefined;
    out.push(`${name}\0${stampOf(info)}`);
  }
  return out.join("\n");
}

export async function createChecker(root: string): Promise<Checker> {
  const dataDir = join(root, "data");
  const memo = newMemo();
  let queue: Promise<unknown> = Promise.resolve();

  /** The last check of data/ as it is on disk, by its signature: what an edit is compared with. */
  let baseline: { disk: string | undefined; render: boolean; drafts: boolean; checked: CheckResult } | undefined;

  async function run(
    edits: ReadonlyMap<string, string | null>,
    render: boolean,
    drafts: boolean,
  ): Promise<CheckResult> {
    const plain = edits.size === 0;
    const disk = plain ? diskSignature(dataDir) : undefined;
    if (
      plain &&
      disk !== undefined &&
      baseline?.disk === disk &&
      baseline.drafts === drafts &&
      (baseline.render || !render)
    ) {
      return baseline.checked;
    }
    const overlay = new Map([...edits].map(([rel, text]) => [resolve(dataDir, rel), text]));
    const result = await inSession({ overlay, memo }, () => validateContent(dataDir, { cache: false, render, drafts }));
    const checked = { diagnostics: result.diagnostics, result };
    if (plain) baseline = { disk, render, drafts, checked };
    return checked;
  }

  return {
    check(overlay = new Map(), options = {}) {
      const next = queue.then(() => {
        if (options.signal?.aborted) throw new CheckGivenUp();
        return run(overlay, options.render === true, options.drafts === true);
      });
      queue = next.catch(() => undefined);
      return next;
    },
    async close() {
      await queue;
      memo.derived.clear();
    },
  };
}

/** `data/de/home.yaml` → `de/home.yaml`: a diagnostic's file relative to data/. */
export function dataRelative(root: string, file: string): string {
  return relative(join(root, "data"), join(root, file)).split("\\").join("/");
}
