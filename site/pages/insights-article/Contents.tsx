import { Phrased } from "../../components/Phrased.tsx";

/** The article's table of contents: its h2s (as written: a marked phrase keeps its language), linking to their anchors. */
export function Contents({ heading, items }: { heading: string; items: readonly { id: string; text: string }[] }) {
  if (items.length === 0) return null;
  return (
    <nav aria-labelledby="contents-heading" className="rounded-card border border-line bg-paper p-6">
      <h2 id="contents-heading" className="font-sans text-xs font-semibold uppercase tracking-[0.14em] text-muted">
        <Phrased text={heading} />
      </h2>
      <ol className="mt-4 list-decimal space-y-2 pl-5 text-sm leading-snug marker:text-brass-strong">
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`} className="text-link underline-offset-2 hover:underline">
              <Phrased text={item.text} />
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
