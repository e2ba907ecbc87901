import MarkdownIt from "markdown-it";
import { PHRASE_MARKER } from "../../schemas/phrases.ts";

/**
 * One parser for every article: CommonMark with GFM tables and strikethrough.
 * `html: true` only so that raw HTML comes out as html_block/html_inline
 * tokens, which the rules report as errors: a valid article has none, so the
 * renderer never emits markup an owner typed.
 */
export const markdown = new MarkdownIt("default", { html: true, linkify: false, typographer: false });

/** A phrase marker where the text stands: `[ganzheitlich]{lang=de}` (schemas/phrases.ts). */
const PHRASE_AT = new RegExp(PHRASE_MARKER.source, "y");

/**
 * A phrase in another language, `[ganzheitlich]{lang=de}`, becomes
 * `<span lang="de">ganzheitlich</span>` (WCAG 3.1.2). Tried before links: a
 * marker is never a link (it has no `(href)`), and its words stay a text
 * token, so tokens in it are resolved and its words counted like any other.
 */
markdown.inline.ruler.before("link", "phrase", (state, silent) => {
  // Silent is a link's label being measured: its brackets are counted one by
  // one there, so a marker inside a link's text does not read as a nested link.
  if (silent || state.src.charCodeAt(state.pos) !== 0x5b /* [ */) return false;
  PHRASE_AT.lastIndex = state.pos;
  const match = PHRASE_AT.exec(state.src);
  if (!match || match.index + match[0].length > state.posMax) return false;
  state.push("phrase_open", "span", 1).attrSet("lang", match[2] as string);
  state.push("text", "", 0).content = match[1] as string;
  state.push("phrase_close", "span", -1);
  state.pos += match[0].length;
  return true;
});

/** Lower-case ASCII words joined by hyphens: "Why CRM data rots (and 3 fixes)" -> "why-crm-data-rots-and-3-fixes". */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Heading ids in order, duplicates numbered "-2", "-3"; a heading without letters becomes "section". */
export function headingIds(texts: readonly string[]): string[] {
  const seen = new Set<string>();
  return texts.map((text) => {
    const base = slugify(text) || "section";
    let id = base;
    for (let n = 2; seen.has(id); n++) id = `${base}-${n}`;
    seen.add(id);
    return id;
  });
}
