// Environment: server (build time). The page's texts in its language: they
// reach the browser inside the page's HTML, not in its JavaScript, so no
// script carries every language's texts.
import type { PageContextServer } from "vike/types";
import { content } from "../../lib/content.ts";

export function data(pageContext: PageContextServer) {
  const { approach, stats } = content(pageContext.locale);
  return { ...approach, stats: stats.stats };
}

export type Data = ReturnType<typeof data>;
