// `npm run fuzz`: the fuzz tests of tests/content/fuzz*.test.ts, long: 1,200
// structural edits of the data files and articles, 300 cases of each property
// (valid edits, planted problems, point edits, byte-level damage), and 1,000
// hostile requests to the editor's API (tests/editor/fuzz-api.test.ts), with a new
// seed each run (printed first; FUZZ_SEED=<seed> repeats a run, FUZZ_RUNS and
// FUZZ_PROPERTY_RUNS change the counts). A failing case is shrunk and printed
// as a diff of the file it wrote. `npm test` runs the same tests short, with
// a fixed seed.
import { spawnSync } from "node:child_process";
import { randomInt } from "node:crypto";

const seed = process.env.FUZZ_SEED ?? String(randomInt(2 ** 31));
console.log(`fuzz: seed ${seed} (repeat this run with FUZZ_SEED=${seed} npm run fuzz)`);
const result = spawnSync(
  "npx",
  [
    "vitest",
    "run",
    "tests/content/fuzz-articles.test.ts",
    "tests/content/fuzz-page-files.test.ts",
    "tests/content/fuzz-shared-files.test.ts",
    "tests/content/fuzz-properties.test.ts",
    "tests/editor/fuzz-api.test.ts",
  ],
  { stdio: "inherit", env: { ...process.env, FUZZ_LONG: "1", FUZZ_SEED: seed } },
);
console.log(`fuzz: seed ${seed}, ${result.status === 0 ? "passed" : "failed"}`);
process.exit(result.status ?? 1);
