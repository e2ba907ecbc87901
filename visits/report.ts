// The partners' report of views and inquiries over a range of days: built from
// the daily counts (visits/store.ts) and the stored inquiries' origin (the
// visit's landing page, referrer host and campaign tags). Pure: the CLI reads
// the stores and prints (`inquiries stats`), report-html.ts draws it.
import type { ViewCount } from "./key.ts";
import type { DayRange } from "./store.ts";

/** What an inquiry says about the visit it came from; null (or absent, before they were recorded) for unknown. */
export interface InquiryOrigin {
  receivedAt: string;
  landingPage?: string | null;
  referrerHost?: string | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
}

export interface PageRow {
  /** The English page's path: "/de/about" is counted under "/about". */
  path: string;
  views: number;
  /** Views that began a visit: the visits that landed here. */
  visits: number;
  /** Inquiries whose visit landed on this page. */
  inquiries: number;
  /** Views per language code. */
  languages: Record<string, number>;
}

export interface ReferrerRow {
  host: string;
  /** Visits that came from the host (their landing views). */
  views: number;
  inquiries: number;
}

export interface CampaignRow {
  source: string;
  medium: string;
  campaign: string;
  views: number;
  inquiries: number;
}

export interface DayRow {
  date: string;
  views: number;
  inquiries: number;
}

export interface Report {
  from: string;
  to: string;
  totals: { views: number; visits: number; inquiries: number };
  /** By views, then path. */
  pages: PageRow[];
  /** By views, then host; visits without a referrer are left out. */
  referrers: ReferrerRow[];
  /** By views, then name; visits without campaign tags are left out. */
  campaigns: CampaignRow[];
  /** Every day of the range, oldest first, days without views included. */
  days: DayRow[];
}

const DAY_MS = 86_400_000;

/** Every day from `from` to `to`, inclusive. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${range.from}T00:00:00Z`); t <= Date.parse(`${range.to}T00:00:00Z`); t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/** Inquiries per visit that landed on the page, as a fraction; undefined when no visit landed there. */
export function conversion(row: { visits: number; inquiries: number }): number | undefined {
  return row.visits > 0 ? row.inquiries / row.visits : undefined;
}

function bump<K, V>(map: Map<K, V>, key: K, make: () => V, update: (value: V) => void): void {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  update(value);
}

const byViews =
  <T extends { views: number }>(name: (row: T) => string) =>
  (a: T, b: T) =>
    b.views - a.views || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);

/**
 * The report of `range` from its daily counts and the inquiries received in
 * it. `englishPage` maps an inquiry's landing page as the browser had it
 * ("/de/about") to the page the counts use ("/about").
 */
export function buildReport(
  range: DayRange,
  counts: readonly ViewCount[],
  inquiries: readonly InquiryOrigin[],
  englishPage: (path: string) => string,
): Report {
  const days = new Map(daysOf(range).map((date) => [date, { date, views: 0, inquiries: 0 }]));
  const pages = new Map<string, PageRow>();
  const referrers = new Map<string, ReferrerRow>();
  const campaigns = new Map<string, CampaignRow>();
  const newPage = (path: string) => (): PageRow => ({ path, views: 0, visits: 0, inquiries: 0, languages: {} });
  const campaignKey = (source: string, medium: string, campaign: string) => JSON.stringify([source, medium, campaign]);
  const totals = { views: 0, visits: 0, inquiries: 0 };

  for (const count of counts) {
    const day = days.get(count.day);
    if (!day) continue;
    day.views += count.views;
    totals.views += count.views;
    bump(pages, count.page, newPage(count.page), (row) => {
      row.views += count.views;
      if (count.landing) row.visits += count.views;
      row.languages[count.language] = (row.languages[count.language] ?? 0) + count.views;
    });
    if (!count.landing) continue;
    totals.visits += count.views;
    if (count.referrerHost) {
      const host = count.referrerHost;
      bump(
        referrers,
        host,
        () => ({ host, views: 0, inquiries: 0 }),
        (row) => {
          row.views += count.views;
        },
      );
    }
    if (count.utmSource || count.utmMedium || count.utmCampaign) {
      const { utmSource: source, utmMedium: medium, utmCampaign: campaign } = count;
      bump(
        campaigns,
        campaignKey(source, medium, campaign),
        () => ({ source, medium, campaign, views: 0, inquiries: 0 }),
        (row) => {
          row.views += count.views;
        },
      );
    }
  }

  for (const inquiry of inquiries) {
    const day = days.get(inquiry.receivedAt.slice(0, 10));
    if (!day) continue;
    day.inquiries++;
    totals.inquiries++;
    if (inquiry.landingPage) {
      const path = englishPage(inquiry.landingPage);
      bump(pages, path, newPage(path), (row) => {
        row.inquiries++;
      });
    }
    if (inquiry.referrerHost) {
      const host = inquiry.referrerHost;
      bump(
        referrers,
        host,
        () => ({ host, views: 0, inquiries: 0 }),
        (row) => {
          row.inquiries++;
        },
      );
    }
    const [source, medium, campaign] = [inquiry.utmSource ?? "", inquiry.utmMedium ?? "", inquiry.utmCampaign ?? ""];
    if (source || medium || campaign) {
      bump(
        campaigns,
        campaignKey(source, medium, campaign),
        () => ({ source, medium, campaign, views: 0, inquiries: 0 }),
        (row) => {
          row.inquiries++;
        },
      );
    }
  }

  return {
    from: range.from,
    to: range.to,
    totals,
    pages: [...pages.values()]
      .map((row) => ({ ...row, languages: Object.fromEntries(Object.entries(row.languages).sort()) }))
      .sort(byViews((row) => row.path)),
    referrers: [...referrers.values()].sort(byViews((row) => row.host)),
    campaigns: [...campaigns.values()].sort(byViews((row) => `${row.source}/${row.medium}/${row.campaign}`)),
    days: [...days.values()],
  };
}
