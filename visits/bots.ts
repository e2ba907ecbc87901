// Which requests come from a program rather than a person reading the page:
// search engines, link previews, monitors, scripts and headless browsers, by
// the maintained list of the `isbot` package. The user agent is read here and
// dropped: it is never stored or logged.
import { isbot } from "isbot";

/** True when the user agent is a program's, or missing (every browser sends one). */
export function isAutomated(userAgent: string | undefined): boolean {
  return !userAgent || userAgent.trim() === "" || isbot(userAgent);
}
