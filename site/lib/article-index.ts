// Environment: server (build time and dev). Each language's article index,
// site/generated/[<code>/]articles.json, and where its bodies are, as
// `npm run generate` writes them. They are read from disk, not imported, so
// that no bundle carries the articles: `vike build` then takes the same time
// and memory at 50,000 articles as at 50. (Bundled, the index of 10,000
// articles took 1.5 GB and two thirds of `vike build`'s time.) The build and
// the dev server run from the project's root.
import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { ArticleSummary } from "../generated/insights.ts";
import { defaultLocale, type Locale, localeInfo } from "./locale.ts";

/**
 * The editor's page preview has its own (cli/vite/content-plugin.ts); never
 * set in a build. Read once: in plain node the read throws, and a throw a
 * page cost the rebuild's replay 0.2 s at 10,000 articles.
 */
const previewGenerated = ((): string | undefined => {
  try {
    return import.meta.env.SITE_GENERATED_DIR;
  } catch {
    return undefined; // Plain node: no import.meta.env.
  }
})();

/** site/generated, or site/generated/<code> for another language (the build asks it once a page: kept, by folder). */
const generatedDirs = new Map<string, string>();
function generatedDir(locale: Locale): string {
  const key = `${process.cwd()}\0${locale}`;
  let dir = generatedDirs.get(key);
  if (dir === undefined) {
    const generated = previewGenerated ?? resolve(process.cwd(), "site/generated");
    dir = resolve(generated, locale === defaultLocale ? "" : localeInfo(locale).code);
    generatedDirs.set(key, dir);
  }
  return dir;
}

/** Where a language's article bodies are (`<slug>.html`). */
export const articleBodiesDir = (locale: Locale) => resolve(generatedDir(locale), "articles");

const loaded = new Map<string, { mtimeMs: number; size: number; articles: readonly ArticleSummary[] }>();

/**
 * A language's published articles, newest first. The same array while the
 * file is unchanged; read again when `generate` (or the dev server's content
 * plugin) rewrote it.
 */
export function articleIndex(locale: Locale): readonly ArticleSummary[] {
  const file = resolve(generatedDir(locale), "articles.json");
  const { mtimeMs, size } = statSync(file);
  const known = loaded.get(file);
  if (known && known.mtimeMs === mtimeMs && known.size === size) return known.articles;
  const articles = Object.freeze(JSON.parse(readFileSync(file, "utf8")) as ArticleSummary[]);
  loaded.set(file, { mtimeMs, size, articles });
  return articles;
}
