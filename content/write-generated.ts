// Writes what `generate` makes from a validated content folder into the site's
// generated folder: the typed modules, the article index and each published
// article's HTML, in every language. Shared by the `generate` command and the
// dev server's content plugin (cli/vite/content-plugin.ts), so both write the same.
import { join } from "node:path";
import type { DataSet } from "../schemas/index.ts";
import type { EarlyBodies } from "./articles/early-bodies.ts";
import { publishedArticles, writeArticleBodies } from "./articles/module.ts";
import { otherLocales, renderModules } from "./generate.ts";
import type { ContentResult } from "./results.ts";
import { stampMemo } from "./stamps.ts";
import { writeIfChanged } from "./write.ts";

export interface WriteSummary {
  /** Modules rendered (written or already the same). */
  modules: number;
  /** Published articles of the default language, and of the other languages. */
  published: number;
  translated: number;
  /** Files written because they changed. */
  changed: number;
  /** Of those, the ones pages read from disk rather than import (the article index, article HTML): a dev server reloads for them. */
  readFromDisk: number;
  /** The paths written or removed: what a server that imported the old ones reads again (the editor's page preview). */
  files: string[];
}

/**
 * Writes the generated output of `result` (valid content: no errors) into `out`, each file only when it changed.
 * `bodies: false`: not the articles' HTML (a `result` validated without rendering it; the editor's page preview).
 * `early`: the bodies `generate` wrote into `out` while it checked the articles, taken as written.
 */
export async function writeGenerated(
  result: ContentResult,
  out: string,
  options: { bodies?: boolean; early?: EarlyBodies } = {},
): Promise<WriteSummary> {
  const { bodies: withBodies = true, early } = options;
  const others = otherLocales(result);
  const modules = renderModules(result.data as DataSet, result.articles, others);
  let changed = 0;
  let readFromDisk = 0;
  const files: string[] = [];
  for (const module of modules) {
    const path = join(out, module.name);
    if (!(await writeIfChanged(path, module.content))) continue;
    changed++;
    files.push(path);
    if (module.name.endsWith(".json")) readFromDisk++;
  }
  const published = publishedArticles(result.articles);
  let bodies = 0;
  const writeBodies = (dir: string, articles: typeof published) => {
    if (!withBodies) return;
    const { written, removed } = writeArticleBodies(dir, articles, early);
    bodies += written.length;
    files.push(...written, ...removed);
  };
  writeBodies(join(out, "articles"), published);
  let translated = 0;
  for (const other of others) {
    const articles = publishedArticles(other.articles);
    translated += articles.length;
    writeBodies(join(out, other.code, "articles"), articles);
  }
  stampMemo("outputs").save();
  return {
    modules: modules.length,
    published: published.length,
    translated,
    changed: changed + bodies,
    readFromDisk: readFromDisk + bodies,
    files,
  };
}
