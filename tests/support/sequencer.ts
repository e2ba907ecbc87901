// The order vitest starts test files in. With two workers the run ends when
// the longer of them ends, so the longest files go first (longest processing
// time first): started last, incremental-build.test.ts alone took the run from
// about 380 s of work a worker to 467 s (idle fresh clone, 2026-11-28).
// vitest orders by the durations of the last run where it has them (its cache
// in node_modules/.vite), and on a fresh clone, as CI's is, by file size;
// there the files measured longest come first, in this order, then the rest
// as vitest orders them.
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Seconds each took on an idle fresh clone, 2 cores (test-results/vitest.json), longest first. */
export const LONGEST_FILES: ReadonlyArray<readonly [file: string, seconds: number]> = [
  ["tests/build/incremental-build.test.ts", 144],
  ["tests/server/topology.test.ts", 79],
  ["tests/content/fuzz-properties.test.ts", 70],
  ["tests/content/invalid-data.test.ts", 55],
  ["tests/build/page-list.test.ts", 53],
  ["tests/server/process.test.ts", 43],
  ["tests/content/fuzz-translation-files.test.ts", 29],
  ["tests/editor/fuzz-api.test.ts", 26],
  ["tests/content/cache.test.ts", 24],
  ["tests/content/generate.test.ts", 18],
];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FILES.findIndex(([file]) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? LONGEST_FILES.length : index;
    };
    // A stable sort: the files not listed keep vitest's order among themselves.
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}
