// A social card: what it shows and its size. Plain data, shared by the page's head
// (card-spec.ts) and the renderer (render-card.tsx).

/** Everything a card shows, as display text: the card's content hash is taken over it. */
export interface CardSpec {
  /** Readable start of the file name: the page's path as a slug ("insights-crm-hygiene"). */
  name: string;
  title: string;
  /** A page's one-line description; an article shows its byline instead. */
  description: string | null;
  /** Above the title, in small capitals: the section ("Insights"), or none. */
  eyebrow: string | null;
  firm: string;
  /** The site's host, at the foot of a page's card. */
  host: string;
  /** An article's author; `initials` in the round badge, as on the page. */
  byline: { name: string; role: string; initials: string } | null;
  /** An article's date and reading time, in one line. */
  facts: string | null;
  /** An article's own cover image (front matter `image:`), a path under site/public. */
  cover: { src: string; alt: string } | null;
}

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
