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
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright-editor.json" }]],
  use: { ...devices["Desktop Chrome"], launchOptions, trace: "retain-on-failure" },
});
