// The articles' part of generate: site/generated/insights.ts and
// articles/<slug>.html from the sample articles of tests/fixtures/articles
// (two published, one draft), with snapshot guards on both outputs.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { transformSync } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyHtml } from "../../content/articles/article-file.ts";
import { validateContent } from "../../content/content.ts";
import { renderModules } from "../../content/generate.ts";
import type { Article, ContentResult } from "../../content/results.ts";
import type { DataSet } from "../../schemas/index.ts";
import { ensureBundle, makeProject, ROOT, runCli, shipped } from "../support/cli.ts";

const SAMPLES = join(ROOT, "tests", "fixtures", "articles");
const project = makeProject();
afterAll(project.cleanup);
let result: ContentResult;

beforeAll(async () => {
  // Only the samples: whatever data/insights/ ships is replaced by them.
  const dir = join(project.data, "insights");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(SAMPLES, dir, { recursive: true });
  result = await validateContent(project.data, { cache: false, render: true });
});

function evaluate(content: string): Record<string, unknown> {
  const { code } = transformSync(content, { loader: "ts", format: "cjs" });
  const module = { exports: {} as Record<string, unknown> };
  new Function("module", "exports", code)(module, module.exports);
  return module.exports;
}

const insightsModule = () =>
  renderModules(result.data as DataSet, result.articles).find((m) => m.name === "insights.ts");
const articleIndexFile = () =>
  renderModules(result.data as DataSet, result.articles).find((m) => m.name === "articles.json");
const byslug = (slug: string) => result.articles.find((a) => a.slug === slug) as Article;
const htmlOf = (slug: string) => {
  const bytes = bodyHtml(byslug(slug));
  return bytes && new TextDecoder().decode(bytes);
};

describe("insights.ts and the article bodies", () => {
  it("the samples are valid", () => {
    expect(result.diagnostics).toEqual([]);
  });

  it("insights.ts and articles.json match their snapshots", async () => {
    // A drift here means the generated interface changed: if intended, update with `npx vitest run -u`.
    await expect(insightsModule()?.content).toMatchFileSnapshot(
      "__snapshots__/generated/insights-with-articles.ts.snap",
    );
    await expect(articleIndexFile()?.content).toMatchFileSnapshot("__snapshots__/generated/articles.json.snap");
  });

  it("no module carries the article index: it is data read on the server, so that no bundle grows with the articles", () => {
    for (const module of renderModules(result.data as DataSet, result.articles).filter((m) => m.name.endsWith(".ts"))) {
      expect(module.content, module.name).not.toContain("pipeline-basics");
    }
  });

  it.each(["pipeline-basics", "outbound-basics"])("articles/%s.html matches its snapshot", async (slug) => {
    await expect(htmlOf(slug)).toMatchFileSnapshot(`__snapshots__/generated/articles/${slug}.html.snap`);
  });

  it("lists published articles only, newest first, with reading time, words and h2/h3 headings", () => {
    const articles = JSON.parse(articleIndexFile()?.content ?? "null") as Array<{
      slug: string;
      readingMinutes: number;
      words: number;
      headings: unknown[];
      updated: unknown;
    }>;
    const { insightTags, insightsTexts } = evaluate(insightsModule()?.content ?? "") as {
      insightTags: Array<{ slug: string }>;
      insightsTexts: Record<string, unknown>;
    };
    expect(articles.map((a) => a.slug)).toEqual(["pipeline-basics", "outbound-basics"]);
    const perMinute = shipped<{ readingWordsPerMinute: number }>("insights.yaml").readingWordsPerMinute;
    for (const article of articles) {
      expect(article.readingMinutes).toBe(Math.max(1, Math.ceil(article.words / perMinute)));
    }
    expect(articles[0]?.headings).toEqual([
      { depth: 2, id: "where-pipeline-leaks", text: "Where pipeline leaks" },
      { depth: 3, id: "the-reply-gap", text: "The reply gap" },
      { depth: 2, id: "what-to-measure", text: "What to measure" },
      { depth: 2, id: "next-steps", text: "Next steps" },
    ]);
    expect(articles[1]?.updated).toBeNull();
    expect(insightTags.map((t) => t.slug)).toEqual(
      shipped<{ tags: Array<{ slug: string }> }>("insights.yaml").tags.map((t) => t.slug),
    );
    expect(insightsTexts).not.toHaveProperty("tags");
    expect(JSON.stringify(insightsTexts)).not.toMatch(/\{(firm|stats|retention)\./);
  });

  it("the body: ids and # anchors on h2/h3, duplicate ids numbered, tables scroll, figures substituted", () => {
    const html = htmlOf("pipeline-basics") ?? "";
    const label = shipped<{ labels: { headingAnchor: string } }>("insights.yaml").labels.headingAnchor;
    expect(html).toContain(
      `<h2 id="where-pipeline-leaks">Where pipeline leaks<a class="heading-anchor" href="#where-pipeline-leaks" aria-label="${label}">#</a></h2>`,
    );
    // The scroll wrapper is a keyboard-reachable region named by its section's heading.
    expect(html).toContain('<section class="table-scroll" aria-label="The reply gap" tabindex="0"><table>');
    expect(html).toContain("</table></section>");
    const lift = shipped<{ stats: { meetingsLift: { value: string } } }>("stats.yaml").stats.meetingsLift.value;
    expect(html).toContain(`Our clients see ${lift} more qualified meetings`);
    expect(html).not.toContain("{stats.");
    expect(htmlOf("outbound-basics")).toContain('<h2 id="first-touch-2">');
  });

  it("a draft is validated but has no body and no entry", () => {
    expect(byslug("unfinished-draft").frontMatter?.draft).toBe(true);
    expect(bodyHtml(byslug("unfinished-draft"))).toBeUndefined();
    expect(insightsModule()?.content).not.toContain("unfinished-draft");
    expect(insightsModule()?.content).not.toContain("An Unfinished Draft");
  });
});

describe("generate writes the article bodies", () => {
  beforeAll(ensureBundle);

  it("one file per published article; a draft's file, or a removed article's, is deleted", async () => {
    const out = join(project.root, "out");
    const first = await runCli(["generate", "--out", "out"], { cwd: project.root });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^generated \d+ modules and 2 articles in out \(\d+ changed\)\n$/);
    expect(readdirSync(join(out, "articles")).sort()).toEqual(["outbound-basics.html", "pipeline-basics.html"]);
    expect(readFileSync(join(out, "articles", "pipeline-basics.html"), "utf8")).toBe(htmlOf("pipeline-basics"));

    // outbound-basics becomes a draft: its page must go, and the other article's link to it is then an error.
    const path = join(project.data, "insights", "outbound-basics.md");
    const text = readFileSync(path, "utf8");
    writeFileSync(path, text.replace("tags: [outbound]\n", "tags: [outbound]\ndraft: true\n"));
    const blocked = await runCli(["generate", "--out", "out"], { cwd: project.root });
    expect(blocked.code).toBe(1);
    expect(blocked.stdout).toContain('link to "/insights/outbound-basics#first-touch", but that article is a draft');

    writeFileSync(
      join(project.data, "insights", "pipeline-basics.md"),
      readFileSync(join(SAMPLES, "pipeline-basics.md"), "utf8").replace(
        "/insights/outbound-basics#first-touch",
        "/insights",
      ),
    );
    const second = await runCli(["generate", "--out", "out"], { cwd: project.root });
    expect(second.code, second.stdout).toBe(0);
    expect(readdirSync(join(out, "articles"))).toEqual(["pipeline-basics.html"]);
    expect(existsSync(join(out, "articles", "outbound-basics.html"))).toBe(false);
    expect(readFileSync(join(out, "insights.ts"), "utf8")).not.toContain("outbound-basics");
    writeFileSync(path, text);
  });
});

describe("scripts/gen-articles.mjs (the benchmarks' articles)", () => {
  it("writes realistic articles that validate: headings, a list, a table, links between them", async ({
    onTestFinished,
  }) => {
    const synthetic = makeProject();
    onTestFinished(synthetic.cleanup);
    rmSync(join(synthetic.data, "insights"), { recursive: true, force: true });
    // @ts-expect-error: a plain .mjs script without types
    const { generateArticles } = (await import("../../scripts/gen-articles.mjs")) as {
      generateArticles: (count: number, dir: string) => string[];
    };
    const slugs = generateArticles(30, synthetic.data);
    expect(slugs).toHaveLength(30);
    const checked = await validateContent(synthetic.data, { cache: false, render: true });
    expect(checked.diagnostics).toEqual([]);
    const article = checked.articles[0];
    expect(article?.words).toBeGreaterThan(600);
    expect(article?.headings.filter((h) => h.depth === 2).length).toBeGreaterThanOrEqual(3);
    const html = new TextDecoder().decode(article && bodyHtml(article));
    expect(html).toContain("<table>");
    expect(html).toContain("<ul>");
    expect(article?.links.some((link) => link.href.startsWith("/insights/synthetic-"))).toBe(true);
  });
});
