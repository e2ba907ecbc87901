// Deleting an article from the editor: the English file with its translations
// and their lock records, or one translation alone. Checked first with the
// whole content as if they were gone: while another page links to the article
// (or names it), the deletion is refused with each of those places, at its
// file:line:col, and nothing is removed.
import { readFile, rm } from "node:fs/promises";
import type { Hono } from "hono";
import { z } from "zod";
import { lockText, translationLocales } from "../../content/index.ts";
import { ARTICLES_LOCK, ArticlesLockSchema } from "../../schemas/translation-files.ts";
import type { Checker } from "./check.ts";
import { identity } from "./edit.ts";
import { resolveInside } from "./paths.ts";
import { yamlValue } from "./preserve.ts";
import { jsonBody } from "./requests.ts";
import { writeTogether } from "./write-together.ts";

const DeleteBody = z.object({ path: z.string() });

const ARTICLE = /^insights\/(?:([a-z]{2})\/)?([a-z0-9-]+)\.md$/;

/** The files that go with `path`, relative to data/: the article, its translations, the locks that record them. */
async function plan(dataDir: string, codes: readonly string[], path: string) {
  const match = ARTICLE.exec(path);
  if (!match) return undefined;
  const [, code, slug] = match;
  const exists = (rel: string) =>
    resolveInside(dataDir, rel).then((absolute) =>
      readFile(absolute, "utf8").then(
        () => true,
        () => false,
      ),
    );
  const removed = [path];
  const inLocales = code ? [code] : codes;
  if (!code)
    for (const c of codes) if (await exists(`insights/${c}/${slug}.md`)) removed.push(`insights/${c}/${slug}.md`);
  // Each language's record of what its translation of the article was made from goes with it.
  const locks: { path: string; absolute: string; text: string; expected: string }[] = [];
  for (const c of inLocales) {
    const rel = `${c}/${ARTICLES_LOCK}`;
    const absolute = await resolveInside(dataDir, rel);
    const expected = await readFile(absolute, "utf8").catch(() => undefined);
    const parsed = expected === undefined ? undefined : ArticlesLockSchema.safeParse(yamlValue(expected));
    if (expected === undefined || !parsed?.success) continue;
    const kept = Object.fromEntries(Object.entries(parsed.data).filter(([key]) => !key.startsWith(`${slug}.`)));
    if (Object.keys(kept).length === Object.keys(parsed.data).length) continue;
    locks.push({ path: rel, absolute, text: lockText(`data/insights/${c}/*.md`, kept), expected });
  }
  return { removed, locks };
}

export function deleteRoutes(app: Hono, dataDir: string, checker: Checker) {
  app.post("/api/delete", async (c) => {
    const { path } = await jsonBody(c, DeleteBody);
    const absolute = await resolveInside(dataDir, path);
    if (!ARTICLE.test(path)) return c.json({ error: `${path} is not an article: only articles are deleted here` }, 400);
    if ((await readFile(absolute, "utf8").catch(() => undefined)) === undefined) {
      return c.json({ error: `data/${path} does not exist` }, 404);
    }
    const onDisk = await checker.check();
    const found = await plan(dataDir, translationLocales(onDisk.result.data.locales), path);
    if (!found) return c.json({ error: `${path} is not an article` }, 400);
    const overlay = new Map<string, string | null>(found.removed.map((rel) => [rel, null]));
    for (const lock of found.locks) overlay.set(lock.path, lock.text);
    const after = await checker.check(overlay);
    const known = new Set(onDisk.diagnostics.map(identity));
    const gone = new Set(found.removed.map((rel) => `data/${rel}`));
    const caused = after.diagnostics.filter(
      (d) => d.severity === "error" && !known.has(identity(d)) && !gone.has(d.file),
    );
    const removed = found.removed.map((rel) => `data/${rel}`);
    if (caused.length) {
      const places = new Set(caused.map((d) => d.file)).size;
      return c.json(
        {
          error: `not deleted: ${caused.length} error${caused.length === 1 ? "" : "s"} in ${places} file${places === 1 ? "" : "s"} would follow, links and names that need the article`,
          caused,
          removed,
        },
        422,
      );
    }
    await writeTogether(found.locks);
    await Promise.all(found.removed.map(async (rel) => rm(await resolveInside(dataDir, rel), { force: true })));
    return c.json({ deleted: true, removed: [...removed, ...found.locks.map((lock) => `data/${lock.path}`)] });
  });
}
