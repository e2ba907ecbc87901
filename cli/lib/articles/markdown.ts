import MarkdownIt from "markdown-it";

/**
 * One parser for every article: CommonMark with GFM tables and strikethrough.
 * `html: true` only so that raw HTML comes out as html_block/html_inline
 * tokens, which the rules report as errors: a valid article has none, so the
 * renderer never emits markup an owner typed.
 */
export const markdown = new MarkdownIt("default", { html: true, linkify: false, typographer: false });

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
