/** "Daniel O'Connell" -> "DO"; "Acme Corp" with max 1 -> "A". Letters of the first and last word. */
export function initials(name: string, max = 2): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word));
  if (words.length === 0) return "";
  const picked =
    words.length <= max ? words : max === 1 ? words.slice(0, 1) : [...words.slice(0, max - 1), words.at(-1) as string];
  return picked.map((word) => (word.match(/\p{L}/u)?.[0] ?? "").toLocaleUpperCase()).join("");
}
