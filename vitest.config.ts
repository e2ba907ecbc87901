import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "tests/unit/**/*.test.ts",
      "tests/cli/**/*.test.ts",
      "tests/server/**/*.test.ts",
      "tests/inquiries/**/*.test.ts",
      "tests/editor/**/*.test.ts",
    ],
    // One throwaway PostgreSQL cluster for the whole run (skipped, with a reason, where none is installed).
    globalSetup: ["tests/support/postgres.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // CLI tests spawn real processes; two cores do not like more than two at once.
    maxWorkers: 2,
  },
});
