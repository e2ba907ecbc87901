/**
 * Did-you-mean suggestions and paths into a file, shared by the cross-file
 * rules and the article rules. Imports nothing: the articles' worker threads
 * load it without the schemas of every data file.
 */

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
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const allowed = Math.max(1, Math.floor(input.length / 3));
  return bestDistance <= allowed ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
