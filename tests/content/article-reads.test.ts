// `generate` reads each article once: its bytes are hashed to key its record
// (record-cache.ts) and checked from that same read (check-files.ts). And
// the worker threads it checks many articles in make exactly the records,
// and the output, that one thread makes (CONTENT_ARTICLE_WORKERS_MIN forces
// either way; on a one-core machine both are one thread).
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { deserialize } from "node:v8";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBundle, makeProject, plainEnv, ROOT, runCli } from "../support/cli.ts";

beforeAll(ensureBundle);

const COUNTER = pathToFileURL(join(ROOT, "tests", "support", "count-reads.mjs")).href;

/** Every file under `dir`, by path relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

describe("generate's reads of the articles, in threads or not", () => {
  const project = makeProject();
  afterAll(project.cleanup);

  beforeAll(async () => {
    // @ts-expect-error: a plain .mjs script without types
    const { generateArticles } = (await import("../../scripts/gen-articles.mjs")) as {
      generateArticles: (count: number, dir: string) => string[];
    };
    generateArticles(40, project.data);
  });

  /** A cold generate (no records kept yet) into a folder of its own: its output, its records, and each article's reads. */
  async function generate(name: string, workersMin: number) {
    const dir = join(project.root, name);
    mkdirSync(dir);
    const log = join(dir, "reads.log");
    const run = await runCli(["generate", "--out", join(dir, "out")], {
      cwd: project.root,
      env: plainEnv({
        CONTENT_CACHE_DIR: join(dir, "cache", "validations"),
        CONTENT_ARTICLE_WORKERS_MIN: String(workersMin),
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${COUNTER}`,
        READ_LOG: log,
      }),
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const reads = new Map<string, number>();
    for (const line of readFileSync(log, "utf8").split("\n").filter(Boolean)) {
      const file = relative(project.data, line);
      reads.set(file, (reads.get(file) ?? 0) + 1);
    }
    const records = join(dir, "cache", "articles");
    return {
      reads,
      out: new Map(filesUnder(join(dir, "out")).map((file) => [file, readFileSync(join(dir, "out", file))])),
      records: new Map(filesUnder(records).map((file) => [file, deserialize(readFileSync(join(records, file)))])),
    };
  }

  it("reads every article once, and makes the same records and output in threads as in one", async () => {
    const articles = filesUnder(project.data).filter((file) => file.startsWith("insights/") && file.endsWith(".md"));
    expect(articles.length).toBeGreaterThan(40);
    const once = new Map(articles.map((file) => [file, 1]));

    const threaded = await generate("threaded", 1);
    expect(threaded.reads).toEqual(once);
    const single = await generate("single", 1_000_000);
    expect(single.reads).toEqual(once);

    expect(threaded.records.size).toBe(articles.length);
    expect(threaded.records).toEqual(single.records);
    expect(threaded.out.size).toBeGreaterThan(40);
    expect(threaded.out).toEqual(single.out);
  }, 120_000);
});
