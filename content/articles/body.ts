import type { Token } from "markdown-it";
import { suggestion } from "../../schemas/suggest.ts";
import { findTokens, resolveTokens, type TokenContext } from "../../schemas/templates.ts";
import type { Diagnostic } from "../diagnostic.ts";
import { rawCharacterProblems } from "../raw-characters.ts";
import { diagnosticAt, type SourceFile, type Span } from "../source.ts";
import { headingIds, markdown } from "./markdown.ts";

export interface Heading {
  depth: number;
  /** From the plain words (phrase markers dropped). */
  id: string;
  /** As written, phrase markers kept (`Der [ganzheitlich]{lang=de} view`): shown through Phrased, plainText where plain. */
  text: string;
}

/** A link or image of the body, checked once every article is known. */
export interface BodyLink {
  kind: "link" | "image";
  href: string;
  span: Span;
}

export interface ParsedBody {
  tokens: Token[];
  /** The h2 and h3 headings with their ids (deeper levels get none). */
  headings: Heading[];
  links: BodyLink[];
  words: number;
  diagnostics: Diagnostic[];
}

const TOKEN_WHAT = { firm: "firm field", stats: "figure", retention: "retention period" } as const;

/**
 * Parses the body once and applies the rules that need only this file:
 * headings, raw HTML, image alt text, tokens, emptiness. Tokens are resolved
 * in the text so that headings, ids and word counts read as the page does.
 */
export function parseBody(
  source: SourceFile,
  bodyStart: number,
  bodyLine: number,
  context: TokenContext,
  checkTokens = true,
): ParsedBody {
  const text = source.text;
  const body = text.slice(bodyStart);
  const diagnostics: Diagnostic[] = [];
  const error = (span: Span, message: string, hint: string, severity: Diagnostic["severity"] = "error") =>
    diagnostics.push(diagnosticAt(source, span, severity, "", message, hint));
  const lineStart = (bodyLineIndex: number) => source.lines.lineStarts[bodyLine - 1 + bodyLineIndex] ?? text.length;
  const blockSpan = (token: Token): Span => {
    const start = lineStart(token.map?.[0] ?? 0);
    const end = text.indexOf("\n", start);
    return { start, end: end === -1 ? text.length : end };
  };
  /** Where `needle` is written inside the lines of `block`, searching from `from`. */
  const find = (block: Token, needle: string, from: number): Span | undefined => {
    if (!needle) return undefined;
    const start = Math.max(from, lineStart(block.map?.[0] ?? 0));
    const end = block.map ? lineStart(block.map[1]) : text.length;
    let at = text.indexOf(needle, start);
    if (at === -1 || at + needle.length > end) at = text.indexOf(needle, bodyStart); // a reference definition elsewhere
    return at === -1 ? undefined : { start: at, end: at + needle.length };
  };

  // The body is prose: tabs and line breaks, no control characters, no bidi overrides.
  diagnostics.push(...rawCharacterProblems(source, { lines: "many" }, bodyStart));

  if (!/\S/.test(body)) {
    const fence = source.lines.lineStarts[bodyLine - 2] ?? 0;
    error(
      { start: fence, end: fence + 3 },
      "the article has no text after its front matter",
      "write the article below the closing `---`, starting with a paragraph or a `##` heading",
    );
  }

  // The whole file: the title and description may use tokens too.
  for (const use of checkTokens ? findTokens(text) : []) {
    const known = use.scope === "firm" ? Object.keys(context.firm) : Object.keys(context[use.scope]);
    if (known.includes(use.key)) continue;
    const span = { start: use.index, end: use.index + use.token.length };
    const what = TOKEN_WHAT[use.scope];
    error(span, `unknown ${what} in ${use.token}`, suggestion(use.key, known, `${what}s`, `{${use.scope}.`, "}"));
  }

  const tokens = markdown.parse(body, {});
  const headingTexts: string[] = [];
  const headingMarked: string[] = [];
  const headingDepths: number[] = [];
  const links: BodyLink[] = [];
  let words = 0;
  let previousDepth = 1;

  let lastMap: [number, number] | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    // A table cell's inline token has no line map: its row (tr_open) has.
    if (token.map) lastMap = token.map;
    else if (token.type === "inline") token.map = lastMap;
    if (token.type === "html_block") {
      error(blockSpan(token), "raw HTML in an article", RAW_HTML_HINT);
      continue;
    }
    if (token.type === "fence" || token.type === "code_block") {
      words += countWords(token.content);
      continue;
    }
    if (token.type === "heading_open") {
      const depth = Number(token.tag.slice(1));
      const inline = tokens[i + 1];
      const span = blockSpan(token);
      if (depth === 1) {
        error(
          span,
          "a level-1 heading in the article's body",
          "the title is the page's only h1: start the body's sections at `##`",
        );
      } else if (depth > previousDepth + 1) {
        error(
          span,
          previousDepth === 1
            ? `the body's first heading is h${depth}: it must be h2`
            : `the heading level skips from h${previousDepth} to h${depth}`,
          `use ${"#".repeat(previousDepth + 1)} here; levels go down one at a time, starting at \`##\``,
        );
      }
      previousDepth = depth;
      if ((depth === 2 || depth === 3) && inline) {
        headingDepths.push(depth);
        headingTexts.push(""); // filled below from the resolved inline text
        headingMarked.push("");
        token.meta = { headingIndex: headingTexts.length - 1 };
      }
      continue;
    }
    if (token.type !== "inline" || !token.children) continue;

    let cursor = lineStart(token.map?.[0] ?? 0);
    let plain = "";
    /** The same words with their phrase markers, for a heading. */
    let marked = "";
    let phraseLang = "";
    for (const child of token.children) {
      if (child.type === "text" || child.type === "code_inline") {
        if (child.type === "text") child.content = resolveTokens(child.content, context);
        plain += child.content;
        marked += child.content;
      } else if (child.type === "phrase_open") {
        phraseLang = String(child.attrGet("lang") ?? "");
        marked += "[";
      } else if (child.type === "phrase_close") {
        marked += `]{lang=${phraseLang}}`;
      } else if (child.type === "softbreak" || child.type === "hardbreak") {
        plain += " ";
        marked += " ";
      } else if (child.type === "html_inline") {
        error(find(token, child.content, cursor) ?? blockSpan(token), "raw HTML in an article", RAW_HTML_HINT);
      } else if (child.type === "link_open" || child.type === "image") {
        const isImage = child.type === "image";
        const href = String(child.attrGet(isImage ? "src" : "href") ?? "");
        const written = decodeSafely(href);
        const span = find(token, written, cursor) ?? find(token, href, cursor) ?? blockSpan(token);
        cursor = span.end;
        links.push({ kind: isImage ? "image" : "link", href: written, span });
        if (isImage) {
          for (const part of child.children ?? [])
            if (part.type === "text") part.content = resolveTokens(part.content, context);
          child.content = (child.children ?? []).map((part) => part.content).join("");
          if (!/\S/.test(child.content)) {
            const bang = text.lastIndexOf("![", span.start);
            error(
              bang === -1 ? span : { start: bang, end: span.end },
              "an image without alt text",
              "describe what the image shows inside the brackets: ![Pipeline by stage, Q3](/images/insights/pipeline.png)",
            );
          }
          plain += ` ${child.content} `;
          marked += ` ${child.content} `;
        }
      }
    }
    words += countWords(plain);
    const previous = tokens[i - 1];
    const index =
      previous?.type === "heading_open" ? (previous.meta as { headingIndex?: number } | null)?.headingIndex : undefined;
    if (index !== undefined) {
      headingTexts[index] = plain.trim();
      headingMarked[index] = marked.trim();
    }
  }

  const ids = headingIds(headingTexts);
  const headings = ids.map((id, n) => ({ depth: headingDepths[n] ?? 2, id, text: headingMarked[n] ?? "" }));
  return { tokens, headings, links, words, diagnostics };
}

const RAW_HTML_HINT =
  "write Markdown instead: the pages run under a strict content security policy and show no markup from articles (a line break is a backslash at the end of the line)";

/** Runs of characters between spaces that hold a letter or a digit ("3x", "€10M+", "don't"; not "—"). */
export function countWords(text: string): number {
  let count = 0;
  let wordy = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13 || c === 160) {
      if (wordy) count++;
      wordy = false;
    } else if (
      !wordy &&
      ((c >= 48 && c <= 57) ||
        (c >= 65 && c <= 90) ||
        (c >= 97 && c <= 122) ||
        (c >= 0xc0 && (c < 0x2000 || c >= 0x2c00)))
    ) {
      wordy = true;
    }
  }
  return wordy ? count + 1 : count;
}

function decodeSafely(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}
