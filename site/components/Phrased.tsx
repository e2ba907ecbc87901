import { Fragment } from "react";
import { phraseParts } from "../../schemas/phrases.ts";

/**
 * A text from data/ as read: each phrase marked `[ganzheitlich]{lang=de}`
 * becomes `<span lang="de">ganzheitlich</span>` (WCAG 3.1.2), the rest stays
 * plain text. Every component that shows a data text renders it through this;
 * plain-text places (title, meta, JSON-LD, feed, cards) use `plainText`.
 */
export function Phrased({ text }: { text: string }) {
  if (!text.includes("]{lang=")) return text;
  let offset = 0;
  return phraseParts(text).map((part) => {
    const key = offset;
    offset += part.text.length;
    return part.lang ? (
      <span key={key} lang={part.lang}>
        {part.text}
      </span>
    ) : (
      <Fragment key={key}>{part.text}</Fragment>
    );
  });
}
