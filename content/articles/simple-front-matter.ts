/**
 * The fast path for front matter written the plain way, as nearly every
 * article is: `key: value` lines, values plain or in simple double quotes,
 * lists as `[a, b]` of slugs. It returns what `yaml` would, or undefined for
 * anything else (comments, other quoting, numbers, null, multi-line values,
 * duplicate keys...), which then goes through `yaml` with its positions. The
 * full parser costs several times more than the rest of an article's checks.
 */
export function simpleFrontMatter(yamlText: string): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  let start = 0;
  while (start <= yamlText.length) {
    let end = yamlText.indexOf("\n", start);
    if (end === -1) end = yamlText.length;
    const line = yamlText.slice(start, yamlText.charCodeAt(end - 1) === 13 ? end - 1 : end);
    start = end + 1;
    if (/^ *$/.test(line)) continue;
    const match = /^([a-z][a-zA-Z]*): (.*\S) *$/.exec(line);
    if (!match) return undefined;
    const [, key = "", raw = ""] = match;
    if (Object.hasOwn(out, key)) return undefined;
    const value = raw.startsWith("[") ? slugList(raw) : scalar(raw);
    if (value === undefined) return undefined;
    out[key] = value;
  }
  return out;
}

function scalar(raw: string): string | boolean | undefined {
  if (raw.startsWith('"')) return /^"[^"\\]*"$/.test(raw) ? raw.slice(1, -1) : undefined;
  // Indicators, comments, mapping values, tabs: the YAML parser decides.
  if (/^[-?:,[\]{}#&*!|>'"%@`.+~]/.test(raw) || / #|: |:$|\t/.test(raw)) return undefined;
  if (raw === "true" || raw === "false") return raw === "true";
  if (/^(?:null|Null|NULL|True|TRUE|False|FALSE)$/.test(raw)) return undefined;
  // A number (and 0x1F, 1e3...) is not a string; a day written YYYY-MM-DD is (YAML 1.2 core schema).
  if (/^\d/.test(raw) && !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
  return raw;
}

function slugList(raw: string): string[] | undefined {
  const inner = /^\[([a-z0-9, -]*)\]$/.exec(raw)?.[1];
  if (inner === undefined) return undefined;
  if (inner.trim() === "") return [];
  const items = inner.split(",").map((item) => item.trim());
  return items.every((item) => /^[a-z][a-z0-9-]*$/.test(item)) ? items : undefined;
}
