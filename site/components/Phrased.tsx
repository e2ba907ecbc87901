import { PHRASE_MARKER } from "../../schemas/phrases.ts";

/**
 * A text from data/ as read: each phrase marked `[ganzheitlich]{lang=de}`
 * becomes `<span lang="de">ganzheitlich</span>` (WCAG 3.1.2), the rest stays
 * plain text. Every component that shows a data text renders it through this;
 * plain-text places (title, meta, JSON-LD, feed, cards) use `plainText`.
 * Split by the marker, a text is [plain, phrase, language, plain, …]: small,
 * because it is on every page's first load. Anything but a string passes as
 * it is, so a shared piece that takes a data text as its children (Link,
 * the buttons, Eyebrow, Badge, Fact) renders `<Phrased text={children} />`.
 */
export function Phrased({ text }: { text: React.ReactNode }) {
  if (typeof text !== "string") return text;
  const parts = text.split(PHRASE_MARKER);
  if (parts.length < 3) return text;
  return parts.map((part, i) =>
    i % 3 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered
      <span key={i} lang={parts[i + 1]}>
        {part}
      </span>
    ) : i % 3 ? null : (
      part
    ),
  );
}
