import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Tests live by what they test (tests/content, build, site, editor,
    // inquiries, visits, server, tooling); vitest runs every *.test.ts, Playwright
    // every *.spec.ts (playwright.config.ts, playwright.editor.config.ts).
    include: ["tests/**/*.test.ts"],
    // One throwaway PostgreSQL cluster for the whole run (skipped, with a reason, where none is installed).
    globalSetup: ["tests/support/postgres.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // CLI tests spawn real processes; two cores do not like more than two at once.
    maxWorkers: 2,
    // A worker runs file after file in one process and module cache instead of a
    // fresh process per file, whose start and imports cost up to 2 s a file
    // (the pure tests, back to back on a shared machine: 19.1 s isolated, 12.9 s
    // not). The tests share no global state: no vi.mock, stubbed env or
    // fake timers; the one process.chdir (article-index.test.ts) is undone in afterAll.
    isolate: false,
  },
});
