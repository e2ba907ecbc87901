/**
 * Texts in data/ may say {firm.name}, {firm.email}, {stats.<id>} or
 * {retention.<key>} (a period of data/legal.yaml) so that a name, a figure or
 * a retention period lives once; `{stats.<id>:title}` capitalises each word
 * (for headings in title case: "Your Next 48 Hours"). Tokens are checked by the cross-file rules and
 * replaced by `npm run generate`; the site only ever sees plain strings.
 *
 * A brace shown as it is is written twice: `{{` and `}}` become `{` and `}`
 * (and `{{stats.x}}` is the text "{stats.x}", not a token). Any other brace
 * is a mistake (`braceProblems`): a `{` never closed, a `}` without its `{`,
 * a `{name}` that is not a token. A text that declares placeholders (an error
 * message's `{label}`, filled in on the site) may use those too.
 */
import { LANG_ATTEMPT } from "./phrases.ts";
import { closest } from "./suggest.ts";

export const TOKEN = /\{(firm|stats|retention)\.([A-Za-z0-9_]+)(?::(title))?\}/g;

/**
 * One pass over a text, left to right: a doubled brace, a token, a phrase
 * marker's `{lang=…}` (the phrase rules' to check), or a lone brace.
 */
const LEXEME = new RegExp(`\\{\\{|\\}\\}|${TOKEN.source}|${LANG_ATTEMPT.source}|[{}]`, "g");

/** The firm fields a text may use. */
export const FIRM_TOKENS = ["name", "legalName", "tagline", "email", "baseUrl"] as const;

export interface TokenContext {
  firm: Record<(typeof FIRM_TOKENS)[number], string>;
  stats: Record<string, { value: string }>;
  /** The retention periods of data/legal.yaml (numbers). */
  retention: Record<string, number>;
}

export type TokenScope = "firm" | "stats" | "retention";

export interface TokenUse {
  token: string;
  scope: TokenScope;
  key: string;
  index: number;
}

/** The tokens of a text, in order; a doubled brace is not one (`{{stats.x}}` is text). */
export function findTokens(text: string): TokenUse[] {
  if (!text.includes("{")) return [];
  const uses: TokenUse[] = [];
  for (const m of text.matchAll(LEXEME)) {
    if (m[1] === undefined) continue;
    uses.push({ token: m[0], scope: m[1] as TokenScope, key: m[2] as string, index: m.index });
  }
  return uses;
}

/** Replaces every token and each doubled brace by one; an unknown token is left as it is (validation reports it first). */
export function resolveTokens(text: string, context: TokenContext): string {
  if (!text.includes("{") && !text.includes("}")) return text;
  return text.replace(LEXEME, (written, scope?: string, key?: string, modifier?: string) => {
    if (written === "{{") return "{";
    if (written === "}}") return "}";
    if (scope === undefined || key === undefined) return written;
    let value: string | undefined;
    if (scope === "firm" && (FIRM_TOKENS as readonly string[]).includes(key)) {
      value = context.firm[key as (typeof FIRM_TOKENS)[number]];
    } else if (scope === "stats" && Object.hasOwn(context.stats, key)) {
      value = context.stats[key]?.value;
    } else if (scope === "retention" && Object.hasOwn(context.retention, key)) {
      value = String(context.retention[key]);
    }
    if (value === undefined) return written;
    return modifier === "title"
      ? value.replace(/(^|[\s-])(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())
      : value;
  });
}

/** Deep copy of `value` with every string's tokens resolved. */
export function resolveDeep<T>(value: T, context: TokenContext): T {
  if (typeof value === "string") return resolveTokens(value, context) as T;
  if (Array.isArray(value)) return value.map((item) => resolveDeep(item, context)) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveDeep(v, context)])) as T;
  }
  return value;
}

/** `firm.name`, `stats.<id>`, `retention.<key>`: every token that exists, as written between its braces. */
export function tokenNames(known: { stats?: object; retention?: object } = {}): string[] {
  return [
    ...FIRM_TOKENS.map((key) => `firm.${key}`),
    ...Object.keys(known.stats ?? {}).map((key) => `stats.${key}`),
    ...Object.keys(known.retention ?? {}).map((key) => `retention.${key}`),
  ];
}

export interface BraceProblem {
  /** Index of the brace in the text. */
  index: number;
  /** What is reported, as written: `{stats.targetArr`, `{site.name}`, `}`. */
  written: string;
  message: string;
  hint: string;
}

/** The most characters between a `{` and the `}` that closes it; past them, the `{` is taken as never closed. */
const MAX_BRACED = 40;
const NAME_AFTER = /\s*([A-Za-z0-9_.:-]*)/y;
const NAME_BEFORE = /[A-Za-z0-9_.:-]*$/;

/**
 * The `}` that closes the `{` at `open`: the first lone one on the same line,
 * before any other `{` (a doubled `}}` is a brace, not a closer), within
 * MAX_BRACED characters; -1 when there is none.
 */
function closerOf(text: string, open: number): number {
  const last = Math.min(text.length, open + 1 + MAX_BRACED + 1);
  for (let i = open + 1; i < last; i++) {
    const c = text[i];
    if (c === "{" || c === "\n") return -1;
    if (c !== "}") continue;
    if (text[i + 1] !== "}") return i;
    i++;
  }
  return -1;
}

/**
 * Every brace of `text` that is neither a token, a doubled brace, a phrase
 * marker nor one of `placeholders` (`{label}`), with what to write instead;
 * `names` are the tokens that exist (`tokenNames`), for the nearest one.
 */
export function braceProblems(
  text: string,
  names: readonly string[],
  placeholders: readonly string[] = [],
): BraceProblem[] {
  if (!text.includes("{") && !text.includes("}")) return [];
  const problems: BraceProblem[] = [];
  const lexeme = new RegExp(LEXEME.source, "g");
  for (let m = lexeme.exec(text); m; m = lexeme.exec(text)) {
    const index = m.index;
    if (m[0] === "}") {
      const name = NAME_BEFORE.exec(text.slice(Math.max(0, index - MAX_BRACED), index))?.[0] ?? "";
      problems.push({
        index,
        written: "}",
        message: "a `}` without its `{`",
        hint: hintFor(name, names, placeholders, "}"),
      });
      continue;
    }
    if (m[0] !== "{") continue;
    // The name right after the brace, for the nearest token: `stats.targetArr` of `{stats.targetArr ARR}`.
    NAME_AFTER.lastIndex = index + 1;
    const name = NAME_AFTER.exec(text)?.[1] ?? "";
    const close = closerOf(text, index);
    if (close === -1) {
      problems.push({
        index,
        written: name ? text.slice(index, NAME_AFTER.lastIndex) : "{",
        message: name ? `\`{${name}\` is never closed: a token ends with \`}\`` : "a `{` that is never closed",
        hint: hintFor(name, names, placeholders, "{"),
      });
      continue;
    }
    lexeme.lastIndex = close + 1;
    const written = text.slice(index, close + 1);
    if (placeholders.includes(written.slice(1, -1))) continue;
    problems.push({
      index,
      written,
      message: `\`${written}\` is not a token`,
      hint: hintFor(name, names, placeholders, "{"),
    });
  }
  return problems;
}

/** "did you mean `{stats.targetArr}`?" when a token is near `name`, then how to write the brace as it is. */
function hintFor(name: string, names: readonly string[], placeholders: readonly string[], brace: "{" | "}"): string {
  const literal = `a brace meant as a brace is written twice: \`${brace}${brace}\``;
  const modifier = name.endsWith(":title") ? ":title" : "";
  const base = modifier ? name.slice(0, -modifier.length) : name;
  const near = base ? closest(base, [...names, ...placeholders]) : undefined;
  if (near !== undefined) return `did you mean \`{${near}${modifier}}\`? (${literal})`;
  const also = placeholders.length ? `, and this text's own ${placeholders.map((p) => `\`{${p}}\``).join(", ")}` : "";
  return `a token is \`{firm.<field>}\`, \`{stats.<id>}\` or \`{retention.<key>}\`${also}; ${literal}`;
}
