// Defence in depth at the output (issue 22, item 5): a build of content that is
// exotic but valid (&, <, ]]>, quotes, emoji, Arabic, combining marks, U+2028)
// in a temporary copy of the project (dist/ is not touched). Every XML file it
// writes is well-formed for a strict XML 1.0 parser, and every JSON-LD block
// of every page parses and holds the texts as they were written. What
// `validate` accepts, the build builds (issue 30, item 4): the article's
// social card is drawn, its Arabic and emoji set by the card fonts' fallbacks.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { PNG } from "pngjs";
import { SaxesParser } from "saxes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs helper of the build scripts, without types
import { projectWithArticles } from "../../scripts/lib/build-project.mjs";

const EXOTIC = `& <b> ]]> "quoted" 'single' \u{1F469}\u{1F3FD}\u200D\u{1F4BB} مرحبا Cafe\u0301`;
const yamlQuoted = (text: string) => JSON.stringify(text).replace(/\u2028/g, "\\u2028");

const TITLE = `Pipeline ${EXOTIC}`;
const DESCRIPTION = `Forecasts ${EXOTIC} and more.`;
const AUTHOR = `Jonas «Wéber» ${EXOTIC}`.slice(0, 90);
const FIRM_DESCRIPTION = `A network ${EXOTIC}\u2028second line.`;
const SUBTITLE = `Notes ${EXOTIC}`;

let dir = "";
/** What the page step printed. */
let pageStep = "";

function edit(file: string, from: RegExp | string, to: string): void {
  const path = join(dir, "data", file);
  const text = readFileSync(path, "utf8");
  const next = text.replace(from, () => to);
  if (next === text) throw new Error(`${file}: ${from} not found`);
  writeFileSync(path, next);
}

function files(root: string, suffix: string): string[] {
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(suffix))
    .map((name) => join(root, name));
}

function parseXml(xml: string): string {
  const parser = new SaxesParser();
  let text = "";
  parser.on("error", (error) => {
    throw error;
  });
  parser.on("text", (chunk) => {
    text += chunk;
  });
  parser.write(xml).close();
  return text;
}

describe("a build of exotic but valid content", () => {
  beforeAll(() => {
    dir = projectWithArticles(0);
    edit("insights/crm-hygiene.md", /^title: .*$/m, `title: ${yamlQuoted(TITLE)}`);
    edit("insights/crm-hygiene.md", /^description: .*$/m, `description: ${yamlQuoted(DESCRIPTION)}`);
    edit("consultants.yaml", "name: Jonas Weber", `name: ${yamlQuoted(AUTHOR)}`);
    edit("site.yaml", /^ {2}description: >-\n(?: {4}.*\n)+/m, `  description: ${yamlQuoted(FIRM_DESCRIPTION)}\n`);
    edit("insights.yaml", /^ {2}subtitle: .*$/m, `  subtitle: ${yamlQuoted(SUBTITLE)}`);
    // The German texts follow (a translation keeps its English text's tokens and numbers): exotic in both languages.
    edit("de/site.yaml", /^ {2}description: >-\n(?: {4}.*\n)+/m, `  description: ${yamlQuoted(FIRM_DESCRIPTION)}\n`);
    edit("de/insights.yaml", /^ {2}subtitle: .*$/m, `  subtitle: ${yamlQuoted(SUBTITLE)}`);
    // NODE_ENV as `npm run build` has it (vitest sets "test", with which Vite's bundle is a dev one, drawing no cards).
    const env = {
      ...process.env,
      NODE_ENV: "production",
      NO_COLOR: "1",
      CONTENT_CACHE_DIR: join(dir, ".content-cache"),
    };
    // A clean `validate` (it throws on exit 1), then the build.
    execFileSync(process.execPath, ["bin/content.mjs", "validate"], { cwd: dir, env, stdio: "pipe" });
    execFileSync(process.execPath, ["bin/content.mjs", "generate"], { cwd: dir, env, stdio: "pipe" });
    // The bundle step (vike build, then the feeds and sitemap) with a cache of its own, then the page step.
    const bundleEnv = { ...env, BUILD_CACHE_DIR: join(dir, ".build-cache") };
    execFileSync(process.execPath, ["engine/bundle.mjs", "--force"], {
      cwd: dir,
      env: bundleEnv,
      stdio: "pipe",
    });
    // The build takes each page's data from its HTML; here it also asks Vike for it and compares.
    // And every page's HTML form (engine/html-form.mjs) is checked against htmlparser2 + dom-serializer.
    // The render threads start with a heap too small to load the server build: each runs out, is replaced
    // by one with twice the heap, until one renders; every page below is theirs.
    pageStep = execFileSync(process.execPath, ["engine/pages.mjs"], {
      cwd: dir,
      env: { ...env, BUILD_VERIFY_PAGE_DATA: "1", BUILD_HTML_CHECK: "1", BUILD_THREAD_HEAP_MB: "8" },
      encoding: "utf8",
      stdio: "pipe",
    });
  }, 600_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("replaces a render thread that runs out of heap by one with twice the heap, and says so", () => {
    expect(pageStep).toMatch(
      /^build: a render thread ran out of its 8 MiB heap; a thread with 16 MiB renders its pages again$/m,
    );
    const bound = /\(old generation bounded at (\d+) MiB, grown from 8\)$/m.exec(pageStep);
    expect(Number(bound?.[1])).toBeGreaterThan(8);
    expect(pageStep).toMatch(/^pages: \d+ rendered, 0 reused/m);
  });

  it("writes only well-formed XML: the feeds (both languages) and the sitemap", () => {
    const xml = files(join(dir, "dist", "client"), ".xml");
    expect(xml.map((path) => relative(join(dir, "dist", "client"), path)).sort()).toEqual([
      "de/insights/feed.xml",
      "insights/feed.xml",
      "sitemap.xml",
    ]);
    for (const path of xml) expect(() => parseXml(readFileSync(path, "utf8")), path).not.toThrow();
    const feed = parseXml(readFileSync(join(dir, "dist", "client", "insights", "feed.xml"), "utf8"));
    for (const text of [TITLE, DESCRIPTION, AUTHOR, SUBTITLE]) expect(feed).toContain(text);
    // The German feed: the German subtitle and the consultant's name (a name is not translated).
    const germanFeed = parseXml(readFileSync(join(dir, "dist", "client", "de", "insights", "feed.xml"), "utf8"));
    for (const text of [AUTHOR, SUBTITLE]) expect(germanFeed).toContain(text);
  });

  it("writes JSON-LD that parses on every page, with the texts as written", () => {
    const pages = files(join(dir, "dist", "client"), ".html");
    expect(pages.length).toBeGreaterThan(10);
    const blocks: unknown[] = [];
    for (const page of pages) {
      const html = readFileSync(page, "utf8");
      for (const match of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
        blocks.push(JSON.parse(match[1] ?? ""));
      }
    }
    expect(blocks).toContainEqual(
      expect.objectContaining({ "@type": "ProfessionalService", description: FIRM_DESCRIPTION }),
    );
    expect(blocks).toContainEqual(
      expect.objectContaining({
        "@type": "Article",
        headline: TITLE,
        author: expect.objectContaining({ name: AUTHOR }),
      }),
    );
  });

  it("draws the article's social card, its Arabic and emoji included (validate passed, so the build builds)", () => {
    const html = readFileSync(join(dir, "dist", "client", "insights", "crm-hygiene", "index.html"), "utf8");
    const url = /<meta property="og:image" content="[^"]*?(\/cards\/[^"]+\.png)"/.exec(html)?.[1];
    expect(url, "the article's og:image").toMatch(/^\/cards\/insights-crm-hygiene-[0-9a-f]{8}\.png$/);
    expect(readdirSync(join(dir, "dist", "client", "cards"))).toContain(url?.slice("/cards/".length));
    const card = PNG.sync.read(readFileSync(join(dir, "dist", "client", url ?? "")));
    expect([card.width, card.height]).toEqual([1200, 630]);
  });
});
