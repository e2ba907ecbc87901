/**
 * Texts in data/ may say {firm.name}, {firm.email}, {stats.<id>} or
 * {retention.<key>} (a period of data/legal.yaml) so that a name, a figure or
 * a retention period lives once; `{stats.<id>:title}` capitalises each word
 * (for headings in title case: "Your Next 48 Hours"). Tokens are checked by the cross-file rules and
 * replaced by `npm run generate`; the site only ever sees plain strings.
 */
export const TOKEN = /\{(firm|stats|retention)\.([A-Za-z0-9_]+)(?::(title))?\}/g;

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

export function findTokens(text: string): TokenUse[] {
  return [...text.matchAll(TOKEN)].map((m) => ({
    token: m[0],
    scope: m[1] as TokenScope,
    key: m[2] as string,
    index: m.index,
  }));
}

/** Replaces every token; an unknown token is left as it is (validation reports it first). */
export function resolveTokens(text: string, context: TokenContext): string {
  return text.replace(TOKEN, (token, scope: string, key: string, modifier?: string) => {
    let value: string | undefined;
    if (scope === "firm" && (FIRM_TOKENS as readonly string[]).includes(key)) {
      value = context.firm[key as (typeof FIRM_TOKENS)[number]];
    } else if (scope === "stats" && Object.hasOwn(context.stats, key)) {
      value = context.stats[key]?.value;
    } else if (scope === "retention" && Object.hasOwn(context.retention, key)) {
      value = String(context.retention[key]);
    }
    if (value === undefined) return token;
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
