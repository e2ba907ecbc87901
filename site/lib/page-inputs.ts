// Environment: build time, bundled alone (engine/bundle.mjs writes
// dist/server/page-inputs.mjs). The replay of a page's reads of the articles
// (build-reads.ts): what each read gives now, as a digest. The build records
// each page's reads with their digests; a rebuild whose digests all match
// keeps the page in place without running its hooks (engine/pages.mjs).
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { resolve } from "node:path";
import type { ArticleSummary } from "../generated/insights.ts";
import { articleBodiesDir } from "./article-index.ts";
import type { Read } from "./build-reads.ts";
import { type Insights, insightsOf } from "./insights.ts";
import { translationMap } from "./language-alternates.ts";
import { isLocale, type Locale } from "./locale.ts";

const digestOf = (value: unknown) =>
  createHash("sha256")
    .update(JSON.stringify(value) ?? "undefined")
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
const summaryDigests = new WeakMap<ArticleSummary, string>();
function summaryDigest(summary: ArticleSummary): string {
  let digest = summaryDigests.get(summary);
  if (digest === undefined) {
    digest = digestOf(summary);
    summaryDigests.set(summary, digest);
  }
  return digest;
}

/**
 * The digest of what a read gives now. A body's value is its file's stat,
 * short already: kept as it is. An article and its related articles by their
 * summaries' digests: at 10,000 articles, encoding and hashing each page's
 * summaries whole was 0.2 s of a rebuild's 2 s.
 */
function digestRead(kind: Read[0], now: unknown): string {
  if (kind === "body" && typeof now === "string") return now;
  if (kind === "article" && now !== null) return summaryDigest(now as ArticleSummary);
  if (kind === "related") return digestOf((now as ArticleSummary[]).map(summaryDigest));
  return digestOf(now);
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
    const made = rules.get(locale) ?? insightsOf(locale);
    rules.set(locale, made);
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
