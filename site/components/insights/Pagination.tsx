import { plainText } from "../../../schemas/phrases.ts";
import { Link } from "../Link.tsx";
import { Phrased } from "../Phrased.tsx";
export interface PaginationLabels {
  label: string;
  previous: string;
  next: string;
  /** "Page {n} of {total}" already filled in. */
  status: string;
}

/** Newer/older links between list pages; rel prev/next for crawlers. */
export function Pagination({
  previous,
  next,
  labels,
}: {
  previous: string | null;
  next: string | null;
  labels: PaginationLabels;
}) {
  if (!previous && !next) return null;
  const link =
    "inline-flex items-center rounded-full border border-ink px-5 py-2.5 text-sm font-semibold text-ink hover:bg-ink hover:text-white";
  return (
    <nav aria-label={plainText(labels.label)} className="mt-12 flex flex-wrap items-center justify-between gap-4">
      {previous ? (
        <Link href={previous} rel="prev" className={link}>
          <span aria-hidden="true">←&nbsp;</span>
          <Phrased text={labels.previous} />
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted">
        <Phrased text={labels.status} />
      </p>
      {next ? (
        <Link href={next} rel="next" className={link}>
          <Phrased text={labels.next} />
          <span aria-hidden="true">&nbsp;→</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
