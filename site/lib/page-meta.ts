import { plainText } from "../../schemas/phrases.ts";
import { siteByLocale } from "./content/site.ts";
import { defaultLocale, type Locale } from "./locale.ts";

export type RouteMeta = (typeof siteByLocale)[Locale]["pages"][number];

interface MetaContext {
  /** The path without its language prefix (+onBeforeRoute.ts). */
  urlPathname: string;
  locale?: Locale;
  is404?: boolean | null;
  abortStatusCode?: number | undefined;
  errorWhileRendering?: unknown;
  /** A page whose route is not in data/site.yaml (the Insights pages) gives its meta in its data. */
  data?: unknown;
}

/** What a page's +data returns as `meta` when its title and description are not in data/site.yaml. */
export interface DataMeta {
  title: string;
  description: string;
  path: string;
  type?: "article";
}

/** Title and description of the page at `urlPathname`, from data/site.yaml. */
export interface PageMeta {
  title: string;
  description: string;
  /** The route, or null for error pages. */
  path: string | null;
  /** Whether search engines should index the page. */
  index: boolean;
  /** Open Graph type. */
  type: "website" | "article";
}

/** The page's meta as plain text: a phrase marker keeps its words only (title, meta tags, JSON-LD, cards). */
export function pageMeta(context: MetaContext): PageMeta {
  const meta = markedMeta(context);
  return { ...meta, title: plainText(meta.title), description: plainText(meta.description) };
}

function markedMeta(context: MetaContext): PageMeta {
  const { notFound, pages, unexpectedError } = siteByLocale[context.locale ?? defaultLocale];
  if (context.is404)
    return { title: notFound.title, description: notFound.text, path: null, index: false, type: "website" };
  const failed = context.errorWhileRendering != null || context.abortStatusCode !== undefined;
  const fromData = dataMeta(context.data);
  if (fromData && !failed) return { ...fromData, index: true, type: fromData.type ?? "website" };
  const page: RouteMeta | undefined = pages.find((p) => p.path === normalise(context.urlPathname));
  if (!page || failed)
    return {
      title: unexpectedError.title,
      description: unexpectedError.heading,
      path: null,
      index: false,
      type: "website",
    };
  return {
    title: page.title,
    description: page.description,
    path: page.path,
    index: !("index" in page) || page.index !== false,
    type: "website",
  };
}

function dataMeta(data: unknown): DataMeta | null {
  if (typeof data !== "object" || data === null || !("meta" in data)) return null;
  const meta = (data as { meta: unknown }).meta;
  if (typeof meta !== "object" || meta === null || !("title" in meta) || !("path" in meta)) return null;
  return meta as DataMeta;
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}
