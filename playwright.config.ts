import { resolve } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./scripts/lib/chromium.js";

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;
/** The e2e server's own inquiry database; tests find their rows by values unique to each test. */
export const e2eDatabase = resolve(import.meta.dirname, "test-results", `e2e-inquiries-${port}.db`);

// Debian's Chromium where it is installed (CI and the dev machines here);
// elsewhere Playwright's own browser (`npx playwright install chromium`).
const launchOptions = chromiumPath ? { executablePath: chromiumPath, args: [...chromiumFlags] } : {};

export default defineConfig({
  testDir: "tests/site",
  // Browser tests are *.spec.ts; the *.test.ts beside them are vitest\'s.
  testMatch: "**/*.spec.ts",
  outputDir: "test-results/artifacts",
  fullyParallel: true,
  workers: 2,
  // No trace while tests pass: recording one for every test cost 15 % of the browser tests' time
  // (a11y-languages and no-js, 88 tests on 2 workers: 119 s against 101 s). A test that fails runs once
  // more, traced, and its trace is kept (test-results/…/trace.zip); it still counts as failed, retry
  // passed or not (failOnFlakyTests here, and scripts/test.mjs counts a flaky test as failed).
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL,
    ...devices["Desktop Chrome"],
    launchOptions,
    trace: "on-first-retry",
  },
  webServer: {
    // The production server, on the pre-rendered build (`npm run build` first).
    command: "node --import tsx server/index.ts",
    url: `${baseURL}/`,
    env: { PORT: String(port), HOST: "127.0.0.1", INQUIRY_DB: e2eDatabase, INQUIRY_RATE_LIMIT: "1000" },
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
