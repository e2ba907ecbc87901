// The report as one self-contained HTML page (`inquiries stats --format html`):
// inline CSS and SVG, no script, no request to anything, readable offline and
// printable. Each chart has its table beside it, so nothing is only a picture.
import { conversion, type DayRow, type PageRow, type Report } from "./report.ts";

/** An article of Insights: /insights/<slug> (not the list, not a tag page; site/pages/insights-article). */
const ARTICLE = /^\/insights\/(?!tags(?:\/|$))[^/]+$/;

const COLOURS = { views: "#3057c9", inquiries: "#c2410c", grid: "#d9dde5", ink: "#1b2333", muted: "#5b6475" };

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

const number = new Intl.NumberFormat("en-GB");
const percent = new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 1 });
const rate = (row: { visits: number; inquiries: number }) => {
  const value = conversion(row);
  return value === undefined ? "–" : percent.format(value);
};

/** A round maximum for an axis: 1, 2, 5 × a power of ten, at least `value`. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power;
}

/** A bar chart of one measure per day: bars, a grid with three values, a date every week. */
function dayChart(days: readonly DayRow[], measure: "views" | "inquiries", title: string, height: number): string {
  const width = 640;
  const [left, right, top, bottom] = [44, 8, 10, 22];
  const plotWidth = width - left - right;
  const plotHeight = height - top - bottom;
  const max = niceMax(Math.max(0, ...days.map((day) => day[measure])));
  const band = plotWidth / Math.max(days.length, 1);
  const y = (value: number) => top + plotHeight - (value / max) * plotHeight;
  // Whole numbers only: a count of 1 has no half.
  const grid = [0, max / 2, max]
    .filter((value) => Number.isInteger(value))
    .map(
      (value) =>
        `<line x1="${left}" x2="${width - right}" y1="${y(value)}" y2="${y(value)}" stroke="${COLOURS.grid}"/>` +
        `<text x="${left - 6}" y="${y(value) + 4}" text-anchor="end">${number.format(value)}</text>`,
    )
    .join("");
  const bars = days
    .map((day, i) => {
      const barHeight = (day[measure] / max) * plotHeight;
      const x = left + i * band + band * 0.15;
      return `<rect x="${x.toFixed(1)}" y="${(top + plotHeight - barHeight).toFixed(1)}" width="${(band * 0.7).toFixed(1)}" height="${barHeight.toFixed(1)}" fill="${COLOURS[measure]}"><title>${day.date}: ${number.format(day[measure])}</title></rect>`;
    })
    .join("");
  const every = Math.max(1, Math.ceil(days.length / 8));
  const labels = days
    .map((day, i) =>
      i % every === 0
        ? `<text x="${(left + i * band + band / 2).toFixed(1)}" y="${height - 6}" text-anchor="middle">${day.date.slice(5)}</text>`
        : "",
    )
    .join("");
  const total = days.reduce((sum, day) => sum + day[measure], 0);
  return svg(
    width,
    height,
    title,
    `${number.format(total)} in all, at most ${number.format(max)} a day`,
    grid + bars + labels,
  );
}

function svg(width: number, height: number, title: string, description: string, body: string): string {
  const id = `chart-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return `<svg viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="${id}-title ${id}-desc"><title id="${id}-title">${escapeHtml(title)}</title><desc id="${id}-desc">${escapeHtml(description)}</desc>${body}</svg>`;
}

/** Per article: a bar of its inquiries and a bar of its conversion, side by side, one row each. */
function articleChart(articles: readonly PageRow[]): string {
  const row = 26;
  const [label, column, gap] = [170, 130, 24];
  const width = label + 2 * column + gap + 60;
  const height = 24 + articles.length * row;
  const maxInquiries = niceMax(Math.max(0, ...articles.map((article) => article.inquiries)));
  const maxRate = Math.max(0.0001, ...articles.map((article) => conversion(article) ?? 0));
  const heads =
    `<text x="${label}" y="14" class="head">Inquiries</text>` +
    `<text x="${label + column + gap}" y="14" class="head">Conversion</text>`;
  const rows = articles
    .map((article, i) => {
      const top = 24 + i * row;
      const inquiryWidth = (article.inquiries / maxInquiries) * column;
      const rateWidth = ((conversion(article) ?? 0) / maxRate) * column;
      const x2 = label + column + gap;
      return (
        `<text x="${label - 8}" y="${top + 16}" text-anchor="end">${escapeHtml(shorten(article.path.replace("/insights/", ""), 26))}</text>` +
        `<rect x="${label}" y="${top + 4}" width="${inquiryWidth.toFixed(1)}" height="16" fill="${COLOURS.inquiries}"/>` +
        `<text x="${label + inquiryWidth + 4}" y="${top + 16}">${number.format(article.inquiries)}</text>` +
        `<rect x="${x2}" y="${top + 4}" width="${rateWidth.toFixed(1)}" height="16" fill="${COLOURS.views}"/>` +
        `<text x="${x2 + rateWidth + 4}" y="${top + 16}">${rate(article)}</text>`
      );
    })
    .join("");
  return svg(width, height, "Inquiries and conversion per article", `${articles.length} articles`, heads + rows);
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function table(caption: string, heads: string[], rows: string[][], numeric = heads.map((_, i) => i > 0)): string {
  const th = heads
    .map((head, i) => `<th scope="col"${numeric[i] ? ' class="num"' : ""}>${escapeHtml(head)}</th>`)
    .join("");
  const body =
    rows.length === 0
      ? `<tr><td colspan="${heads.length}">None in this period.</td></tr>`
      : rows
          .map(
            (cells) =>
              `<tr>${cells
                .map((cell, i) =>
                  i === 0
                    ? `<th scope="row">${escapeHtml(cell)}</th>`
                    : `<td${numeric[i] ? ' class="num"' : ""}>${escapeHtml(cell)}</td>`,
                )
                .join("")}</tr>`,
          )
          .join("");
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`;
}

const STYLE = `
:root { color: ${COLOURS.ink}; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0; background: #f6f7f9; }
main { max-width: 1180px; margin: 0 auto; padding: 32px 28px 48px; }
h1 { font-size: 28px; margin: 0 0 4px; }
h2 { font-size: 20px; margin: 0 0 12px; }
p.range { margin: 0 0 24px; color: ${COLOURS.muted}; }
.totals { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 16px; margin: 0 0 28px; padding: 0; list-style: none; }
.totals li { background: #fff; border: 1px solid ${COLOURS.grid}; border-radius: 8px; padding: 14px 16px; }
.totals strong { display: block; font-size: 26px; }
section { background: #fff; border: 1px solid ${COLOURS.grid}; border-radius: 8px; padding: 20px 22px; margin: 0 0 24px; break-inside: avoid; }
.pair { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 28px; align-items: start; }
.charts { display: grid; gap: 12px; }
figure { margin: 0; }
figcaption { font-weight: 600; margin: 0 0 4px; }
figcaption.note { font-weight: normal; color: ${COLOURS.muted}; margin-bottom: 8px; }
svg { width: 100%; height: auto; font-size: 11px; fill: ${COLOURS.ink}; }
svg .head { font-weight: 600; }
table { width: 100%; border-collapse: collapse; font-size: 13px; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding: 0 0 6px; }
th, td { text-align: left; padding: 2px 8px; border-bottom: 1px solid ${COLOURS.grid}; }
th[scope="row"] { font-weight: normal; overflow-wrap: anywhere; }
.num { text-align: right; }
.key { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 4px; }
@media (max-width: 800px) { .pair, .totals { grid-template-columns: minmax(0, 1fr); } }
@media print {
  body { background: #fff; }
  main { padding: 0; max-width: none; }
  section, .totals li { border-color: #bbb; }
  * { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}`;

/** The report as one HTML page, with nothing to fetch. */
export function reportHtml(report: Report, generatedAt: Date): string {
  const articles = report.pages.filter((page) => ARTICLE.test(page.path));
  const articleRows = [...articles].sort((a, b) => b.inquiries - a.inquiries || b.views - a.views);
  const n = number.format;
  const total = report.totals;
  const range = `${report.from} to ${report.to}`;
  const dayTable = table(
    "Views and inquiries per day",
    ["Day (UTC)", "Views", "Inquiries"],
    report.days.map((day) => [day.date, n(day.views), n(day.inquiries)]),
  );
  const articleTable = table(
    "Per article",
    ["Article", "Views", "Visits", "Inquiries", "Conversion"],
    articleRows.map((a) => [a.path, n(a.views), n(a.visits), n(a.inquiries), rate(a)]),
  );
  const pageTable = table(
    "Pages by views",
    ["Page", "Views", "Visits", "Inquiries", "Conversion", "Languages"],
    report.pages.map((p) => [
      p.path,
      n(p.views),
      n(p.visits),
      n(p.inquiries),
      rate(p),
      Object.entries(p.languages)
        .map(([language, views]) => `${language} ${n(views)}`)
        .join(", "),
    ]),
    [false, true, true, true, true, false],
  );
  const referrerTable = table(
    "Sites that linked here",
    ["Site", "Visits", "Inquiries"],
    report.referrers.map((r) => [r.host, n(r.views), n(r.inquiries)]),
  );
  const campaignTable = table(
    "Campaign tags (utm_source / utm_medium / utm_campaign)",
    ["Campaign", "Visits", "Inquiries"],
    report.campaigns.map((c) => [
      [c.source, c.medium, c.campaign].map((part) => part || "–").join(" / "),
      n(c.views),
      n(c.inquiries),
    ]),
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Views and inquiries, ${escapeHtml(range)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Views and inquiries</h1>
<p class="range">${escapeHtml(range)} (UTC days) · made ${escapeHtml(generatedAt.toISOString().slice(0, 16).replace("T", " "))} UTC · counted by the site's own server, with nothing that identifies a visitor</p>
<ul class="totals">
<li><strong>${n(total.views)}</strong> page views</li>
<li><strong>${n(total.visits)}</strong> visits (first pages)</li>
<li><strong>${n(total.inquiries)}</strong> inquiries</li>
<li><strong>${rate(total)}</strong> inquiries per visit</li>
</ul>
<section aria-labelledby="per-day">
<h2 id="per-day">Per day</h2>
<div class="pair">
<div class="charts">
<figure><figcaption><span class="key" style="background:${COLOURS.views}"></span>Views per day</figcaption>${dayChart(report.days, "views", "Views per day", 290)}</figure>
<figure><figcaption><span class="key" style="background:${COLOURS.inquiries}"></span>Inquiries per day</figcaption>${dayChart(report.days, "inquiries", "Inquiries per day", 190)}</figure>
</div>
${dayTable}
</div>
</section>
<section aria-labelledby="articles">
<h2 id="articles">Articles</h2>
<div class="pair">
<figure><figcaption class="note">Inquiries from visits that landed on each article, and conversion: inquiries per visit that landed there</figcaption>${articles.length > 0 ? articleChart(articleRows) : "<p>No article was read in this period.</p>"}</figure>
${articleTable}
</div>
</section>
<section aria-labelledby="pages"><h2 id="pages">Pages</h2>${pageTable}</section>
<section aria-labelledby="sources"><h2 id="sources">Where visits came from</h2><div class="pair">${referrerTable}${campaignTable}</div></section>
</main>
</body>
</html>
`;
}
