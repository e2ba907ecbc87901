// The Chromium the browser tests (playwright.config.ts) and the Lighthouse
// audit (scripts/audit.mjs) drive: Debian's, where it is installed (CI and
// the dev machines here), with the flags a container needs.
import { existsSync } from "node:fs";

export const systemChromium = "/usr/bin/chromium";

/** Debian's Chromium when it is installed, else undefined (use Playwright's or chrome-launcher's own). */
export const chromiumPath = existsSync(systemChromium) ? systemChromium : undefined;

export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
