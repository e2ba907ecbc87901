// The audit compares each page with its zero-JavaScript copy (scripts/lib/zero-js.js):
// on every built page, the copy keeps no script, module preload or template, and
// keeps the page (unit cases: tests/tooling/zero-js.test.ts). Read from dist/client,
// which npm test builds before this suite runs.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { builtPages, CLIENT_DIR } from "../../scripts/lib/first-load.js";
import { withoutScripts } from "../../scripts/lib/zero-js.js";
import { scriptsAndPreloads } from "../support/scripts-in-html.ts";

test("every built page's zero-JavaScript copy has no script, preload or template, and keeps its content", () => {
  const pages = builtPages();
  expect(pages.length).toBeGreaterThan(40);
  for (const file of pages) {
    const html = readFileSync(`${CLIENT_DIR}/${file}`, "utf8");
    expect(scriptsAndPreloads(html), file).toBeGreaterThan(0);
    const copy = withoutScripts(html);
    expect(scriptsAndPreloads(copy), file).toBe(0);
    expect(copy.replace(/\s+/g, " ").length, file).toBeGreaterThan(html.length / 3);
  }
});
