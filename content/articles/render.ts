import type { Token } from "markdown-it";
import { plainText } from "../../schemas/phrases.ts";
import type { Heading } from "./body.ts";
import { markdown } from "./markdown.ts";

/**
 * The body's HTML: h2 and h3 carry their id and a visible # link to
 * themselves, tables scroll inside a wrapper on narrow screens, images load
 * lazily. Tokens were resolved when the body was parsed.
 *
 * A table's scroll wrapper is focusable (keyboard users scroll it by Tab:
 * axe's scrollable-region-focusable), so it is a named region, a <section>
 * with an aria-label (IBM Equal
 * Access: element_tabbable_role_valid): named by the text of its section's
 * heading (not aria-labelledby, which would add the heading's # link), or,
 * before any heading, by its column headers.
 */
export function renderBody(tokens: Token[], headings: readonly Heading[], anchorLabel: string): string {
  let section: string | undefined;
  for (const [position, token] of tokens.entries()) {
    const index = (token.meta as { headingIndex?: number } | null)?.headingIndex;
    const id = token.type === "heading_open" && index !== undefined ? headings[index]?.id : undefined;
    if (id) {
      token.attrSet("id", id);
      const text = index === undefined ? undefined : headings[index]?.text;
      section = text === undefined ? undefined : plainText(text);
    }
    if (token.type === "table_open") token.meta = { label: section ?? columnHeaders(tokens, position) };
  }
  return markdown.renderer.render(tokens, markdown.options, { anchorLabel });
}

/** The text of a table's header cells, "Stage, Owner, Exit criteria". */
function columnHeaders(tokens: Token[], tableOpen: number): string {
  const cells: string[] = [];
  for (let i = tableOpen + 1; i < tokens.length && tokens[i]?.type !== "thead_close"; i++) {
    const token = tokens[i];
    if (token?.type === "inline" && tokens[i - 1]?.type === "th_open") cells.push(token.content);
  }
  return cells.join(", ");
}

const rules = markdown.renderer.rules;
const escapeHtml = markdown.utils.escapeHtml;

rules.heading_close = (tokens, index, _options, env) => {
  // A heading is always heading_open, inline, heading_close; renderBody gave it its id and the env its label.
  const id = tokens[index - 2]?.attrGet("id");
  const label = typeof env?.anchorLabel === "string" ? env.anchorLabel : "";
  const close = `</${tokens[index]?.tag}>\n`;
  return id
    ? `<a class="heading-anchor" href="#${escapeHtml(String(id))}" aria-label="${escapeHtml(plainText(label))}">#</a>${close}`
    : close;
};
rules.table_open = (tokens, index) => {
  const label = (tokens[index]?.meta as { label?: string } | null)?.label ?? "";
  // A named <section> is a region (html-validate: prefer-native-element over role="region").
  return `<section class="table-scroll" aria-label="${escapeHtml(label)}" tabindex="0"><table>\n`;
};
rules.table_close = () => "</table></section>\n";
const image = rules.image;
rules.image = (tokens, index, options, env, self) => {
  tokens[index]?.attrSet("loading", "lazy");
  tokens[index]?.attrSet("decoding", "async");
  return image ? image(tokens, index, options, env, self) : self.renderToken(tokens, index, options);
};
