// The page preview: the page of the site a file shows, rendered by the site's
// own code (preview-site.ts) from the content of the last check, unsaved text
// included, and served to the editor's page as a static page for an
// <iframe sandbox>. The open article is shown even while it is a draft.
// Mounted at /preview by app.ts, behind the same guard as everything else:
// the token comes in the address here, as for the page itself.
import { readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { Hono } from "hono";
import type { ContentResult } from "../../content/index.ts";
import type { Checker } from "./check.ts";
import { resolveInside } from "./paths.ts";
import { staticPage } from "./preview-html.ts";
import { articleSlug, pageOf } from "./preview-pages.ts";
import type { PreviewSite } from "./preview-site.ts";

/** Whether a request to `path` carries the token in its address (a frame's page and what it loads). */
export const tokenInAddress = (path: string) => path === "/preview" || path.startsWith("/preview/");

/** The files of site/public a page may load, by type. */
const PUBLIC_TYPES: Readonly<Record<string, string>> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
};

// No script at all; the page's CSS is inline (and in its style attributes); images from the editor.
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** `result` with the article `slug` (in every language) published, when it is a draft: how the preview shows it. */
function withDraftShown(result: ContentResult, slug: string | undefined): ContentResult {
  if (slug === undefined) return result;
  const shown = (articles: ContentResult["articles"]) =>
    articles.map((a) =>
      a.slug === slug && a.frontMatter?.draft ? { ...a, frontMatter: { ...a.frontMatter, draft: false } } : a,
    );
  return {
    ...result,
    articles: shown(result.articles),
    translatedArticles: result.translatedArticles.map((t) => ({ ...t, articles: shown(t.articles) })),
  };
}

/** An article's page (`/insights/<slug>`, `/de/insights/<slug>`), not a list's (`/insights/tags/<tag>`). */
const ARTICLE_PAGE = /^(?:\/[a-z]{2})?\/insights\/[a-z0-9-]+$/;

interface Rendered {
  status: number;
  html: string;
}

const notice = (text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page preview</title></head><body><p>${text}</p></body></html>`;

export function createPagePreview(root: string, token: string) {
  let site: Promise<PreviewSite> | undefined;
  /** The editor's checker, unwrapped. */
  let checker: Checker | undefined;
  /** The last check: its overlay, its result, whether it saw drafts as the preview does, whether it rendered articles. */
  let latest: { overlay: ReadonlyMap<string, string | null>; result?: ContentResult; full: boolean; render: boolean } =
    {
      overlay: new Map(),
      full: false,
      render: false,
    };
  /** The file the editor shows: its article is shown while a draft, also on the pages its links lead to. */
  let shown: string | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  /** Checks so far: a page rendered after the last one is the current page. */
  let checks = 0;
  /** The page rendered (or rendering) last, reused while no check came after it. */
  let rendered: { url: string; checks: number; task: Promise<Rendered | undefined> } | undefined;

  /** The editor's checker, keeping each check's content for the preview; once it runs, checks render drafts too. */
  function watch(inner: Checker): Checker {
    checker = inner;
    return {
      async check(overlay = new Map(), options = {}) {
        const full = site !== undefined;
        const checked = await inner.check(overlay, full ? { ...options, drafts: true } : options);
        latest = { overlay, result: checked.result, full, render: full && options.render === true };
        checks++;
        return checked;
      },
      close: () => inner.close(),
    };
  }

  function start(): Promise<PreviewSite> {
    site ??= import("./preview-site.ts").then(
      (module) => module.startPreviewSite(),
      (error: Error) => {
        site = undefined;
        throw error;
      },
    );
    return site;
  }

  /** The page at `url` from the latest content, made static; undefined while no content without errors was seen. */
  function page(url: string): Promise<Rendered | undefined> {
    if (rendered?.url === url && rendered.checks === checks) return rendered.task;
    const task = queue.then(async () => {
      // The site starts (Vite, the site's configuration and plugins) while the content is checked below.
      const starting = start();
      starting.catch(() => undefined); // awaited below
      // An article's page needs its body: rendered by a check of an article, or here.
      const bodies = ARTICLE_PAGE.test(url);
      if (checker && (!latest.full || (bodies && !latest.render))) {
        const again = await checker.check(latest.overlay, { render: bodies, drafts: true });
        latest = { ...latest, result: again.result, full: true, render: bodies };
      }
      const running = await starting;
      const result = latest.result && withDraftShown(latest.result, shown && articleSlug(shown));
      if (result) await running.write(result, latest.render);
      if (!running.ready) return undefined;
      const output = await running.render(url);
      const html = await staticPage(output.html, { token, stylesheet: (href) => running.stylesheet(href) });
      return { status: output.status, html };
    });
    queue = task.catch(() => undefined);
    rendered = { url, checks, task };
    return task;
  }

  const app = new Hono();
  const answer = async (url: string) => {
    const found = await page(url);
    const headers = { "Content-Security-Policy": CSP };
    if (!found)
      return new Response(notice("The page is shown once the content has no errors."), { status: 503, headers });
    return new Response(found.html, {
      status: found.status,
      headers: { ...headers, "Content-Type": "text/html; charset=utf-8" },
    });
  };
  // `/preview?file=consultants.yaml`: the page that file shows most.
  app.get("/", async (c) => {
    const file = c.req.query("file");
    if (file === undefined) return answer("/");
    await resolveInside(join(root, "data"), file);
    const url = pageOf(file);
    if (url === undefined) return c.json({ error: `no page of the site shows ${file}` }, 404);
    shown = file;
    return answer(url);
  });
  // `/preview/de/about`: any page, as the preview's links lead; `/preview/favicon.svg`: a file of site/public.
  app.get("/*", async (c) => {
    const path = c.req.path.slice("/preview".length);
    const type = PUBLIC_TYPES[extname(path).toLowerCase()];
    if (!type) return answer(path);
    const file = await resolveInside(join(root, "site", "public"), path.slice(1), /\.[a-z]+$/i);
    const bytes = await readFile(file).catch(() => undefined);
    if (!bytes) return c.json({ error: `no file ${path} in the site's public folder` }, 404);
    return c.body(bytes, 200, { "Content-Type": type, "Content-Security-Policy": CSP });
  });

  return {
    app,
    watch,
    // Not after the page being rendered: the server's end ends its rendering.
    async close() {
      await (await site?.catch(() => undefined))?.close();
    },
  };
}
