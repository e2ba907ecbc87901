import { Children } from "react";
import { PHRASE_MARKER } from "../../schemas/phrases.ts";

/**
 * A text from data/ as read: each phrase marked `[ganzheitlich]{lang=de}`
 * becomes `<span lang="de">ganzheitlich</span>` (WCAG 3.1.2), the rest stays
 * plain text. Every component that shows a data text renders it through this;
 * plain-text places (title, meta, JSON-LD, feed, cards) use `plainText`.
 * Split by the marker, a text is [plain, phrase, language, plain, …]: small,
 * because it is on every page's first load.
 */
export function Phrased({ text }: { text: string }) {
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

/**
 * `children` with each text in it through `Phrased`: for the shared pieces
 * that take a data text as their children (buttons, links, eyebrows,
 * badges), so that every caller's text is shown as read.
 */
export function phrased(children: React.ReactNode): React.ReactNode {
  return typeof children === "string" ? (
    <Phrased text={children} />
  ) : (
    Children.map(children, (child) => (typeof child === "string" ? <Phrased text={child} /> : child))
  );
}
