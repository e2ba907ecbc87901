// Environment: client. The page view beacon: on the first page of a visit and
// on every client-side navigation, the page tells this site's own server which
// page it is (POST visits.endpoint, counted per day by the server; visits/ and
// docs/operating.md). Nothing is stored in the browser: where the visit came
// from lives in this module's memory for as long as the page's script runs,
// and goes with the next inquiry (site/components/form/send.ts).
import { visits } from "../generated/behaviour.ts";

/** Where this visit began, as an inquiry carries it. "" for none. */
export interface VisitOrigin {
  landingPage: string;
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

let origin: VisitOrigin | undefined;

/** The visit's first page and where it came from; undefined before the first page is counted. */
export function visitOrigin(): VisitOrigin | undefined {
  return origin;
}

/** Reports the page now shown. The first call of a page load is the visit's landing page. */
export function countView(): void {
  // A page the browser prerenders (the address bar's guess, speculation rules) runs its script
  // unseen: it is a view only once it is shown, if ever.
  if ((document as { prerendering?: boolean }).prerendering) {
    document.addEventListener("prerenderingchange", countView, { once: true });
    return;
  }
  const path = location.pathname;
  let report: Record<string, unknown> = { path };
  if (!origin) {
    const query = new URLSearchParams(location.search);
    let referrerHost = "";
    try {
      referrerHost = new URL(document.referrer).host;
    } catch {}
    origin = {
      landingPage: path,
      referrerHost: referrerHost === location.host ? "" : referrerHost,
      utmSource: query.get("utm_source") ?? "",
      utmMedium: query.get("utm_medium") ?? "",
      utmCampaign: query.get("utm_campaign") ?? "",
    };
    report = {
      path,
      landing: true,
      referrer: origin.referrerHost,
      source: origin.utmSource,
      medium: origin.utmMedium,
      campaign: origin.utmCampaign,
    };
  }
  navigator.sendBeacon?.(visits.endpoint, JSON.stringify(report));
}
