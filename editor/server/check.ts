// Live validation: the CLI's own `validate` (cli/lib/content.ts) run on a
// shadow of data/ in which the files being edited hold their unsaved text.
// The shadow is a private temporary copy kept in step with data/ by size and
// mtime, so a check costs what `validate` costs, with nothing written to data/.
import { copyFile, mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { validateContent } from "../../cli/lib/content.ts";
import type { Diagnostic } from "../../cli/lib/diagnostic.ts";
import { displayPath } from "../../cli/lib/load.ts";
import type { ContentResult } from "../../cli/lib/results.ts";

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

async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const entry of entries) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

export async function createChecker(root: string): Promise<Checker> {
  const dataDir = join(root, "data");
  const shadowRoot = await mkdtemp(join(tmpdir(), "content-editor-"));
  const shadow = join(shadowRoot, "data");
  await mkdir(join(shadowRoot, "site"), { recursive: true });
  // Cover images are checked in site/public: the real folder, read only.
  await symlink(join(root, "site", "public"), join(shadowRoot, "site", "public")).catch(() => undefined);
  /** What each shadow file holds: the disk file's size and mtime, or an overlay. */
  const held = new Map<string, string>();
  let queue: Promise<unknown> = Promise.resolve();

  /** Brings the shadow in step; answers a signature of data/ as it is on disk (every file's name, size and mtime). */
  async function sync(overlay: ReadonlyMap<string, string | null>): Promise<string> {
    const files = await listFiles(dataDir);
    const present = new Set(files);
    const disk: string[] = [];
    for (const rel of files) {
      const info = await stat(join(dataDir, rel)).catch(() => undefined);
      if (!info) continue;
      const signature = `${info.size}:${info.mtimeMs}`;
      disk.push(`${rel}\0${signature}`);
      if (overlay.has(rel) || held.get(rel) === signature) continue;
      await mkdir(join(shadow, rel, ".."), { recursive: true });
      await copyFile(join(dataDir, rel), join(shadow, rel));
      held.set(rel, signature);
    }
    for (const [rel, text] of overlay) {
      // null: the file as if deleted.
      if (text === null) {
        await rm(join(shadow, rel), { force: true });
        held.set(rel, "overlay");
        continue;
      }
      await mkdir(join(shadow, rel, ".."), { recursive: true });
      await writeFile(join(shadow, rel), text);
      held.set(rel, "overlay");
      present.add(rel);
    }
    for (const rel of [...held.keys()]) {
      if (present.has(rel)) continue;
      await rm(join(shadow, rel), { force: true });
      held.delete(rel);
    }
    return disk.join("\n");
  }

  // Diagnostics name the shadow's files; shown, they name data/'s.
  const shownShadow = displayPath(shadow);
  const shownData = displayPath(dataDir);
  const rename = (text: string) => text.split(shownShadow).join(shownData);
  const renamed = (d: Diagnostic): Diagnostic => ({
    ...d,
    file: rename(d.file),
    message: rename(d.message),
    ...(d.hint ? { hint: rename(d.hint) } : {}),
  });

  /** The last check of data/ as it is on disk, by its signature: what an edit is compared with. */
  let baseline: { disk: string; render: boolean; drafts: boolean; checked: CheckResult } | undefined;

  async function run(
    overlay: ReadonlyMap<string, string | null>,
    render: boolean,
    drafts: boolean,
  ): Promise<CheckResult> {
    const disk = await sync(overlay);
    const plain = overlay.size === 0;
    if (plain && baseline?.disk === disk && baseline.drafts === drafts && (baseline.render || !render)) {
      return baseline.checked;
    }
    const result = await validateContent(shadow, { cache: false, render, drafts });
    const checked = { diagnostics: result.diagnostics.map(renamed), result };
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
      await rm(shadowRoot, { recursive: true, force: true });
    },
  };
}

/** `data/de/home.yaml` → `de/home.yaml`: a diagnostic's file relative to data/. */
export function dataRelative(root: string, file: string): string {
  return relative(join(root, "data"), join(root, file)).split("\\").join("/");
}
