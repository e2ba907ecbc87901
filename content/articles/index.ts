import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { DATA_FILES, type DataKey, type DataSet } from "../../schemas/index.ts";
import { localeCodes } from "../../schemas/rules/phrase-markers.ts";
import { suggestion } from "../../schemas/suggest.ts";
import type { TokenContext } from "../../schemas/templates.ts";
import type { Lock } from "../../schemas/translation-files.ts";
import type { Diagnostic } from "../diagnostic.ts";
import { displayPath } from "../read-text.ts";
import type { Article, DeferredLink, TranslatedArticles } from "../results.ts";
import { activeSession, listingKey, overlayEntries, recall, remember } from "../session.ts";
import { stampMemo } from "../stamps.ts";
import type { ArticleContext } from "./article-file.ts";
import { type ArticleFileRef, checkFiles } from "./check-files.ts";
import type { EarlyBodies } from "./early-bodies.ts";
import { referencesIn } from "./front-matter-rules.ts";
import { checkCoverImage, checkImage } from "./images.ts";
import { checkLink, checkLocalizedLink, type LinkOrigin, type LinkProblem, type LinkTargets } from "./links.ts";
import { commitRecords } from "./record-cache.ts";
import { ARTICLE_FIELDS, articleStaleness, unreadLockDiagnostic } from "./staleness.ts";

export const ARTICLES_DIR = "insights";
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface ArticlesResult {
  articles: Article[];
  diagnostics: Diagnostic[];
  filesChecked: number;
}

/** The token values texts may use; undefined while a file they come from has errors. */
export function tokenContext(data: Partial<DataSet>): TokenContext | undefined {
  const { site, stats, legal } = data;
  if (!site || !stats || !legal) return undefined;
  return {
    firm: {
      name: site.firm.name,
      legalName: site.firm.legalName,
      tagline: site.firm.tagline,
      email: site.firm.email,
      baseUrl: site.firm.baseUrl,
    },
    stats: stats.stats,
    retention: legal.retention,
  };
}

const KEYS = new Map<string, DataKey>(DATA_FILES.map((entry) => [entry.file, entry.key]));

/** The data file a reference names (`consultants.yaml`): its key; a name that is none is a bug of the schema. */
function dataKeyOf(file: string): DataKey {
  const key = KEYS.get(file);
  if (!key) throw new Error(`bug: a reference of the front matter names ${file}, which is not a data file`);
  return key;
}

export interface ArticlesResultWithTranslations extends ArticlesResult {
  translations: TranslatedArticles[];
}

/**
 * Reads every data/insights/*.md once, checks front matter and body, then the
 * links of every article (and the YAML texts' links into /insights) against
 * the whole set. A missing or empty folder is simply no articles. The
 * translations of each other language sit in data/insights/<code>/ (same
 * slugs, `translationOf:` naming the original) and are checked likewise,
 * their links against that language's pages.
 */
export async function validateArticles(
  dataDir: string,
  data: Partial<DataSet>,
  options: {
    deferred?: readonly DeferredLink[];
    render?: { anchorLabel: string; drafts?: boolean };
    publicDir?: string;
    /** The other languages: their codes, for generate their heading anchors' accessible name, their articles' lock. */
    locales?: readonly { code: string; anchorLabel?: string; lock?: Lock; unreadLock?: string }[];
    /** generate's bodies written while the threads check the articles (early-bodies.ts). */
    early?: EarlyBodies;
  } = {},
): Promise<ArticlesResultWithTranslations> {
  const { deferred = [], render, publicDir = join(dataDir, "..", "site", "public"), locales = [], early } = options;
  const dir = join(dataDir, ARTICLES_DIR);
  const diagnostics: Diagnostic[] = [];
  const tokens = tokenContext(data);
  const context: ArticleContext = {
    references: referencesIn((file) => data[dataKeyOf(file)]),
    ...(tokens ? { tokens } : {}),
    ...(render ? { anchorLabel: render.anchorLabel, ...(render.drafts ? { drafts: true } : {}) } : {}),
    languages: localeCodes(data),
  };
  // While data/locales.yaml has errors, a language's folder is passed over rather than called stray.
  const folders = data.locales ? locales.map((l) => l.code) : /^[a-z]{2}$/;
  const listed = await articleFiles(dir, folders, diagnostics);
  const articles = await checkFiles(listed.files, context, early && ((record) => early.offer(record)));
  for (const article of articles) diagnostics.push(...article.diagnostics);

  const targets = linkTargets(data, articles);
  const images = new Map<string, Promise<boolean>>();
  const imageProblem = (href: string) => checkImage(href, publicDir, images);
  const linkProblem = onceEach((href, origin) => checkLink(href, targets, origin));
  const checked = linkChecks(targets, "");
  for (const article of articles)
    diagnostics.push(...(await articleLinks(article, checked, linkProblem, imageProblem)));
  for (const article of articles) {
    const image = article.frontMatter?.image;
    if (image === undefined || !article.imageAt) continue;
    const problem = await checkCoverImage(image, publicDir, images);
    if (problem) diagnostics.push({ ...article.imageAt, path: "image", ...problem });
  }
  for (const link of deferred) {
    const problem = checkLink(link.href, targets);
    if (problem) diagnostics.push({ ...link.at, ...problem });
  }

  const translations: TranslatedArticles[] = [];
  let filesChecked = listed.count;
  for (const locale of data.locales ? locales : []) {
    const folder = join(dir, locale.code);
    const found = await articleFiles(folder, [], diagnostics);
    filesChecked += found.count;
    const localeContext: ArticleContext = { ...context, translation: true };
    if (locale.anchorLabel !== undefined && render) localeContext.anchorLabel = locale.anchorLabel;
    const translated = await checkFiles(
      found.files,
      localeContext,
      early && ((record) => early.offer(record, locale.code)),
    );
    const unchecked: Article[] = [];
    for (const article of translated) {
      diagnostics.push(...article.diagnostics);
      diagnostics.push(...joinOriginal(article, articles));
      const original = articles.find((a) => a.slug === article.slug);
      if (!original || !article.frontMatter || article.hasErrors) continue;
      if (locale.unreadLock) unchecked.push(article);
      else diagnostics.push(...articleStaleness(dataDir, article, original, locale.code, locale.lock));
    }
    const [first] = unchecked;
    if (locale.unreadLock && first) {
      diagnostics.push(unreadLockDiagnostic(locale.unreadLock, first.file, unchecked.length * ARTICLE_FIELDS.length));
    }
    const localeTargets = linkTargets(data, translated);
    const localeProblem = onceEach((href, origin) => checkLocalizedLink(href, locale.code, localeTargets, origin));
    const localeChecked = linkChecks(localeTargets, locale.code);
    for (const article of translated) {
      diagnostics.push(...(await articleLinks(article, localeChecked, localeProblem, imageProblem)));
    }
    translations.push({ code: locale.code, articles: translated });
  }
  commitRecords(filesChecked);
  stampMemo("sources").save();
  return { articles, diagnostics, filesChecked, translations };
}

/**
 * A translation takes its original's date, author and tags: its front matter
 * becomes the original's with the translated title and description. A
 * translation whose original is not there is an error at its `translationOf:`.
 */
function joinOriginal(article: Article, originals: readonly Article[]): Diagnostic[] {
  const own = article.translation;
  if (!own) return [];
  const at = article.translationOfAt ?? { file: article.file, line: 1, column: 1, endLine: 1, endColumn: 1 };
  const problem = (message: string, hint: string): Diagnostic[] => {
    article.hasErrors = true;
    return [{ ...at, severity: "error", path: "translationOf", message, hint }];
  };
  if (own.translationOf !== article.slug) {
    return problem(
      `translationOf: ${own.translationOf}, but this file is ${article.slug}.md: a translation has its original's slug`,
      `name the file \`${own.translationOf}.md\`, or write \`translationOf: ${article.slug}\` if that is the original`,
    );
  }
  const original = originals.find((o) => o.slug === own.translationOf);
  if (!original) {
    return problem(
      `translationOf: ${own.translationOf}, but there is no article data/insights/${own.translationOf}.md`,
      suggestion(
        own.translationOf,
        originals.map((o) => o.slug),
        "articles",
      ),
    );
  }
  if (!original.frontMatter) {
    // The original has errors of its own: reported there; the translation waits for it.
    article.hasErrors = true;
    return [];
  }
  article.frontMatter = {
    ...original.frontMatter,
    title: own.title,
    description: own.description,
    ...(own.imageAlt !== undefined && original.frontMatter.image !== undefined ? { imageAlt: own.imageAlt } : {}),
    ...(own.draft === true || original.frontMatter.draft === true ? { draft: true } : {}),
  };
  return [];
}

/** The Markdown files of one folder (an article or a translation each), with the name checks; sub-folders in `folders` are skipped. */
async function articleFiles(
  dir: string,
  folders: readonly string[] | RegExp,
  diagnostics: Diagnostic[],
): Promise<{ files: ArticleFileRef[]; count: number }> {
  // A warm session keeps the listing while the folder's stamp and the unsaved files in it are the same.
  const listing = listingKey(dir);
  const key = listing === undefined ? undefined : `${listing}\0${String(folders)}`;
  const kept = key === undefined ? undefined : recall<Listed>("listing", dir, key);
  if (kept) {
    diagnostics.push(...kept.diagnostics.map((d) => ({ ...d })));
    return { files: kept.files, count: kept.count };
  }
  const found: Diagnostic[] = [];
  const listed = await listArticleFiles(dir, folders, found);
  diagnostics.push(...found);
  if (key !== undefined) remember("listing", dir, key, { ...listed, diagnostics: found.map((d) => ({ ...d })) });
  return listed;
}

interface Listed {
  files: ArticleFileRef[];
  count: number;
  diagnostics: Diagnostic[];
}

async function listArticleFiles(
  dir: string,
  folders: readonly string[] | RegExp,
  diagnostics: Diagnostic[],
): Promise<{ files: ArticleFileRef[]; count: number }> {
  const entries = overlayEntries(
    dir,
    await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ENOTDIR") return [];
      throw error;
    }),
  );
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const whole = (file: string, message: string, hint: string): Diagnostic => ({
    file,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
    severity: "error",
    path: "",
    message,
    hint,
  });
  const files: ArticleFileRef[] = [];
  let count = 0;
  for (const entry of entries) {
    const isFolder = entry.isDirectory();
    if (isFolder && (folders instanceof RegExp ? folders.test(entry.name) : folders.includes(entry.name))) continue;
    count++;
    const path = join(dir, entry.name);
    const file = displayPath(path);
    const slug = entry.name.replace(/\.md$/, "");
    if (!entry.isFile() || !entry.name.endsWith(".md")) {
      const languages = Array.isArray(folders) && folders.length ? folders : [];
      diagnostics.push(
        whole(
          file,
          `stray ${isFolder ? "folder" : "file"} in ${displayPath(dir)}: only articles belong here`,
          `an article is a Markdown file named for its slug, like \`crm-hygiene.md\`${languages.length ? `; a translation sits in its language's folder (${languages.map((c) => `\`${c}/\``).join(", ")})` : ""}; move anything else out of this folder`,
        ),
      );
      continue;
    }
    if (!SLUG.test(slug)) {
      const better = slug
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "");
      diagnostics.push(
        whole(
          file,
          `the file name "${entry.name}" is not a slug: it becomes the article's address /insights/${slug}`,
          `use lower-case letters, digits and single dashes${better ? `: rename it to \`${better}.md\`` : ""}`,
        ),
      );
      continue;
    }
    files.push({ path, file, slug });
  }
  return { files, count };
}

/**
 * What an article's links check to, kept in a warm session (the editor) from
 * one check to the next while the article's record and every link target are
 * the same: at 1,000 articles a keystroke elsewhere no longer walks their
 * 11,000 links. Keyed by the record's `links` (a record's copies share it)
 * and a key of the targets; images are looked at every time (files of site/public/).
 */
const keptLinks = new WeakMap<readonly unknown[], { key: string; problems: (LinkProblem | undefined)[] }>();

/** The targets each language's links were last checked against, and the generation that names them. */
const seenTargets = new Map<string, { targets: LinkTargets; generation: number }>();
let generations = 0;

const sameList = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((item, i) => item === b[i]));

/** Whether two sets of link targets answer every link alike (compared item by item: no key string is built). */
function sameTargets(a: LinkTargets, b: LinkTargets): boolean {
  const routes = Object.keys(a.anchors);
  if (routes.length !== Object.keys(b.anchors).length) return false;
  if (!routes.every((route) => sameList(a.anchors[route] ?? null, b.anchors[route] ?? null))) return false;
  if (!sameList(a.tags, b.tags) || a.published.size !== b.published.size || a.drafts.size !== b.drafts.size)
    return false;
  if (a.tagCounts.size !== b.tagCounts.size) return false;
  for (const [slug, headings] of a.published) if (!sameList(headings, b.published.get(slug) ?? null)) return false;
  for (const slug of a.drafts) if (!b.drafts.has(slug)) return false;
  for (const [tag, count] of a.tagCounts) if (b.tagCounts.get(tag) !== count) return false;
  return true;
}

/**
 * A short name of `targets` as one language's links see them, the same while
 * they answer alike; undefined outside a session (nothing is kept there).
 */
function linkChecks(targets: LinkTargets, language: string): string | undefined {
  if (activeSession() === undefined) return undefined;
  let seen = seenTargets.get(language);
  if (!seen || !sameTargets(seen.targets, targets)) {
    seen = { targets, generation: ++generations };
    seenTargets.set(language, seen);
  }
  return `${language}:${seen.generation}`;
}

/** The diagnostics of one article's links, in their order. */
async function articleLinks(
  article: Article,
  targetsKey: string | undefined,
  linkProblem: (href: string, origin: LinkOrigin) => LinkProblem | undefined,
  imageProblem: (href: string) => Promise<LinkProblem | undefined>,
): Promise<Diagnostic[]> {
  const draft = article.frontMatter?.draft === true;
  const key = targetsKey === undefined ? undefined : `${draft}\0${targetsKey}`;
  const kept = key === undefined ? undefined : keptLinks.get(article.links);
  let problems = kept?.key === key ? kept?.problems : undefined;
  if (problems === undefined) {
    const origin = { headings: article.headings.map((h) => h.id), draft };
    problems = article.links.map((l) => (l.kind === "image" ? undefined : linkProblem(l.href, origin)));
    if (key !== undefined) keptLinks.set(article.links, { key, problems });
  }
  const out: Diagnostic[] = [];
  const { links } = article;
  for (let i = 0; i < links.length; i++) {
    const link = links[i] as (typeof links)[number];
    const problem = link.kind === "image" ? await imageProblem(link.href) : problems[i];
    if (problem) out.push({ ...link.at, path: "", ...problem });
  }
  return out;
}

/** Published articles answer links; an article whose front matter failed counts as one, to avoid a cascade. */
/**
 * A link check made once per href within one run: at 1,000 articles the
 * 11,000 links are 1,800 hrefs, and the editor checks them all on every
 * keystroke. What a link's article adds (its own sections, whether it is a
 * draft) is part of the key where it counts.
 */
function onceEach(
  check: (href: string, origin: LinkOrigin) => LinkProblem | undefined,
): (href: string, origin: LinkOrigin) => LinkProblem | undefined {
  const known = new Map<string, LinkProblem | undefined>();
  return (href, origin) => {
    if (href.startsWith("#")) return check(href, origin);
    const key = `${origin.draft ? "draft" : "page"} ${href}`;
    if (known.has(key)) return known.get(key);
    const problem = check(href, origin);
    known.set(key, problem);
    return problem;
  };
}

export function linkTargets(data: Partial<DataSet>, articles: readonly Article[]): LinkTargets {
  const published = new Map<string, readonly string[]>();
  const drafts = new Set<string>();
  const tagCounts = new Map<string, number>();
  for (const article of articles) {
    if (article.frontMatter?.draft === true) {
      drafts.add(article.slug);
      continue;
    }
    published.set(
      article.slug,
      article.headings.map((h) => h.id),
    );
    for (const tag of article.frontMatter?.tags ?? []) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
  }
  return {
    anchors: {
      "/consultants": data.consultants?.consultants.map((c) => c.slug) ?? null,
      "/approach": data.approach?.phases.map((p) => p.slug) ?? null,
    },
    tags: data.insights?.tags.map((t) => t.slug) ?? null,
    published,
    drafts,
    tagCounts,
  };
}

export { COVER_MIN, IMAGES_PATH } from "./images.ts";
