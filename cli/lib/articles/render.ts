import type Token from "markdown-it/lib/token.mjs";
import type { Heading } from "./body.ts";
import { markdown } from "./markdown.ts";

/**
 * The body's HTML: h2 and h3 carry their id and a visible # link to
 * themselves, tables scroll inside a wrapper on narrow screens, images load
 * lazily. Tokens were resolved when the body was parsed.
 */
export function renderBody(tokens: Token[], headings: readonly Heading[], anchorLabel: string): string {
  for (const token of tokens) {
    const index = (token.meta as { headingIndex?: number } | null)?.headingIndex;
    const id = token.type === "heading_open" && index !== undefined ? headings[index]?.id : undefined;
    if (id) token.attrSet("id", id);
  }
  return markdown.renderer.render(tokens, markdown.options, { anchorLabel });
}

type Env = { anchorLabel: string };

const rules = markdown.renderer.rules;
const escapeHtml = markdown.utils.escapeHtml;

rules.heading_close = (tokens, index, _options, env: Env) => {
  // A heading is always heading_open, inline, heading_close.
  const id = tokens[index - 2]?.attrGet("id");
  const close = `</${tokens[index]?.tag}>\n`;
  return id
    ? `<a class="heading-anchor" href="#${escapeHtml(id)}" aria-label="${escapeHtml(env.anchorLabel)}">#</a>${close}`
    : close;
};
rules.table_open = () => '<div class="table-scroll"><table>\n';
rules.table_close = () => "</table></div>\n";
const image = rules.image;
rules.image = (tokens, index, options, env, self) => {
  tokens[index]?.attrSet("loading", "lazy");
  tokens[index]?.attrSet("decoding", "async");
  return image ? image(tokens, index, options, env, self) : self.renderToken(tokens, index, options);
};
