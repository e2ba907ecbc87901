import { ArticleFacts, type FactLabels } from "../../components/insights/ArticleFacts.tsx";
import { Link } from "../../components/Link.tsx";
import { Phrased } from "../../components/Phrased.tsx";

interface RelatedItem {
  slug: string;
  title: string;
  date: string;
  readingMinutes: number;
  author: string;
}

/** The related articles: title, author, date and reading time (the list pages show the rest). */
export function Related({ items, labels }: { items: readonly RelatedItem[]; labels: FactLabels }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {items.map((item) => (
        <li key={item.slug} className="rounded-card border border-line bg-white p-6 shadow-card">
          <h3 className="text-xl leading-snug">
            <Link href={`/insights/${item.slug}`} className="rounded-sm hover:text-link hover:underline">
              <Phrased text={item.title} />
            </Link>
          </h3>
          <p className="mt-3 mb-1 text-sm font-semibold text-ink-soft">{item.author}</p>
          <ArticleFacts date={item.date} updated={null} readingMinutes={item.readingMinutes} labels={labels} />
        </li>
      ))}
    </ul>
  );
}
