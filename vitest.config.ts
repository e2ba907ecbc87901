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
    // Three files at a time on two cores: the machine is idle a sixth of the run at two (vmstat 5: a file
    // waiting on its servers, processes starting), and the third fills it. Idle, back to back, the whole
    // run took 282 and 362 s at two workers against 267 and 260 s at three (2026-11-29).
    maxWorkers: 3,
    // A worker runs file after file in one process and module cache instead of a
    // fresh process per file, whose start and imports cost up to 2 s a file
    // (the pure tests, back to back on a shared machine: 19.1 s isolated, 12.9 s
    // not). The tests share no global state: no vi.mock, stubbed env or
    // fake timers; the one process.chdir (article-index.test.ts) is undone in afterAll.
    isolate: false,
  },
});
