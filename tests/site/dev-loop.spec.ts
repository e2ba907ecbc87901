// The content owner's dev loop (issue 23, item 7), in a copy of the project
// with `vike dev` running: saving an article updates the open page, and a
// broken article shows its file:line:col in the terminal and in Vite's
// error overlay; fixing it brings the page back.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
// @ts-expect-error: a plain .mjs helper of the build scripts, without types
import { projectWithArticles } from "../../scripts/lib/build-project.mjs";

const port = Number(process.env.E2E_PORT ?? 4173) + 1000;
const origin = `http://127.0.0.1:${port}`;
const ARTICLE = "data/insights/crm-hygiene.md";
const PATH = "/insights/crm-hygiene";

let dir = "";
let server: ChildProcess | null = null;
let output = "";

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dir = projectWithArticles(0);
  const env = { ...process.env, NO_COLOR: "1", CONTENT_CACHE_DIR: join(dir, ".content-cache") };
  execFileSync(process.execPath, ["bin/content.mjs", "generate"], { cwd: dir, env, stdio: "pipe" });
  server = spawn(process.execPath, ["node_modules/vike/bin.js", "dev", "--port", String(port), "--host", "127.0.0.1"], {
    cwd: dir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  server.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${origin}${PATH}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 240) throw new Error(`vike dev did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(() => {
  server?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function edit(from: RegExp, to: string): void {
  const path = join(dir, ARTICLE);
  const text = readFileSync(path, "utf8");
  const next = text.replace(from, to);
  if (next === text) throw new Error(`${ARTICLE}: ${from} not found`);
  writeFileSync(path, next);
}

test("saving an article updates the open page; a broken one shows file:line:col in the terminal and the overlay", async ({
  page,
}) => {
  await page.goto(`${origin}${PATH}`);
  await expect(page.locator("h1")).toContainText("CRM hygiene");

  edit(/^title: .*$/m, 'title: "CRM hygiene, edited while the dev server runs"');
  await expect(page.locator("h1")).toHaveText("CRM hygiene, edited while the dev server runs", { timeout: 60_000 });

  // A date that is no date: the front matter's line 4, its value at column 7.
  const line =
    readFileSync(join(dir, ARTICLE), "utf8")
      .split("\n")
      .findIndex((l) => l.startsWith("date:")) + 1;
  edit(/^date: .*$/m, "date: 2026-13-45");
  const location = `${ARTICLE}:${line}:7`;
  await expect.poll(() => output, { timeout: 60_000 }).toContain(location);
  await expect(page.locator("vite-error-overlay")).toContainText(location, { timeout: 60_000 });

  edit(/^date: .*$/m, "date: 2026-10-06");
  await expect(page.locator("vite-error-overlay")).toHaveCount(0, { timeout: 60_000 });
  await expect(page.locator("h1")).toHaveText("CRM hygiene, edited while the dev server runs");
});
