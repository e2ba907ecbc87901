// `npm run bench:editor`: the time from a keystroke in the content editor to
// the diagnostic it causes at the field, on the shipped data (a copy of it),
// in Chromium: median of 20. The editor waits 300 ms for typing to pause
// (CHECK_DELAY_MS in editor/app/FileEditor.tsx); the rest is the check.
// `--articles N` adds N generated articles to the copy first
// (scripts/gen-articles.mjs), to see how the check grows with the content.
// Then the same in an article: a keystroke that breaks a link, to the mark
// at that link. And the server's part alone: the warm check of one
// keystroke's text (editor/server/check.ts), median of 20, in this process.
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { createChecker } from "../editor/server/check.ts";
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
  const data = ARTICLES ? `the shipped data and ${ARTICLES} generated articles` : "the shipped data";
  report(`keystroke to diagnostic at the field (consultants.yaml), ${RUNS} runs on ${data}:`, times, true);

  // An article (leaving the consultants' edit unsaved: the editor asks, the bench says yes).
  page.on("dialog", (dialog) => void dialog.accept());
  // A link typed at the end, then a letter that breaks it and a Backspace that mends it.
  await page.goto(`${editor.url}#insights/crm-hygiene.md`);
  await page.locator(".cm-content").focus();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("\n\nSee [the ramp plan](/insights/sdr-ramp).");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.waitForTimeout(1500);
  const marks: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    for (const key of ["z", "Backspace"] as const) {
      const waiting = page.evaluate((broken) => {
        return new Promise<number>((resolve) => {
          let start = 0;
          document
            .querySelector(".cm-content")
            ?.addEventListener("keydown", () => (start = performance.now()), { once: true });
          const observer = new MutationObserver(() => {
            if (
              start &&
              [...document.querySelectorAll(".cm-lintRange-error")].some((m) =>
                m.textContent?.includes("sdr-rampz"),
              ) === broken
            ) {
              observer.disconnect();
              resolve(performance.now() - start);
            }
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        });
      }, key === "z");
      await page.waitForTimeout(50);
      await page.keyboard.press(key);
      const ms = await waiting;
      if (key === "z") marks.push(ms);
    }
  }
  report(`keystroke breaking a link to its mark (insights/crm-hygiene.md), ${RUNS} runs on ${data}:`, marks, true);

  // The server's part: the warm check of one keystroke's text, in this process, after a first (cold) check.
  const checker = await createChecker(root);
  try {
    const yaml = await readFile(join(root, "data", "consultants.yaml"), "utf8");
    const article = await readFile(join(root, "data", "insights", "crm-hygiene.md"), "utf8");
    for (const [file, text, label] of [
      ["consultants.yaml", yaml, "a field of consultants.yaml"],
      ["insights/crm-hygiene.md", article, "an article"],
    ] as const) {
      await checker.check(new Map([[file, text]]));
      const checks: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const typed = i % 2 === 0 ? `${text} ` : text;
        const started = performance.now();
        await checker.check(new Map([[file, typed]]));
        checks.push(performance.now() - started);
      }
      report(
        `the warm check of one keystroke in ${label} (server, in process), ${RUNS} runs on ${data}:`,
        checks,
        false,
      );
    }
  } finally {
    await checker.close();
  }
} finally {
  await browser.close();
  await editor.stop();
  await rm(root, { recursive: true, force: true });
}

function report(title: string, times: number[], paused: boolean): void {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  console.log(title);
  console.log(
    `  median ${median.toFixed(0)} ms${paused ? " (of which 300 ms is the pause the editor waits for)" : ""}`,
  );
  console.log(`  min ${sorted[0]?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms`);
}
