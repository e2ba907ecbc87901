// The build's cache is correct by construction (issue 23, item 4): for each of
// the issue's six edits, the incremental build's dist/client is byte-identical
// to a cold build of the same tree. In a temporary copy of the project (dist/
// and the cache of the work tree are not touched). Each step: `npm run
// build`'s steps with the caches (engine/build.mjs), then cold: with --force
// and empty caches, or, where the edit made the incremental build run `vike
// build`, from that fresh bundle with an empty dist/ and no page or card
// reused (buildBothWays). Both with --precompress: the .br/.gz twins an
// incremental build leaves or writes again are compared too.
import { spawnSync } from "node:child_process";
import { cpSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs helper of the build scripts, without types
import { projectWithArticles } from "../../scripts/lib/build-project.mjs";
// @ts-expect-error: a plain .mjs helper of the benchmarks, without types
import { canCount, countCreations } from "../../scripts/lib/count-creations.mjs";
import { budgets } from "../site/support/budget.ts";

let dir = "";
const client = () => join(dir, "dist", "client");

/**
 * The build's environment: off CI unless `extra` says CI=true (the suite itself may run on CI);
 * NODE_ENV as `npm run build` has it (under vitest's "test" Vite's bundle is a dev one, which draws no
 * social cards); the social cards' store beside the build cache, so a cold build draws every card.
 */
function env(cache: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const { CI: _ci, ...rest } = process.env;
  return {
    ...rest,
    NODE_ENV: "production",
    NO_COLOR: "1",
    CONTENT_CACHE_DIR: join(dir, ".content-cache"),
    BUILD_CACHE_DIR: cache,
    CARDS_CACHE_DIR: join(cache, "cards"),
    // Every page's HTML form (engine/html-form.mjs) checked against htmlparser2 + dom-serializer.
    BUILD_HTML_CHECK: "1",
    ...extra,
  };
}

/** Runs a build script; its whole log (stdout, then stderr); throws with the log when it fails. */
function run(args: string[], cache = join(dir, ".build-cache"), extra: NodeJS.ProcessEnv = {}): string {
  const result = spawnSync(process.execPath, args, { cwd: dir, env: env(cache, extra), encoding: "utf8" });
  const log = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) throw new Error(`${args.join(" ")} exited ${result.status}:\n${log}`);
  return log;
}

/** The log of the first (cold) build, run as on CI. */
let ciLog = "";

/** Every file of a tree: relative path → bytes. */
function snapshot(root: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(path.slice(root.length + 1), readFileSync(path));
  }
  return files;
}

/** Every file of a tree: relative path → when it was last written. */
function modified(root: string): Map<string, number> {
  const times = new Map<string, number>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      times.set(
        join(entry.parentPath, entry.name).slice(root.length + 1),
        statSync(join(entry.parentPath, entry.name)).mtimeMs,
      );
  }
  return times;
}

/**
 * The incremental build and a cold build of the same tree; their outputs, the
 * incremental one's page counts and whether it reused the stored bundle (no
 * `vike build`). Cold: --force with empty caches, `vike build` included. Where
 * the incremental build ran `vike build` itself (it reused no bundle: the
 * code or shared data changed), a second `vike build` of the same tree would
 * only repeat it, through the same code path (engine/bundle.mjs: a
 * stored bundle missing or --force, both build); the cold build then starts
 * from that fresh bundle, with an empty dist/ and otherwise empty caches, so
 * every page and card is made again (`coldPages`). That two `vike build`s of
 * one tree agree byte for byte is still shown by the edits that reuse the
 * bundle: there the cold build runs `vike build` and the incremental one
 * keeps the earlier build's output.
 */
function buildBothWays(args: string[] = [], extra: NodeJS.ProcessEnv = {}) {
  const summary = run(["engine/build.mjs", "--precompress", ...args], join(dir, ".build-cache"), extra);
  const incremental = snapshot(client());
  const bundleReused = summary.includes("bundle: code and shared data unchanged");
  const coldCache = join(dir, ".cold-cache");
  rmSync(coldCache, { recursive: true, force: true });
  if (bundleReused) run(["engine/build.mjs", "--force", "--precompress"], coldCache);
  else coldPages(coldCache);
  const cold = snapshot(client());
  const counts = /(\d+) rendered, (\d+) reused from the cache, (\d+) kept in place/.exec(summary);
  // Where the page step's time went, per part, summed over the render threads. A time as formatSeconds
  // writes it: "4.2 s", or "1 min 07 s" on a machine slow enough.
  const time = "(?:\\d+ min \\d+|[\\d.]+) s";
  const parts = ["Vike and React", "cards", "final HTML", "write"].map((part) => `${part} ${time}`);
  expect(summary).toMatch(new RegExp(`^page step, thread time summed over \\d+ threads: ${parts.join(" · ")}$`, "m"));
  // The first-load report only when asked (--report): a measurement, not a build step.
  const steps = ["generate", "bundle", "pages", "precompress", ...(args.includes("--report") ? ["report"] : [])];
  expect(summary).toMatch(new RegExp(`^build steps: ${steps.map((step) => `${step} ${time}`).join(" · ")}$`, "m"));
  expect(summary.includes("first load per route"), "the first-load report").toBe(args.includes("--report"));
  return {
    summary,
    incremental,
    cold,
    rendered: Number(counts?.[1]),
    reused: Number(counts?.[2]),
    kept: Number(counts?.[3]),
    bundleReused,
  };
}

/**
 * A cold build on the bundle the incremental build has just built and stored: dist/ removed, the
 * stored bundle (the store keeps the last one only) the one entry of an otherwise empty cache; the
 * bundle step restores it (no `vike build`), the page step renders every page and draws every card
 * (--force: nothing reused).
 */
function coldPages(coldCache: string): void {
  const store = join(dir, ".build-cache", "bundle");
  const [entry, ...others] = readdirSync(store);
  expect(entry, "the incremental build stored its bundle").toBeDefined();
  expect(others, "the store keeps the last bundle only").toEqual([]);
  cpSync(join(store, String(entry)), join(coldCache, "bundle", String(entry)), { recursive: true });
  rmSync(join(dir, "dist"), { recursive: true, force: true });
  run(["bin/content.mjs", "generate"], coldCache);
  const restored = run(["engine/bundle.mjs"], coldCache);
  expect(restored).toContain("bundle: code and shared data unchanged since the stored bundle: reused");
  if (canCount()) {
    // The page step under strace: the file-system entries it creates, per area (scripts/lib/count-creations.mjs).
    const { created, status } = countCreations(process.execPath, ["engine/pages.mjs", "--force"], {
      cwd: dir,
      env: env(coldCache),
      areas: {
        cards: "dist/client/cards",
        pages: "dist/client",
        cardStore: join(coldCache, "cards"),
        pageCache: join(coldCache, "pages"),
      },
    });
    expect(status, "engine/pages.mjs --force under strace").toBe(0);
    const pages = JSON.parse(readFileSync(join(dir, "dist/build-record.json"), "utf8")).pages.length;
    creations = { ...created, pages: created.pages ?? 0, pageCount: pages };
  } else run(["engine/pages.mjs", "--force"], coldCache);
  run(["engine/precompress.mjs"], coldCache);
}

/** The last cold page step's file-system creations, counted under strace (null where strace cannot run). */
let creations: (Record<string, number> & { pages: number; pageCount: number }) | null = null;

/**
 * Two trees hold the same files, byte for byte: the same paths, and no file whose bytes differ (named if
 * one does). Buffer.equals, not toEqual: vitest compares a Buffer element by element, 10 s for this tree.
 */
function expectSameFiles(actual: Map<string, Buffer>, expected: Map<string, Buffer>) {
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  const differing = [...expected].filter(([file, bytes]) => !actual.get(file)?.equals(bytes)).map(([file]) => file);
  expect(differing).toEqual([]);
}

function expectIdentical(incremental: Map<string, Buffer>, cold: Map<string, Buffer>) {
  // The social cards are part of the output compared: one per page at least.
  expect([...cold.keys()].filter((file) => /^cards\/.+\.png$/.test(file)).length).toBeGreaterThan(50);
  expectSameFiles(incremental, cold);
}

function edit(file: string, from: RegExp | string, to: string): void {
  const path = join(dir, file);
  const text = readFileSync(path, "utf8");
  const next = text.replace(from, () => to);
  if (next === text) throw new Error(`${file}: ${from} not found`);
  writeFileSync(path, next);
}

/** A new article: the CRM article's body under another slug and title. */
function addArticle(slug: string, title: string): void {
  const source = readFileSync(join(dir, "data/insights/crm-hygiene.md"), "utf8");
  writeFileSync(join(dir, `data/insights/${slug}.md`), source.replace(/^title: .*$/m, `title: "${title}"`));
}

/** An article of `words` words in five sections, with a list and a table, as a content owner writes one. */
function writeLongArticle(slug: string, words: number): void {
  const vocabulary =
    "pipeline outbound sequence account persona qualified meeting discovery forecast territory enablement cadence signal intent scoring handoff quota ramp coaching retention expansion segment the a of and to in for with".split(
      " ",
    );
  let written = 0;
  let n = 0;
  const sentence = () => {
    const length = 12 + (n % 9);
    const text = Array.from({ length }, () => vocabulary[n++ % vocabulary.length]).join(" ");
    written += length;
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = () => Array.from({ length: 5 }, sentence).join(" ");
  const sections: string[] = [];
  for (let s = 1; written < words; s++) {
    sections.push(`## Section ${s} of the long article`, paragraph());
    if (s === 2) sections.push(["- ", "- ", "- "].map((dash) => `${dash}${sentence()}`).join("\n"));
    if (s === 3)
      sections.push(
        "| stage | before | after |\n| --- | ---: | ---: |\n| meetings | 5 | 25 |\n| cycle (days) | 94 | 31 |",
      );
    while (written < (words * s) / 5 && written < words) sections.push(paragraph());
  }
  const front = [
    "---",
    'title: "A long article: twelve hundred words on the pipeline"',
    "description: A generated article of 1,200 words, the size the HTML budget is set for.",
    "date: 2026-11-20",
    "author: jonas-weber",
    "tags: [crm, data]",
    "---",
  ];
  writeFileSync(join(dir, `data/insights/${slug}.md`), `${front.join("\n")}\n\n${sections.join("\n\n")}\n`);
}

describe("incremental build = cold build, byte for byte", () => {
  beforeAll(() => {
    dir = projectWithArticles(12);
    addArticle("to-be-deleted", "An article that the fourth edit deletes");
    writeLongArticle("twelve-hundred-words", 1200);
    ciLog = run(["engine/build.mjs"], join(dir, ".build-cache"), { CI: "true" });
  }, 600_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("on CI, a cold build says a line per step and the summary: at most 60 lines, no file list", () => {
    expect(ciLog).toContain("bundle: vike build wrote the client and server bundles");
    expect(ciLog).toMatch(/^built \d+ pages in /m);
    const lines = ciLog.trimEnd().split("\n");
    expect(lines.length, ciLog).toBeLessThanOrEqual(60);
    // Vite's list names each file it wrote ("dist/client/assets/chunks/chunk-x.js  1.2 kB │ gzip: 0.6 kB").
    const files = lines.filter((line) => /\bdist\/|\.(?:js|mjs|css|html|json|png)\b\s/.test(line));
    expect(files).toEqual([]);
    expect(ciLog).not.toContain("first load per route");
  });

  it("the default build writes each page's HTML and page data, and no .br/.gz twin (that is --precompress)", () => {
    const files = [...snapshot(client()).keys()];
    expect(files.filter((file) => /\.(?:br|gz)$/.test(file))).toEqual([]);
    expect(files).toContain("insights/twelve-hundred-words/index.html");
    expect(files).toContain("insights/twelve-hundred-words/index.pageContext.json");
    expect(files.filter((file) => file.startsWith("insights/twelve-hundred-words/")).sort()).toEqual([
      "insights/twelve-hundred-words/index.html",
      "insights/twelve-hundred-words/index.pageContext.json",
    ]);
  });

  it("a 1,200-word article is within the HTML budget (14 KiB gzip), its stylesheet inline only in part", () => {
    const html = readFileSync(join(client(), "insights/twelve-hundred-words/index.html"), "utf8");
    expect(gzipSync(html).length).toBeLessThanOrEqual(budgets.html);
    const words = readFileSync(join(dir, "data/insights/twelve-hundred-words.md"), "utf8").split(/\s+/).length;
    expect(words).toBeGreaterThanOrEqual(1200);
    const inline = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    const whole = /<link rel="stylesheet" href="([^"]+)" disabled>/.exec(html)?.[1] ?? "";
    expect(whole).not.toBe("");
    expect(inline.length).toBeGreaterThan(1024);
    expect(inline.length).toBeLessThan(readFileSync(join(client(), whole)).length);
  });

  it("with nothing changed: every page kept in place, no render thread started, no file touched", () => {
    const before = snapshot(client());
    const times = modified(client());
    const summary = run(["engine/build.mjs"]);
    expectSameFiles(snapshot(client()), before);
    expect(modified(client())).toEqual(times);
    const pages = Number(/^built (\d+) pages/m.exec(summary)?.[1]);
    expect(pages).toBeGreaterThan(50);
    expect(summary).toContain(`pages: 0 rendered, 0 reused from the cache, ${pages} kept in place`);
    expect(summary).toContain("bundle: code and shared data unchanged since the last build: dist/ kept in place");
    expect(summary).toMatch(/^check the record [\d.]+ s · render, finish, write \(0 threads\)/m);
  }, 600_000);

  it("after an article's body is edited: that article and the pages showing its reading time", () => {
    edit(
      "data/insights/crm-hygiene.md",
      "## Why CRMs decay",
      "A new opening line for the section.\n\n## Why CRMs decay",
    );
    const { incremental, cold, reused, rendered, kept, bundleReused } = buildBothWays();
    expectIdentical(incremental, cold);
    expect(rendered).toBeGreaterThan(0);
    // Most pages read nothing that changed (about, contact, the unrelated articles, the German ones):
    // kept in place, their hooks not even run; of the others, those whose output is the same are reused.
    expect(kept).toBeGreaterThan(rendered + reused);
    expect(bundleReused).toBe(true);
  }, 600_000);

  it("after an article's title is edited (related lists, tag pages, the feed)", () => {
    edit("data/insights/crm-hygiene.md", /^title: .*$/m, 'title: "CRM hygiene, retitled: the fields that matter"');
    const { incremental, cold, rendered, kept, bundleReused } = buildBothWays();
    expectIdentical(incremental, cold);
    // The article, the list pages that show it, the articles that list it as related: the rest is kept.
    expect(rendered).toBeGreaterThan(1);
    expect(kept).toBeGreaterThan(rendered);
    // The feed follows the title although `vike build` did not run.
    expect(bundleReused).toBe(true);
    expect(incremental.get("insights/feed.xml")?.toString()).toContain("CRM hygiene, retitled");
  }, 600_000);

  it("after an article is added and another deleted", () => {
    addArticle("a-new-article", "A new article about forecasting");
    unlinkSync(join(dir, "data/insights/to-be-deleted.md"));
    const { incremental, cold, reused } = buildBothWays();
    expectIdentical(incremental, cold);
    expect([...incremental.keys()]).toContain("insights/a-new-article/index.html");
    expect([...incremental.keys()]).not.toContain("insights/to-be-deleted/index.html");
    expect(reused).toBeGreaterThan(0);
  }, 600_000);

  it("after a consultant's name is edited (bylines); the cold page step creates at most 3 entries a page", () => {
    edit("data/consultants.yaml", "name: Jonas Weber", "name: Jonas Webern");
    const { incremental, cold, bundleReused } = buildBothWays();
    expectIdentical(incremental, cold);
    expect([...incremental.values()].some((bytes) => bytes.includes("Jonas Webern"))).toBe(true);
    expect(bundleReused).toBe(false);
    // A page is its folder, HTML and page data in dist/client; the page cache adds a pack per thread, not a
    // file per page. Its social card (drawn, and linked into dist/client/cards) is counted apart.
    if (creations === null) console.warn("strace cannot run here: the creations per page were not counted");
    else {
      const { pages, pageCache = 0, cards = 0, pageCount } = creations;
      expect(pageCount).toBeGreaterThan(50);
      expect((pages + pageCache) / pageCount, JSON.stringify(creations)).toBeLessThanOrEqual(3);
      expect(cards, JSON.stringify(creations)).toBeLessThanOrEqual(pageCount);
    }
  }, 600_000);

  it("after a component's code is edited: every page again (on CI with --verbose and --report: every list)", () => {
    edit(
      "site/components/Footer.tsx",
      '<footer className="bg-night text-white/80">',
      '<footer className="bg-night text-white/80" data-edited="">',
    );
    const { incremental, cold, reused, bundleReused, summary } = buildBothWays(["--verbose", "--report"], {
      CI: "true",
    });
    // --verbose: Vite's file list, and every file the page step writes.
    expect(summary).toMatch(/^dist\/client\/assets\/\S+\.js\s+[\d.]+ kB/m);
    expect(summary).toMatch(/^dist\/client\/insights\/crm-hygiene\/index\.html$/m);
    expectIdentical(incremental, cold);
    expect(reused).toBe(0);
    expect(bundleReused).toBe(false);
  }, 600_000);

  it("after the stylesheet is edited: every page again", () => {
    writeFileSync(
      join(dir, "site/styles/global.css"),
      `${readFileSync(join(dir, "site/styles/global.css"), "utf8")}\n.edited-rule { outline-offset: 3px; }\n`,
    );
    const { incremental, cold, reused } = buildBothWays();
    expectIdentical(incremental, cold);
    expect(reused).toBe(0);
  }, 600_000);

  it("a build without --precompress after one with it leaves no stale twin: the changed pages lose theirs, the others keep them", () => {
    edit("data/insights/crm-hygiene.md", /^title: .*$/m, 'title: "CRM hygiene, retitled once more"');
    run(["engine/build.mjs"]);
    const files = snapshot(client());
    const twins = [...files.keys()].filter((file) => /\.(?:br|gz)$/.test(file));
    expect(twins.length).toBeGreaterThan(100);
    for (const twin of twins) {
      const source = files.get(twin.replace(/\.(?:br|gz)$/, ""));
      const bytes = files.get(twin) ?? Buffer.alloc(0);
      expect(source, `${twin} without its file`).toBeDefined();
      expect(
        (twin.endsWith(".br") ? brotliDecompressSync(bytes) : gunzipSync(bytes)).equals(source ?? Buffer.alloc(0)),
        twin,
      ).toBe(true);
    }
    // The retitled article's page changed: its twins were removed with its old bytes.
    expect(files.get("insights/crm-hygiene/index.html")?.toString()).toContain("CRM hygiene, retitled once more");
    expect(files.has("insights/crm-hygiene/index.html.br")).toBe(false);
    expect(files.has("insights/feed.xml.gz")).toBe(false);
  }, 600_000);
});
