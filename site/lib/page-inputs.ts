// Environment: build time, bundled alone (scripts/build/bundle.mjs writes
// dist/server/page-inputs.mjs). The replay of a page's reads of the articles
// (build-reads.ts): what each read gives now, as a digest. The build records
// each page's reads with their digests; a rebuild whose digests all match
// keeps the page in place without running its hooks (scripts/build/index.mjs).
import { createHash } from "node:crypto";
import type { Read } from "./build-reads.ts";
import { insightsOf } from "./insights.ts";
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

/** What `read` (JSON, as noted) gives now. */
function value(read: Read): unknown {
  switch (read[0]) {
    case "paths":
      return [...translationMap()];
    case "index":
      return insightsOf(known(read[1])).articles;
    case "slugs":
      return insightsOf(known(read[1])).slugs();
    case "listPage":
      return insightsOf(known(read[1])).listPage(read[2], read[3]);
    case "listPaths":
      return insightsOf(known(read[1])).listPaths();
    case "authorLinks":
      return insightsOf(known(read[1])).authorArticleLinks();
    case "tagged":
      return insightsOf(known(read[1])).articlesTagged(read[2]);
    case "article":
      return insightsOf(known(read[1])).findArticle(read[2]) ?? null;
    case "related":
      return insightsOf(known(read[1])).relatedTo(read[2]);
    case "body": {
      const insights = insightsOf(known(read[1]));
      return insights.findArticle(read[2]) ? insights.body(read[2]) : null;
    }
    default:
      throw new Error(`unknown read ${JSON.stringify(read)}`);
  }
}

/**
 * Digests of reads, each computed once (a build asks the same read for many
 * pages: the translation map for all of them).
 */
export function createReplay(): (read: string) => string {
  const done = new Map<string, string>();
  return (read) => {
    let digest = done.get(read);
    if (digest === undefined) {
      digest = digestOf(value(JSON.parse(read) as Read));
      done.set(read, digest);
    }
    return digest;
  };
}
