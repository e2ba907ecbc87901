// The Content-Security-Policy allows one inline script, the after-paint loader
// (security/after-paint.js), by the hash of its text. On every built page that
// script is the only one that runs (JSON data aside), its text hashes to the
// one the served policy names, and in the browser, under the policy the
// server sends, it runs: the page hydrates, with no policy violation.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { parseDocument } from "htmlparser2";
import { builtPages, CLIENT_DIR } from "../../scripts/lib/first-load.js";
import { waitForHydration } from "./support/page.ts";

type Node = { name?: string; attribs?: Record<string, string>; children?: Node[]; data?: string };

/** The text of every script a browser would run: inline, not JSON. */
function inlineScripts(html: string): string[] {
  const found: string[] = [];
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      const type = node.attribs?.type ?? "";
      if (node.name === "script" && !("src" in (node.attribs ?? {})) && !/json/.test(type))
        found.push((node.children ?? []).map((child) => child.data ?? "").join(""));
      if (node.children && node.name !== "template") walk(node.children);
    }
  };
  walk(parseDocument(html).children as Node[]);
  return found;
}

const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

test("every built page runs one inline script, the one the served policy allows by its hash", async ({ request }) => {
  const policy = (await request.get("/")).headers()["content-security-policy"] ?? "";
  const scriptSrc = policy.match(/script-src ([^;]*)/)?.[1]?.split(" ") ?? [];
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  const hashes = scriptSrc.filter((source) => source.startsWith("'sha256-"));
  expect(hashes).toHaveLength(1);
  const pages = builtPages();
  expect(pages.length).toBeGreaterThan(40);
  for (const file of pages) {
    const scripts = inlineScripts(readFileSync(`${CLIENT_DIR}/${file}`, "utf8"));
    expect(scripts.map(hashOf), file).toEqual(hashes);
  }
});

test("under the served policy the loader runs and the page hydrates, with no violation", async ({ page }) => {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as { __violations?: string[] }).__violations ??= [];
      (window as { __violations?: string[] }).__violations?.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ["/", "/de/about"]) {
    await page.goto(path);
    await waitForHydration(page);
    violations.push(...(await page.evaluate(() => (window as { __violations?: string[] }).__violations ?? [])));
  }
  expect(violations).toEqual([]);
});
