// `npm run bench:editor`: the time from a keystroke in the content editor to
// the diagnostic it causes at the field, on the shipped data (a copy of it),
// in Chromium: median of 20. The editor waits 300 ms for typing to pause
// (CHECK_DELAY_MS in editor/app/FileEditor.tsx); the rest is the check.
// `--articles N` adds N generated articles to the copy first
// (scripts/gen-articles.mjs), to see how the check grows with the content.
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { copyProject, startEditor } from "../tests/editor/support.ts";
// @ts-expect-error: a plain ES module without types
import { generateArticles } from "./gen-articles.mjs";
import { chromiumFlags, chromiumPath } from "./lib/chromium.js";

const RUNS = Number(process.env.RUNS ?? 20);
const { values } = parseArgs({ options: { articles: { type: "string", default: "0" } } });
const ARTICLES = Number(values.articles);
if (!Number.isInteger(ARTICLES) || ARTICLES < 0) {
  console.error(`--articles takes a whole number of articles to add, not ${values.articles}`);
  process.exit(2);
}
const root = await copyProject();
if (ARTICLES > 0) generateArticles(ARTICLES, join(root, "data"));
const editor = await startEditor(root);
const browser = await chromium.launch(chromiumPath ? { executablePath: chromiumPath, args: [...chromiumFlags] } : {});
try {
  const page = await browser.newPage();
  await page.goto(`${editor.url}#consultants.yaml`);
  const field = page.locator("#root_consultants_0_arrRange");
  await field.fill("20M-2");
  await page.locator("#root_consultants_0_arrRange__error").waitFor();
  await field.press("End");
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Typing "M" makes "20M-2M" (low above high); Backspace makes "20M-2" again (not a range).
    for (const [key, expected] of [
      ["M", "the low end must be below the high end"],
      ["Backspace", 'must be a range like "2M-25M"'],
    ] as const) {
      const waiting = page.evaluate((text) => {
        return new Promise<number>((resolve) => {
          let start = 0;
          const input = document.querySelector("#root_consultants_0_arrRange");
          input?.addEventListener("keydown", () => (start = performance.now()), { once: true });
          const observer = new MutationObserver(() => {
            const error = document.querySelector("#root_consultants_0_arrRange__error");
            if (start && error?.textContent?.includes(text)) {
              observer.disconnect();
              resolve(performance.now() - start);
            }
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        });
      }, expected);
      await page.waitForTimeout(50);
      await field.press(key);
      const ms = await waiting;
      if (key === "M") times.push(ms);
    }
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const data = ARTICLES ? `the shipped data and ${ARTICLES} generated articles` : "the shipped data";
  console.log(`keystroke to diagnostic at the field, ${RUNS} runs on ${data}:`);
  console.log(`  median ${median.toFixed(0)} ms (of which 300 ms is the pause the editor waits for)`);
  console.log(`  min ${times[0]?.toFixed(0)} ms, max ${times.at(-1)?.toFixed(0)} ms`);
} finally {
  await browser.close();
  await editor.stop();
  await rm(root, { recursive: true, force: true });
}
