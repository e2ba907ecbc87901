// `generate`'s article bodies written while the articles are still being
// checked. A cold run at 10,000 articles checked them in threads, then
// created the 10,000 body files in this thread after the threads were done:
// 3.1 s of `open` at the end of an 8–9 s run (0.3–4 s for 10,000 files on
// this disk, after what was deleted before). Written as each thread's batch
// comes back, the creations overlap the threads' work: 8.0 → 7.3 s, medians
// of 4 alternated cold runs at 10,000 articles (docs/benchmarks.md). Only files that do not exist yet are written here,
// byte for byte what writeArticleBodies (module.ts) would write, and it takes
// them as written. A run that ends with errors writes nothing: `discard`
// removes every file written here, and the folders it made.
import { existsSync, mkdirSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Article } from "../results.ts";
import { bodyHtml } from "./article-file.ts";
import { isPublished } from "./module.ts";

export class EarlyBodies {
  readonly #out: string;
  /** Each body written here: its path → the digest of its HTML. */
  readonly #written = new Map<string, string>();
  /** Folders made here, deepest last; folders found in place are not listed. */
  readonly #made: string[] = [];
  readonly #ready = new Set<string>();

  /** `out`: the generated folder (`generate --out`); a language's bodies go to `<out>/<code>/articles`. */
  constructor(out: string) {
    this.#out = out;
  }

  /**
   * An article just checked, of the default language or of `code`'s: its body is written now when it will
   * be published (valid, not a draft, rendered) and its file does not exist.
   */
  offer(record: Article, code?: string): void {
    if (!isPublished(record) || record.htmlDigest === undefined || !record.deflatedHtml) return;
    const dir = code === undefined ? join(this.#out, "articles") : join(this.#out, code, "articles");
    this.#folder(dir);
    const path = join(dir, `${record.slug}.html`);
    try {
      writeFileSync(path, bodyHtml(record) ?? new Uint8Array(), { flag: "wx" });
    } catch {
      return; // there already (or not writable): writeArticleBodies deals with it, as without this
    }
    this.#written.set(path, record.htmlDigest);
  }

  /** The digest of the HTML a body was written with here; undefined when it was not written here. */
  digestOf(path: string): string | undefined {
    return this.#written.get(path);
  }

  /** Removes what was written here: the run will not write its output. */
  discard(): void {
    for (const path of this.#written.keys()) rmSync(path, { force: true });
    this.#written.clear();
    for (const dir of this.#made.splice(0).reverse()) {
      try {
        rmdirSync(dir); // only when empty: whatever else is there stays
      } catch {}
    }
    this.#ready.clear();
  }

  #folder(dir: string): void {
    if (this.#ready.has(dir)) return;
    const missing: string[] = [];
    for (let at = dir; !existsSync(at) && at.startsWith(this.#out); at = join(at, "..")) missing.unshift(at);
    mkdirSync(dir, { recursive: true });
    this.#made.push(...missing);
    this.#ready.add(dir);
  }
}
