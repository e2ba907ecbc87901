import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "tests/unit/**/*.test.ts",
      "tests/cli/**/*.test.ts",
      "tests/server/**/*.test.ts",
      "tests/inquiries/**/*.test.ts",
    ],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // CLI tests spawn real processes; two cores do not like more than two at once.
    maxWorkers: 2,
  },
});
