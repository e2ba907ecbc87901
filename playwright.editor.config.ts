// The content editor's browser tests (`npm run edit`): each test starts the
// real editor on a temporary copy of the project, so no build and no shared
// server are needed (tests/editor/browser.ts).
import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./scripts/lib/chromium.js";

const launchOptions = chromiumPath ? { executablePath: chromiumPath, args: [...chromiumFlags] } : {};

export default defineConfig({
  testDir: "tests/editor",
  // Browser tests are *.spec.ts; the *.test.ts beside them are vitest\'s.
  testMatch: "**/*.spec.ts",
  outputDir: "test-results/editor-artifacts",
  fullyParallel: true,
  workers: 2,
  // No trace while tests pass: recording one for every test cost 15 % of the browser tests' time
  // (a11y-languages and no-js, 88 tests on 2 workers: 119 s against 101 s). A test that fails runs once
  // more, traced, and its trace is kept (test-results/…/trace.zip); it still counts as failed, retry
  // passed or not (failOnFlakyTests here, and scripts/test.mjs counts a flaky test as failed).
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: !!process.env.CI,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright-editor.json" }]],
  use: { ...devices["Desktop Chrome"], launchOptions, trace: "on-first-retry" },
});
