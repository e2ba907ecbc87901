// Environment: build time, bundled alone (engine/bundle.mjs writes
// dist/server/page-inputs.mjs). The replay of a page's reads of the articles
// (build-reads.ts): what each read gives now, as a digest. The build records
// each page's reads with their digests; a rebuild whose digests all match
// keeps the page in place without running its hooks (engine/pages.mjs).
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { articleBodiesDir } from "./article-index.ts";
import type { Read } from "./build-reads.ts";
import { type Insights, insightsOf } from "./insights.ts";
import { translationMap } from "./language-alternates.ts";
import { isLocale, type Locale } from "./locale.ts";

const digestOf = (value: unknown, replacer?: (key: string, value: unknown) => unknown) =>
  createHash("sha256")
    .update(JSON.stringify(value, replacer) ?? "undefined")
    .digest("base64url")
    .slice(0, 22);

function known(locale: string): Locale {
  if (!isLocale(locale))
    throw new Error(`a page read the articles of ${locale}, a language data/locales.yaml no longer has`);
  return locale;
}

/**
 * What `read` (JSON, as noted) gives now. An article's body by its file's
 * size, modification time and inode, not its bytes: `generate` writes a body
 * only when it changed (content/articles/module.ts), and reading 10,000
 * bodies to hash them cost more than the rest of a rebuild.
 */
function value(read: Read, rulesOf: (locale: Locale) => Insights): unknown {
  switch (read[0]) {
    case "paths":
      return [...translationMap()];
    case "index":
      return rulesOf(known(read[1])).articles;
    case "slugs":
      return rulesOf(known(read[1])).slugs();
    case "listPage":
      return rulesOf(known(read[1])).listPage(read[2], read[3]);
    case "listPaths":
      return rulesOf(known(read[1])).listPaths();
    case "authorLinks":
      return rulesOf(known(read[1])).authorArticleLinks();
    case "tagged":
      return rulesOf(known(read[1])).articlesTagged(read[2]);
    case "article":
      return rulesOf(known(read[1])).findArticle(read[2]) ?? null;
    case "related":
      return rulesOf(known(read[1])).relatedTo(read[2]);
    case "body": {
      const locale = known(read[1]);
      if (!rulesOf(locale).findArticle(read[2])) return null;
      const file = statSync(resolve(articleBodiesDir(locale), `${read[2]}.html`), { bigint: true });
      return `${file.size}:${file.mtimeNs}:${file.ino}`;
    }
    default:
      throw new Error(`unknown read ${JSON.stringify(read)}`);
  }
}

/** Each article summary's digest, made once: a rebuild asks for one on its page and on each page it is related on. */
const summaryDigests = new WeakMap<object, string>();
/** The summaries of every language's index as loaded (site/lib/article-index.ts keeps the same objects while it is unchanged). */
const summaries = new WeakSet<object>();

/** In a read's value, a summary of the index stands for its digest, made once. */
function bySummaryDigest(_key: string, value: unknown): unknown {
  if (typeof value !== "object" || value === null || !summaries.has(value)) return value;
  let digest = summaryDigests.get(value);
  if (digest === undefined) {
    digest = digestOf(value);
    summaryDigests.set(value, digest);
  }
  return digest;
}

/**
 * The digest of what a read gives now. A body's value is its file's stat,
 * short already: kept as it is. Any other value with each article summary in
 * it as the summary's digest: a rebuild's reads give the same 10,000
 * summaries again and again (a page's article, its related articles, the
 * list and tag pages), and encoding and hashing them whole each time was
 * 0.4 s of a rebuild's 2 s at 10,000 articles.
 */
function digestRead(kind: Read[0], now: unknown): string {
  if (kind === "body" && typeof now === "string") return now;
  return digestOf(now, bySummaryDigest);
}

/**
 * Digests of reads, each computed once (a build asks the same read for many
 * pages: the translation map for all of them).
 */
export function createReplay(): (read: string) => string {
  const done = new Map<string, string>();
  // Each language's rules made once: the articles do not change while a build runs.
  const rules = new Map<Locale, Insights>();
  const rulesOf = (locale: Locale) => {
    let made = rules.get(locale);
    if (made === undefined) {
      made = insightsOf(locale);
      for (const summary of made.articles) summaries.add(summary);
      rules.set(locale, made);
    }
    return made;
  };
  return (read) => {
    let digest = done.get(read);
    if (digest === undefined) {
      const parsed = JSON.parse(read) as Read;
      digest = digestRead(parsed[0], value(parsed, rulesOf));
      done.set(read, digest);
    }
    return digest;
  };
}
