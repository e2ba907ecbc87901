// Each article's record is kept between runs of the bundled CLI
// (content/articles/record-cache.ts): a run after one edit checks that
// article again and reuses the others, and what it reports and writes is
// exactly what a run without records (CONTENT_ARTICLE_CACHE=0) gives. And
// `generate` with nothing changed since its last clean run does nothing
// (content/run-fingerprint.ts).
import { readdirSync, readFileSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { deserialize, serialize } from "node:v8";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedRecords } from "../../content/articles/record-cache.ts";
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
    const keptRecords = storedRecords(records);
    expect(keptRecords.size).toBe(articleCount);

    // Nothing changed: nothing in the store is written, its index and packs keep their bytes and times.
    expect((await runCli(["generate"], { cwd: project.root, env })).code).toBe(0);
    expect(files(records)).toEqual(kept);

    const article = join(project.data, "insights/crm-hygiene.md");
    writeFileSync(
      article,
      readFileSync(article, "utf8").replace("## Why CRMs decay", "A new line.\n\n## Why CRMs decay"),
    );
    const edited = await runCli(["generate"], { cwd: project.root, env });
    expect(edited.code).toBe(0);
    const after = storedRecords(records);
    const rewritten = [...after].filter(([key, { place }]) => `${keptRecords.get(key)?.place}` !== `${place}`);
    expect(rewritten).toHaveLength(1);
    expect(rewritten[0]?.[1].record.frontMatter).toEqual(keptRecords.get(rewritten[0]?.[0] ?? "")?.record.frontMatter);
    expect(rewritten[0]?.[1].source).not.toBe(keptRecords.get(rewritten[0]?.[0] ?? "")?.source);
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

describe("a store that lost part of what it holds", () => {
  const project = makeProject();
  afterAll(project.cleanup);
  const cache = join(project.root, ".cache");
  const records = join(cache, "articles");
  // Not answered from the last clean run's fingerprint: every run checks the articles.
  const env = plainEnv({ CONTENT_CACHE_DIR: join(cache, "validations"), CONTENT_RUN_CACHE: "0" });
  const generated = join(project.root, "site/generated");
  const articleCount = [...files(join(project.data, "insights")).keys()].filter((f) => f.endsWith(".md")).length;

  it("checks again what a pack cut short or removed held: it reports and writes what it did", async () => {
    const first = await runCli(["generate"], { cwd: project.root, env });
    expect(first.code).toBe(0);
    const output = bytesOf(files(generated));
    const unchanged = { ...first, stdout: first.stdout.replace(/\(\d+ changed\)/, "(0 changed)") };
    const packs = () => readdirSync(records).filter((name) => name.endsWith(".pack"));
    const [pack] = packs();
    expect(storedRecords(records).size).toBe(articleCount);

    // Cut in the middle of a record, as a full disk or a run beside this one could leave it.
    truncateSync(join(records, pack as string), Math.floor(statSync(join(records, pack as string)).size / 2) + 3);
    const cut = storedRecords(records).size;
    expect(cut).toBeLessThan(articleCount);
    expect(await runCli(["generate"], { cwd: project.root, env })).toEqual(unchanged);
    expect(bytesOf(files(generated))).toEqual(output);
    expect(storedRecords(records).size).toBe(articleCount);

    // Every pack gone, the index left naming them.
    for (const name of packs()) rmSync(join(records, name));
    expect(await runCli(["generate"], { cwd: project.root, env })).toEqual(unchanged);
    expect(bytesOf(files(generated))).toEqual(output);
    expect(storedRecords(records).size).toBe(articleCount);
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
    // A record gone from the store's index: only a run that checks the articles makes it again.
    const index = join(records, "index.bin");
    const stored = deserialize(readFileSync(index)) as { places: Map<string, unknown> };
    const [name] = [...stored.places.keys()];
    stored.places.delete(name as string);
    writeFileSync(index, serialize(stored));
    const quiet = await runCli(["generate"], { cwd: project.root, env });
    expect(quiet).toEqual({ ...first, stdout: first.stdout.replace(/\(\d+ changed\)/, "(0 changed)") });
    expect(storedRecords(records).has(name as string)).toBe(false);

    // The same bytes, written again: the run does the work, and finds nothing to change.
    const article = join(project.data, "insights/crm-hygiene.md");
    utimesSync(article, new Date(), new Date(Date.now() + 5_000));
    expect((await runCli(["generate"], { cwd: project.root, env })).stdout).toMatch(/\(0 changed\)$/m);
    expect(storedRecords(records).has(name as string)).toBe(true);

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
