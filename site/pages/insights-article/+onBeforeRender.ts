// Environment: server (build time). The article's body HTML, made from its
// Markdown by `generate`, read from site/generated/articles/. It goes into
// pageContext.articleHtml, which is not passed to the client: the body is in
// the page's HTML once and in no serialised page data or script.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { PageContextServer } from "vike/types";

// The build and the dev server run from the project's root.
const articlesDir = resolve(process.cwd(), "site/generated/articles");

export async function onBeforeRender(pageContext: PageContextServer) {
  const slug = pageContext.routeParams.slug ?? "";
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return;
  try {
    const html = await readFile(resolve(articlesDir, `${slug}.html`), "utf8");
    // A table wider than a phone scrolls in its wrapper: keyboard users reach it by Tab (axe: scrollable-region-focusable).
    const articleHtml = html.replaceAll('<div class="table-scroll">', '<div class="table-scroll" tabindex="0">');
    return { pageContext: { articleHtml } };
  } catch {
    return; // no such article: +data.ts has answered 404
  }
}
