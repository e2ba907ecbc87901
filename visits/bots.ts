// Which requests come from a program rather than a person reading the page:
// search engines, link previews, monitors, scripts and headless browsers. The
// user agent is read here and dropped: it is never stored or logged.
//
// A compact pattern of the words those agents carry. A maintained list
// (the `isbot` package, thousands of agents) would be the better source; it
// is not a dependency yet (docs/architecture.md, "Visits").
const AUTOMATED =
  /bot\b|bot[/;_-]|crawl|spider|slurp|archiver|scanner|scrap|fetcher|preview|monitor|uptime|pingdom|headless|lighthouse|pagespeed|phantom|selenium|puppeteer|playwright|python|curl|wget|httpclient|http-client|okhttp|java\/|go-http|axios|node-fetch|undici|libwww|facebookexternalhit|embedly|whatsapp|telegram|discord|skypeuri|feed|rss|validator|check/i;

/** True when the user agent is a program's, or missing (every browser sends one). */
export function isAutomated(userAgent: string | undefined): boolean {
  return !userAgent || userAgent.trim() === "" || AUTOMATED.test(userAgent);
}
