import { createHash } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { sourceHash } from "../../schemas/hash.ts";
import type { ArticleFrontMatter, TranslatedFrontMatter } from "../../schemas/insights.ts";
import { type TokenContext, tokenNames } from "../../schemas/templates.ts";
import type { Diagnostic } from "../diagnostic.ts";
import type { TextFile } from "../read-text.ts";
import { diagnosticAt, type SourceFile } from "../source.ts";
import { type Heading, parseBody } from "./body.ts";
import { braceDiagnostics } from "./braces.ts";
import { splitArticle } from "./front-matter.ts";
import type { FrontMatterContext } from "./front-matter-rules.ts";
import { phraseDiagnostics } from "./phrases.ts";
import { renderBody } from "./render.ts";

/** What checking one article needs from the data files; plain data, so a worker thread can receive it. */
export interface ArticleContext extends FrontMatterContext {
  /** Token values, or undefined while site/stats/legal have errors (tokens are then not checked). */
  tokens?: TokenContext;
  /** Render the body's HTML (generate), with this accessible name for heading anchors. */
  anchorLabel?: string;
  /** Render a draft's HTML too (the editor's page preview shows a draft as if published). */
  drafts?: boolean;
  /** The files are translations (data/insights/<code>/): their front matter is a TranslatedFrontMatter. */
  translation?: boolean;
  /** The site's language codes (data/locales.yaml): a phrase marker names one of them. */
  languages?: readonly string[];
}

export type Location = Pick<Diagnostic, "file" | "line" | "column" | "endLine" | "endColumn">;

/** One article as read and checked: plain data, enough to link to it, list it and write its page. */
export interface ArticleRecord {
  slug: string;
  file: string;
  /**
   * Undefined when the front matter has errors. For a translation: the
   * original's, with the translated title and description (set once the
   * originals are read, content/articles/index.ts).
   */
  frontMatter?: ArticleFrontMatter;
  /** A translation's own front matter, when it passed its schema. */
  translation?: TranslatedFrontMatter;
  /** Where a translation's `translationOf:` value is written (the rules on its original point there). */
  translationOfAt?: Location;
  /** Where a translation's title, description and body start (its stale warnings point there). */
  fieldsAt?: { title?: Location; description?: Location; body?: Location };
  /** sourceHash of the body as written (what a translation's lock records of its original). */
  bodyHash?: string;
  /** Where the `image:` value (the cover image) is written: its file is checked once every article is read. */
  imageAt?: Location;
  headings: Heading[];
  links: Array<{ kind: "link" | "image"; href: string; at: Location }>;
  words: number;
  diagnostics: Diagnostic[];
  hasErrors: boolean;
  /** Whether the file passed the file guards and was parsed (its text can be shown in code frames). */
  parsed: boolean;
  /**
   * The body's HTML as UTF-8 bytes, deflated (raw, level 1: inflateRawSync
   * gives them back), when asked for; only for a published article without
   * errors. Bytes, not a string: the renderer's string is a rope of thousands
   * of pieces, and the bytes move from a worker without a copy. Deflated,
   * because a run holds every body until it writes them: at 50,000 articles
   * 389 MB as they are, about a quarter of that deflated; `generate` at
   * 10,000 articles took the same time with and without it (interleaved).
   */
  deflatedHtml?: Uint8Array;
  /** SHA-256 of the body's HTML (its bytes as in deflatedHtml), beside it: what its body file holds (stamps.ts). */
  htmlDigest?: string;
}

const EMPTY_TOKENS: TokenContext = { firm: {} as TokenContext["firm"], stats: {}, retention: {} };

/**
 * Parses and checks one article, as read (readTextFileSync, or readBytesSync
 * and decodeText): everything that needs only this file. The caller reads it,
 * so that the bytes its record is keyed by are the bytes checked, read once.
 */
export function checkArticle(read: TextFile, file: string, slug: string, context: ArticleContext): ArticleRecord {
  const empty = { slug, file, headings: [], links: [], words: 0, hasErrors: true, parsed: false };
  if (read.diagnostics) return { ...empty, diagnostics: read.diagnostics };
  const split = splitArticle(file, read.text, context, context.translation === true);
  const diagnostics = [...split.diagnostics];
  const body =
    split.bodyStart < read.text.length || split.value || split.translation
      ? parseBody(split.source, split.bodyStart, split.bodyLine, context.tokens ?? EMPTY_TOKENS, !!context.tokens)
      : undefined;
  if (body) diagnostics.push(...body.diagnostics);
  if (body) diagnostics.push(...braceDiagnostics(split, body.tokens, tokenNames(context.tokens)));
  if (body && context.languages)
    diagnostics.push(
      ...phraseDiagnostics(split.source, split.bodyLine, body.tokens, {
        codes: context.languages,
        english: context.translation !== true,
      }),
    );
  const hasErrors = diagnostics.some((d) => d.severity === "error");
  const links = (body?.links ?? []).map((link) => {
    const { file: f, line, column, endLine, endColumn } = diagnosticAt(split.source, link.span, "error", "", "");
    return { kind: link.kind, href: link.href, at: { file: f, line, column, endLine, endColumn } };
  });
  const draft = (split.value ?? split.translation)?.draft === true;
  const translationOfAt = split.translation ? valueLocation(split.source, "translationOf") : undefined;
  const fieldsAt = split.translation
    ? {
        title: valueLocation(split.source, "title"),
        description: valueLocation(split.source, "description"),
        body: lineLocation(split.source, split.bodyLine),
      }
    : undefined;
  const imageAt = split.value?.image !== undefined ? valueLocation(split.source, "image") : undefined;
  const publish = context.anchorLabel !== undefined && body && !hasErrors && (!draft || context.drafts === true);
  // What is kept goes through JSON once: strings cut from the article's text would otherwise keep all of it alive.
  const kept = JSON.parse(
    JSON.stringify({ frontMatter: split.value, translation: split.translation, headings: body?.headings ?? [], links }),
  ) as Pick<ArticleRecord, "frontMatter" | "translation" | "headings" | "links">;
  return {
    slug,
    file,
    ...(kept.frontMatter ? { frontMatter: kept.frontMatter } : {}),
    ...(kept.translation ? { translation: kept.translation } : {}),
    ...(translationOfAt ? { translationOfAt } : {}),
    ...(fieldsAt ? { fieldsAt: JSON.parse(JSON.stringify(fieldsAt)) as ArticleRecord["fieldsAt"] } : {}),
    bodyHash: sourceHash(articleBody(read.text, split.bodyStart)),
    ...(imageAt ? { imageAt } : {}),
    headings: kept.headings,
    links: kept.links,
    words: body?.words ?? 0,
    diagnostics,
    hasErrors,
    parsed: true,
    ...(publish ? htmlOf(encoder.encode(renderBody(body.tokens, body.headings, context.anchorLabel ?? ""))) : {}),
  };
}

const encoder = new TextEncoder();

/** A body's HTML as a record keeps it: deflated, and its digest. */
function htmlOf(html: Uint8Array): Pick<ArticleRecord, "deflatedHtml" | "htmlDigest"> {
  return {
    // Copied out: zlib's result is a view into a 16 KiB chunk, which it would keep whole.
    deflatedHtml: new Uint8Array(deflateRawSync(html, { level: 1 })),
    htmlDigest: createHash("sha256").update(html).digest("base64url"),
  };
}

/** A record's body HTML as UTF-8 bytes (inflated), or undefined where it has none. */
export function bodyHtml(record: Pick<ArticleRecord, "deflatedHtml">): Buffer | undefined {
  return record.deflatedHtml ? inflateRawSync(record.deflatedHtml) : undefined;
}

/** The body of an article as its lock hashes it: after the front matter, surrounding blank lines trimmed. */
export function articleBody(text: string, bodyStart: number): string {
  return text.slice(bodyStart).replace(/\r\n?/g, "\n").trim();
}

/** The first line of the body, for a warning about the body as a whole. */
function lineLocation(source: SourceFile, line: number): Location {
  let start = source.lines.lineStarts[line - 1] ?? source.text.length;
  while (start < source.text.length && (source.text[start] === "\n" || source.text[start] === "\r")) start++;
  const end = source.text.indexOf("\n", start);
  const {
    file,
    line: l,
    column,
    endLine,
    endColumn,
  } = diagnosticAt(source, { start, end: end === -1 ? source.text.length : end }, "warning", "", "");
  return { file, line: l, column, endLine, endColumn };
}

/** Where the value of a plain top-level front-matter field is written, like `translationOf: crm-hygiene`. */
function valueLocation(source: SourceFile, field: string): Location | undefined {
  const match = new RegExp(`^${field}:[ \\t]*(\\S.*?)[ \\t]*$`, "m").exec(source.text);
  if (!match?.[1]) return undefined;
  const start = match.index + match[0].indexOf(match[1], field.length + 1);
  const { file, line, column, endLine, endColumn } = diagnosticAt(
    source,
    { start, end: start + match[1].length },
    "error",
    "",
    "",
  );
  return { file, line, column, endLine, endColumn };
}
