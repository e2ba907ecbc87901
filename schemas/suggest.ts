/**
 * Did-you-mean suggestions and paths into a file, shared by the cross-file
 * rules and the article rules. Imports no schema (only fastest-levenshtein, the
 * edit distance): the articles' worker threads load it without the schemas of
 * every data file.
 */
import { distance } from "fastest-levenshtein";

export type PathSegment = string | number;

/** `consultants[2].arrRange` */
export function formatPath(path: readonly PathSegment[]): string {
  return path.reduce<string>(
    (out, segment) => (typeof segment === "number" ? `${out}[${segment}]` : out ? `${out}.${segment}` : segment),
    "",
  );
}

/** "did you mean `x`?" when one candidate is close, otherwise the list of valid values. */
export function suggestion(
  input: string,
  candidates: readonly string[],
  what: string,
  before = "",
  after = "",
): string {
  const best = closest(input, candidates);
  if (best !== undefined) return `did you mean \`${before}${best}${after}\`?`;
  return `the ${what} are ${candidates.map((c) => `\`${before}${c}${after}\``).join(", ")}`;
}

/** The candidate within a small edit distance of `input`, if any. */
export function closest(input: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  const lower = input.toLowerCase();
  for (const candidate of candidates) {
    const edits = distance(lower, candidate.toLowerCase());
    if (edits < bestDistance) {
      best = candidate;
      bestDistance = edits;
    }
  }
  const allowed = Math.max(1, Math.floor(input.length / 3));
  return bestDistance <= allowed ? best : undefined;
}
