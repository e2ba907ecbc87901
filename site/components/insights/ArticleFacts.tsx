import { formatDate } from "./format.ts";

export interface FactLabels {
  updated: string;
  minRead: string;
}

/** Date, update date and reading time, in one line. */
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
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
      <time dateTime={date}>{formatDate(date)}</time>
      {updated && (
        <>
          <span aria-hidden="true">·</span>
          <span>
            {`${labels.updated} `}
            <time dateTime={updated}>{formatDate(updated)}</time>
          </span>
        </>
      )}
      <span aria-hidden="true">·</span>
      <span>
        {/* One text node, not three: React separates adjacent texts with "<!-- -->" in the HTML. */}
        {`${readingMinutes} ${labels.minRead}`}
      </span>
    </p>
  );
}
