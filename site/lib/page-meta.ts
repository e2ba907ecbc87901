import { notFound, pages, unexpectedError } from "../generated/site.ts";

export type RouteMeta = (typeof pages)[number];

interface MetaContext {
  urlPathname: string;
  is404?: boolean | null;
  abortStatusCode?: number | undefined;
  errorWhileRendering?: unknown;
}

/** Title and description of the page at `urlPathname`, from data/site.yaml. */
export function pageMeta(context: MetaContext): { title: string; description: string; path: string | null } {
  if (context.is404) return { title: notFound.title, description: notFound.text, path: null };
  const page = pages.find((p) => p.path === normalise(context.urlPathname));
  const failed = context.errorWhileRendering != null || context.abortStatusCode !== undefined;
  if (!page || failed) return { title: unexpectedError.title, description: unexpectedError.heading, path: null };
  return page;
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}
