// `npm run bench:editor`: the time from a keystroke in the content editor to
// the diagnostic it causes at the field, on the shipped data (a copy of it),
// in Chromium: median of 20. The editor waits 300 ms for typing to pause
// (CHECK_DELAY_MS in editor/app/FileEditor.tsx); the rest is the check.
// `--articles N` adds N generated articles to the copy first
// (scripts/gen-articles.mjs), to see how the check grows with the content.
// Then the same in an article: a keystroke that breaks a link, to the mark
// at that link; and a word typed in it, to the word on the page preview (and
// a role changed in the consultants' form, to the role on /consultants). And the server's part alone: /api/check of one keystroke,
// timed over loopback, median of 20.
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Page } from "@playwright/test";
import { callApi, copyProject, startEditor } from "../tests/editor/support.ts";
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

  // The server's part (before the page preview starts the site's renderer, which makes checks see drafts too):
  // /api/check as the page calls it for one keystroke (the edit applied, the whole content
  // checked warm with it, the German texts it needs), timed from this process over loopback.
  const api = (path: string, body?: unknown) => callApi(editor, path, body);
  const consultants = await api("/api/file?path=consultants.yaml");
  const article = await api("/api/file?path=insights/crm-hygiene.md");
  for (const [label, body] of [
    [
      "a field of consultants.yaml",
      (i: number) => {
        const value = structuredClone(consultants.json.value);
        value.consultants[0].role = `${value.consultants[0].role}${i % 2 ? "" : "s"}`;
        return { path: "consultants.yaml", version: consultants.json.version, value };
      },
    ],
    [
      "an article",
      (i: number) => ({
        path: "insights/crm-hygiene.md",
        version: article.json.version,
        text: `${article.json.text}${i % 2 ? "" : " "}`,
      }),
    ],
  ] as const) {
    await api("/api/check", body(0));
    const checks: number[] = [];
    for (let i = 1; i <= RUNS; i++) {
      const started = performance.now();
      const answer = await api("/api/check", body(i));
      checks.push(performance.now() - started);
      if (answer.status !== 200)
        throw new Error(`/api/check answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    }
    report(`the server's check of one keystroke in ${label} (/api/check), ${RUNS} runs on ${data}:`, checks, false);
  }

  // The page preview beside the article: from the last keystroke of a typed word to the word in the frame's page
  // (the pause, the check, the site's render of the page and the frame's reload), looked for on every frame.
  await page.getByRole("button", { name: "Show the page /insights/crm-hygiene" }).click();
  await page.frameLocator("iframe[title^='The page']").getByRole("heading", { level: 1 }).waitFor({ timeout: 120_000 });
  await page.locator(".cm-content").focus();
  await page.keyboard.press("ControlOrMeta+End");
  const previews = await previewTimes(page, ".cm-content", "keydown", (word) => page.keyboard.type(` ${word}`));
  report(
    `last keystroke of a word to the word on the page preview (insights/crm-hygiene.md), ${RUNS} runs on ${data}:`,
    previews,
    true,
  );

  // The same for a field of a form: a role changed (one input event) to the role on /consultants.
  await page.goto("about:blank");
  await page.goto(`${editor.url}#consultants.yaml`);
  await page
    .frameLocator("iframe[title^='The page']")
    .getByText("Senior Partner")
    .first()
    .waitFor({ timeout: 120_000 });
  const role = page.locator("#root_consultants_1_role");
  const formPreviews = await previewTimes(page, "#root_consultants_1_role", "input", (word) => role.fill(word));
  report(
    `a role changed in the form to the role on the page preview (consultants.yaml), ${RUNS} runs on ${data}:`,
    formPreviews,
    true,
  );
} finally {
  await browser.close();
  await editor.stop();
  await rm(root, { recursive: true, force: true });
}

/**
 * RUNS times: a new word put in (`put`), and the time from the last `event` on `selector` to the word in the
 * page preview's frame, looked for on every frame of the editor's page.
 */
async function previewTimes(
  page: Page,
  selector: string,
  event: "keydown" | "input",
  put: (word: string) => Promise<void>,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Letters only: a number in an English text that its German lacks is an error, and the page keeps the last good content.
    const word = `Previewed${[...i.toString(26)].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 26))).join("")}x`;
    // (No named function inside: tsx would wrap it in a helper the page does not have.)
    const waiting = page.evaluate(
      async ([selector, event, word]) => {
        let start = 0;
        document.querySelector(selector)?.addEventListener(event, () => (start = performance.now()));
        for (;;) {
          await new Promise((frameDrawn) => requestAnimationFrame(frameDrawn));
          const frame = document.querySelector<HTMLIFrameElement>("iframe[title^='The page']");
          if (start && frame?.contentDocument?.body?.textContent?.includes(word)) return performance.now() - start;
        }
      },
      [selector, event, word] as const,
    );
    await page.waitForTimeout(50);
    await put(word);
    times.push(await waiting);
  }
  return times;
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
