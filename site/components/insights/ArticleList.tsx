import type { ArticleCard } from "../../lib/insights.ts";
import { Link } from "../Link.tsx";
import { Phrased } from "../Phrased.tsx";
import { ArticleFacts, type FactLabels } from "./ArticleFacts.tsx";
import { TagLinks } from "./TagLinks.tsx";

export interface CardLabels extends FactLabels {
  by: string;
  tags: string;
}

/** Article cards: title link, description, author, date, reading time and tags. */
export function ArticleList({
  items,
  labels,
  headingLevel = 2,
}: {
  items: readonly ArticleCard[];
  labels: CardLabels;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.slug} className="flex">
          <article
            aria-labelledby={`card-${item.slug}`}
            className="flex w-full flex-col rounded-card border border-line bg-white p-6 shadow-card"
          >
            <ArticleFacts date={item.date} updated={null} readingMinutes={item.readingMinutes} labels={labels} />
            <Heading id={`card-${item.slug}`} className="mt-3 text-xl leading-snug">
              <Link href={`/insights/${item.slug}`} className="rounded-sm hover:text-link hover:underline">
                <Phrased text={item.title} />
              </Link>
            </Heading>
            <p className="mt-3 flex-1 leading-relaxed text-muted">
              <Phrased text={item.description} />
            </p>
            <p className="mt-5 text-sm text-ink-soft">
              <Phrased text={labels.by} />{" "}
              <Link
                href={`/consultants#${item.author.slug}`}
                className="font-semibold text-link underline-offset-2 hover:underline"
              >
                {item.author.name}
              </Link>
            </p>
            <div className="mt-4">
              <TagLinks tags={item.tags} label={labels.tags} />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
