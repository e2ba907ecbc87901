// `generate` reads each article once: its bytes are hashed to key its record
// (record-cache.ts) and checked from that same read (check-files.ts). And
// the worker threads it checks many articles in make exactly the records,
// and the output, that one thread makes (CONTENT_ARTICLE_WORKERS_MIN forces
// either way; on a one-core machine both are one thread).
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  watch,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedRecords } from "../../content/articles/record-cache.ts";
import { ensureBundle, makeProject, plainEnv, ROOT, runCli } from "../support/cli.ts";

beforeAll(ensureBundle);

const COUNTER = pathToFileURL(join(ROOT, "tests", "support", "count-reads.mjs")).href;

/** Adds `count` generated articles (scripts/gen-articles.mjs) to `data`; their slugs. */
async function addArticles(count: number, data: string): Promise<string[]> {
  // @ts-expect-error: a plain .mjs script without types
  const { generateArticles } = (await import("../../scripts/gen-articles.mjs")) as {
    generateArticles: (count: number, dir: string) => string[];
  };
  return generateArticles(count, data);
}

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
    await addArticles(40, project.data);
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
      // By key, without where each is: the packs are named by the run that wrote them.
      records: new Map([...storedRecords(records)].map(([key, { source, record }]) => [key, { source, record }])),
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

const PINNED = new Date("2026-01-01T00:00:00Z");

describe("generate after an edit, with each article's digest kept by its stamp (content/stamps.ts)", () => {
  const project = makeProject();
  afterAll(project.cleanup);
  const cache = join(project.root, ".cache");
  const log = join(project.root, "reads.log");
  // An article without a translation (a translation's stale warning would read both again, for its code frames).
  let slug = "";
  let article = "";
  let body = "";
  let heading = "";
  beforeAll(async () => {
    slug = (await addArticles(40, project.data))[0] ?? "";
    article = join(project.data, "insights", `${slug}.md`);
    body = join(project.root, "site/generated/articles", `${slug}.html`);
    heading = /^## (.+)$/m.exec(readFileSync(article, "utf8"))?.[1] ?? "";
    expect(heading.length).toBeGreaterThan(3);
  });

  /** A generate; with `counted`, the articles it read (relative to data/). */
  async function generate(counted = false): Promise<string[]> {
    rmSync(log, { force: true });
    const run = await runCli(["generate"], {
      cwd: project.root,
      env: plainEnv({
        CONTENT_CACHE_DIR: join(cache, "validations"),
        ...(counted ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${COUNTER}`, READ_LOG: log } : {}),
      }),
    });
    expect({ code: run.code, stderr: run.stderr }, run.stdout).toEqual({ code: 0, stderr: "" });
    if (!existsSync(log)) return [];
    return readFileSync(log, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => relative(project.data, line));
  }
  /** Gives `path` a fixed modification time, so that writing it again can keep it exactly (to the nanosecond). */
  const pin = (path: string) => utimesSync(path, PINNED, PINNED);
  /** Writes `text` to `path` (its size unchanged) and pins it again: the same size, inode and time, a new change time. */
  function writeBack(path: string, text: string) {
    expect(Buffer.byteLength(text)).toBe(statSync(path).size);
    writeFileSync(path, text);
    pin(path);
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200)); // past the racy window (RACY_MS)

  it("reads the edited article alone; one written back to its old size and time is read too, and its body follows", async () => {
    await settle();
    await generate();
    const text = readFileSync(article, "utf8");
    writeFileSync(article, text.replace(`## ${heading}`, `A new line.\n\n## ${heading}`));
    pin(article);
    await settle();
    expect(await generate(true)).toEqual([`insights/${slug}.md`]);

    // Same size, same modification time: only the change time says the file was written.
    writeBack(article, readFileSync(article, "utf8").replace(`A new line.`, `A new lime.`));
    await settle();
    expect(await generate(true)).toEqual([`insights/${slug}.md`]);
    expect(readFileSync(body, "utf8")).toContain("A new lime.");
  }, 120_000);

  it("writes a body file again that was changed by hand, even to its old size and time", async () => {
    const good = readFileSync(body, "utf8");
    // Pinned, then kept by its stamp: a run compares it (its change time is new) and finds it the same.
    pin(body);
    await settle();
    expect(await generate(true)).toEqual([]);
    const at = good.indexOf("<p>") + 3;
    const changed = `${good.slice(0, at)}${good[at] === "~" ? "^" : "~"}${good.slice(at + 1)}`;
    writeBack(body, changed);
    await settle();
    expect(await generate(true)).toEqual([]);
    expect(readFileSync(body, "utf8")).toBe(good);
  }, 120_000);
});

describe("generate's bodies written while the threads check the articles (content/articles/early-bodies.ts)", () => {
  const project = makeProject();
  afterAll(project.cleanup);

  beforeAll(async () => {
    const [first] = await addArticles(40, project.data);
    // An error only the cross-file pass finds, after every thread is done: a link to an article that is not there.
    appendFileSync(
      join(project.data, "insights", `${first}.md`),
      "\nSee [the missing one](/insights/no-such-article).\n",
    );
  });

  /** A cold generate in threads (the article records in a store of its own) into `out`. */
  const generateInto = (out: string, name: string) =>
    runCli(["generate", "--out", out], {
      cwd: project.root,
      env: plainEnv({ CONTENT_CACHE_DIR: join(project.root, name, "validations"), CONTENT_ARTICLE_WORKERS_MIN: "1" }),
    });

  it("are written as each batch comes back, and removed with the folders they needed when the run ends in an error", async () => {
    // An output folder that is not there: not there after the run either.
    const fresh = join(project.root, "fresh-out");
    const failed = await generateInto(fresh, "cache-1");
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^nothing generated: fix the error above first$/m);
    expect(failed.stdout).toContain("no-such-article");
    expect(existsSync(fresh)).toBe(false);

    // A folder of bodies already there, watched: the run creates bodies in it, then leaves it as it found it.
    const kept = join(project.root, "kept-out");
    mkdirSync(join(kept, "articles"), { recursive: true });
    writeFileSync(join(kept, "articles", "an-old-body.html"), "<p>An old body.</p>\n");
    const created = new Set<string>();
    const watcher = watch(join(kept, "articles"), (_event, name) => {
      if (name) created.add(String(name));
    });
    try {
      expect((await generateInto(kept, "cache-2")).code).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the watcher's last events
    } finally {
      watcher.close();
    }
    expect([...created].filter((name) => name !== "an-old-body.html").length).toBeGreaterThan(30);
    expect(readdirSync(join(kept, "articles"))).toEqual(["an-old-body.html"]);
    expect(readFileSync(join(kept, "articles", "an-old-body.html"), "utf8")).toBe("<p>An old body.</p>\n");
    expect(readdirSync(kept)).toEqual(["articles"]);
  }, 120_000);
});
