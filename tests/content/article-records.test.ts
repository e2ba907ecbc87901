// Each article's record is kept between runs of the bundled CLI
// (content/articles/record-cache.ts): a run after one edit checks that
// article again and reuses the others, and what it reports and writes is
// exactly what a run without records (CONTENT_ARTICLE_CACHE=0) gives. And
// `generate` with nothing changed since its last clean run does nothing
// (content/run-fingerprint.ts).
import { readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBundle, makeProject, plainEnv, runCli } from "../support/cli.ts";

beforeAll(ensureBundle);

/** Every file under `dir`: its path → bytes and when it was written. */
function files(dir: string): Map<string, { bytes: string; mtime: number }> {
  return new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .map((path) => [relative(dir, path), { bytes: readFileSync(path, "latin1"), mtime: statSync(path).mtimeMs }]),
  );
}

const bytesOf = (snapshot: Map<string, { bytes: string }>) =>
  new Map([...snapshot].map(([path, { bytes }]) => [path, bytes]));

describe("article records kept between runs", () => {
  const project = makeProject();
  afterAll(project.cleanup);
  const cache = join(project.root, ".cache");
  const records = join(cache, "articles");
  const env = plainEnv({ CONTENT_CACHE_DIR: join(cache, "validations") });
  const uncached = plainEnv({ CONTENT_CACHE_DIR: join(cache, "validations"), CONTENT_ARTICLE_CACHE: "0" });
  const articleCount = [...files(join(project.data, "insights")).keys()].filter((f) => f.endsWith(".md")).length;
  const generated = join(project.root, "site/generated");

  it("keeps one record per article and language, reuses them all when nothing changed, re-checks an edited one alone", async () => {
    const first = await runCli(["generate"], { cwd: project.root, env });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const kept = files(records);
    expect(kept.size).toBe(articleCount);

    expect((await runCli(["generate"], { cwd: project.root, env })).code).toBe(0);
    expect(files(records)).toEqual(kept);

    const article = join(project.data, "insights/crm-hygiene.md");
    writeFileSync(
      article,
      readFileSync(article, "utf8").replace("## Why CRMs decay", "A new line.\n\n## Why CRMs decay"),
    );
    const edited = await runCli(["generate"], { cwd: project.root, env });
    expect(edited.code).toBe(0);
    const after = files(records);
    const rewritten = [...after].filter(([name, entry]) => kept.get(name)?.mtime !== entry.mtime).map(([n]) => n);
    expect(rewritten).toHaveLength(1);
    expect(after.size).toBe(articleCount);

    // The output is a run's without records: generate then rewrites nothing.
    const output = files(generated);
    const again = await runCli(["generate"], { cwd: project.root, env: uncached });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/\(0 changed\)$/m);
    expect(bytesOf(files(generated))).toEqual(bytesOf(output));
  }, 120_000);

  it("reports what a run without records reports, after a change of what articles are checked against", async () => {
    // The author of two articles gone: every record was made against the old list of authors.
    const consultants = join(project.data, "consultants.yaml");
    writeFileSync(consultants, readFileSync(consultants, "utf8").replaceAll("slug: jonas-weber", "slug: jonas-webern"));
    const withRecords = await runCli(["validate"], { cwd: project.root, env });
    const without = await runCli(["validate"], { cwd: project.root, env: uncached });
    expect(withRecords.code).toBe(1);
    expect(withRecords.stdout).toContain("jonas-weber");
    expect(withRecords).toEqual(without);
    // And again, from the records this run kept.
    expect(await runCli(["validate"], { cwd: project.root, env })).toEqual(without);
  }, 120_000);
});

describe("generate with nothing changed since its last clean run", () => {
  const project = makeProject();
  afterAll(project.cleanup);
  const cache = join(project.root, ".cache");
  const records = join(cache, "articles");
  const env = plainEnv({ CONTENT_CACHE_DIR: join(cache, "validations") });
  const generated = join(project.root, "site/generated");

  it("reads no article; a touched file or a changed output makes it work", async () => {
    const first = await runCli(["generate"], { cwd: project.root, env });
    expect(first.code).toBe(0);
    // A record gone: only a run that checks the articles makes it again.
    const [name] = [...files(records).keys()];
    rmSync(join(records, name as string));
    const quiet = await runCli(["generate"], { cwd: project.root, env });
    expect(quiet).toEqual({ ...first, stdout: first.stdout.replace(/\(\d+ changed\)/, "(0 changed)") });
    expect(files(records).has(name as string)).toBe(false);

    // The same bytes, written again: the run does the work, and finds nothing to change.
    const article = join(project.data, "insights/crm-hygiene.md");
    utimesSync(article, new Date(), new Date(Date.now() + 5_000));
    expect((await runCli(["generate"], { cwd: project.root, env })).stdout).toMatch(/\(0 changed\)$/m);
    expect(files(records).has(name as string)).toBe(true);

    // An output removed by hand: written again.
    rmSync(join(generated, "site.ts"));
    expect((await runCli(["generate"], { cwd: project.root, env })).stdout).toMatch(/\(1 changed\)$/m);
    expect(readFileSync(join(generated, "site.ts"), "utf8")).toContain("Generated from data/site.yaml");
  }, 120_000);
});

describe("a store that outgrew its articles", () => {
  const project = makeProject();
  afterAll(project.cleanup);
  const cache = join(project.root, ".cache");
  const records = join(cache, "articles");
  const env = plainEnv({ CONTENT_CACHE_DIR: join(cache, "validations") });

  it("is tidied entry by entry, its folder kept, while other runs write into it: every run passes", async () => {
    expect((await runCli(["validate"], { cwd: project.root, env })).code).toBe(0);
    const folder = statSync(records).ino;
    for (let round = 0; round < 2; round++) {
      // Far more entries than articles: the next run empties the folder, while three others store their records.
      for (let i = 0; i < 300; i++) writeFileSync(join(records, `outgrown-${round}-${i}.bin`), "x");
      const runs = await Promise.all(
        [0, 1, 2, 3].map(() => runCli(["validate"], { cwd: project.root, env: { ...env, CONTENT_RUN_CACHE: "0" } })),
      );
      for (const run of runs) expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    }
    // Removing the folder itself is what failed (ENOTEMPTY) when another run wrote an entry meanwhile.
    expect(statSync(records).ino).toBe(folder);
    expect(readdirSync(records).filter((name) => name.startsWith("outgrown-"))).toEqual([]);
  }, 120_000);
});
