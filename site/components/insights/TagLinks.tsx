import { plainText } from "../../../schemas/phrases.ts";
import type { TagLink } from "../../lib/insights.ts";
import { Link } from "../Link.tsx";

/** An article's tags, each linking to its tag page. */
export function TagLinks({ tags, label }: { tags: readonly TagLink[]; label: string }) {
  return (
    <ul aria-label={plainText(label)} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link
            href={`/insights/tags/${tag.slug}`}
            className="inline-flex items-center rounded-full border border-line bg-paper px-3 py-1 text-xs font-medium text-ink-soft hover:border-brass hover:text-ink"
          >
            {tag.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
