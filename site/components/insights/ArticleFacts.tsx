import { formatDate, formatNumber } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { Phrased } from "../Phrased.tsx";

export interface FactLabels {
  updated: string;
  minRead: string;
}

/** Date, update date and reading time, in one line, in the page's language ("23. November 2026 · 5 Min. Lesezeit"). */
export function ArticleFacts({
  date,
  updated,
  readingMinutes,
  labels,
}: {
  date: string;
  updated: string | null;
  readingMinutes: number;
  labels: FactLabels;
}) {
  const locale = useLocale();
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
      <time dateTime={date}>{formatDate(date, locale)}</time>
      {updated && (
        <>
          <span aria-hidden="true">·</span>
          <span>
            <Phrased text={labels.updated} /> <time dateTime={updated}>{formatDate(updated, locale)}</time>
          </span>
        </>
      )}
      <span aria-hidden="true">·</span>
      <span>
        {/* One text node, not three: React separates adjacent texts with "<!-- -->" in the HTML. */}
        <Phrased text={`${formatNumber(readingMinutes, locale)} ${labels.minRead}`} />
      </span>
    </p>
  );
}
