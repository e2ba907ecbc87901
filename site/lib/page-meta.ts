import { notFound, pages, unexpectedError } from "../generated/site.ts";

export type RouteMeta = (typeof pages)[number];

interface MetaContext {
  urlPathname: string;
  is404?: boolean | null;
  abortStatusCode?: number | undefined;
  errorWhileRendering?: unknown;
}

/** Title and description of the page at `urlPathname`, from data/site.yaml. */
export interface PageMeta {
  title: string;
  description: string;
  /** The route, or null for error pages. */
  path: string | null;
  /** Whether search engines should index the page. */
  index: boolean;
}

export function pageMeta(context: MetaContext): PageMeta {
  if (context.is404) return { title: notFound.title, description: notFound.text, path: null, index: false };
  const page = pages.find((p) => p.path === normalise(context.urlPathname));
  const failed = context.errorWhileRendering != null || context.abortStatusCode !== undefined;
  if (!page || failed)
    return { title: unexpectedError.title, description: unexpectedError.heading, path: null, index: false };
  return {
    title: page.title,
    description: page.description,
    path: page.path,
    index: !("index" in page) || page.index !== false,
  };
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}
