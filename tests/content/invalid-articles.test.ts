// A table of bad articles, one fixture each (tests/fixtures/invalid-articles/,
// named for the failure), validated together with the valid samples of
// tests/fixtures/articles in one project through the real CLI process: each
// fixture gives exactly its one diagnostic, at the exact file:line:col, with
// its message and hint, in all three formats.
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FILE_BYTES } from "../../content/load.ts";
import {
  blockOf,
  ensureBundle,
  type JsonDiagnostic,
  makeProject,
  plainEnv,
  ROOT,
  type Run,
  replace,
  runCli,
  shipped,
  summaryOf,
} from "../support/cli.ts";

const FIXTURES = join(ROOT, "tests", "fixtures", "invalid-articles");
const SAMPLES = join(ROOT, "tests", "fixtures", "articles");

// Expected values that follow the data rather than the test.
const slugs = shipped<{ consultants: Array<{ slug: string }> }>("consultants.yaml").consultants.map((c) => c.slug);
const tags = shipped<{ tags: Array<{ slug: string }> }>("insights.yaml").tags.map((t) => t.slug);
const quoted = (list: readonly string[]) => list.map((item) => `\`${item}\``).join(", ");
const HTML_HINT =
  "write Markdown instead: the pages run under a strict content security policy and show no markup from articles (a line break is a backslash at the end of the line)";

type Case = [file: string, at: string, severity: "error" | "warning", message: string, hint: string];

const cases: Case[] = [
  // The file itself
  [
    "notes.txt",
    "1:1",
    "error",
    "stray file in data/insights: only articles belong here",
    "an article is a Markdown file named for its slug, like `crm-hygiene.md`; a translation sits in its language's folder (`de/`); move anything else out of this folder",
  ],
  [
    "Bad Name.md",
    "1:1",
    "error",
    'the file name "Bad Name.md" is not a slug: it becomes the article\'s address /insights/Bad Name',
    "use lower-case letters, digits and single dashes: rename it to `bad-name.md`",
  ],
  [
    "not-utf-8.md",
    "10:4",
    "error",
    "file is not valid UTF-8: byte 0xE9 at offset 165",
    "save the file with UTF-8 encoding (most editors: File > Save with Encoding > UTF-8)",
  ],
  [
    "oversized-file.md",
    "1:1",
    "error",
    `file is 1.0 MiB (${MAX_FILE_BYTES + 1} bytes), over the 1 MiB limit for a article`,
    "articles hold text content; split the file or remove what does not belong in it",
  ],
  // Front matter
  [
    "no-front-matter.md",
    "1:1",
    "error",
    "the article has no front matter: its first line must be `---`",
    "start the file with `---`, then title, description, date, author and tags, then another `---`",
  ],
  [
    "unclosed-front-matter.md",
    "1:1",
    "error",
    "the front matter is not closed: no `---` line after it",
    "add a line `---` after the last field (tags:), before the article's text",
  ],
  [
    "broken-yaml-front-matter.md",
    "2:8",
    "error",
    'YAML: this " opens a quoted text that is never closed',
    'end the text with " on the same line',
  ],
  ["unknown-front-matter-key.md", "7:1", "error", "updatd: unknown key `updatd`", "did you mean `updated`?"],
  [
    "missing-title.md",
    "2:1",
    "error",
    "title: missing required field `title`",
    "add `title:` (the article's title, its page's h1; at most 90 characters)",
  ],
  ["impossible-date.md", "4:7", "error", "date: 2026-02-30 is not a day of the calendar", "February 2026 has 28 days"],
  [
    "date-not-written-yyyy-mm-dd.md",
    "4:7",
    "error",
    'date: must be a date written YYYY-MM-DD, like 2026-09-15, got "01.10.2026"',
    "the day the article is published, YYYY-MM-DD",
  ],
  [
    "updated-before-date.md",
    "7:10",
    "error",
    "updated: updated 2026-09-30 is before date 2026-10-01",
    "`updated` is the day of the last change: the publication day or later; remove it if the article has not changed",
  ],
  [
    "unknown-tag.md",
    "6:13",
    "error",
    'tags[1]: unknown tag "metrcs": not a tag of data/insights.yaml',
    "did you mean `metrics`?",
  ],
  [
    "tag-with-no-near-match.md",
    "6:8",
    "error",
    'tags[0]: unknown tag "astrology": not a tag of data/insights.yaml',
    `the tags in data/insights.yaml are ${quoted(tags)}`,
  ],
  ["too-many-tags.md", "6:7", "error", "tags: 4 tags, at most 3", "keep the one to three tags that fit best"],
  ["no-tags.md", "6:7", "error", "tags: needs at least one tag, got 0", "one to three tags from data/insights.yaml"],
  [
    "title-too-long.md",
    "2:8",
    "error",
    "title: the title is too long by 8 characters (98, at most 90)",
    "shorten the title: search results and cards cut a long one off",
  ],
  [
    "title-the-card-fonts-cannot-set.md",
    "2:8",
    "error",
    'title: the social card cannot set "上" (U+4E0A), "海" (U+6D77): no card font has them',
    "this text is drawn on the page's social card, whose fonts set Latin, Cyrillic, Greek and Arabic letters, arrows and math signs, and emoji (site/cards/fonts.ts): write it with those, or add a font for its script there",
  ],
  [
    "description-too-long.md",
    "3:14",
    "error",
    "description: the description is too long by 2 characters (162, at most 160)",
    "shorten the description: search results cut a long one off, and it is the card's text",
  ],
  [
    "unknown-author.md",
    "5:9",
    "error",
    'author: unknown author "marco-belini": not a consultant in data/consultants.yaml',
    "did you mean `marco-bellini`?",
  ],
  [
    "unknown-author-no-near-match.md",
    "5:9",
    "error",
    'author: unknown author "jane-doe": not a consultant in data/consultants.yaml',
    `the consultant slugs are ${quoted(slugs)}`,
  ],
  // Body
  [
    "empty-body.md",
    "7:1",
    "error",
    "the article has no text after its front matter",
    "write the article below the closing `---`, starting with a paragraph or a `##` heading",
  ],
  [
    "h1-in-body.md",
    "8:1",
    "error",
    "a level-1 heading in the article's body",
    "the title is the page's only h1: start the body's sections at `##`",
  ],
  [
    "skipped-heading-level.md",
    "12:1",
    "error",
    "the heading level skips from h2 to h4",
    "use ### here; levels go down one at a time, starting at `##`",
  ],
  [
    "first-heading-h3.md",
    "10:1",
    "error",
    "the body's first heading is h3: it must be h2",
    "use ## here; levels go down one at a time, starting at `##`",
  ],
  ["raw-html-block.md", "10:1", "error", "raw HTML in an article", HTML_HINT],
  ["raw-html-inline.md", "10:9", "error", "raw HTML in an article", HTML_HINT],
  ["html-comment.md", "10:1", "error", "raw HTML in an article", HTML_HINT],
  [
    "unknown-stats-token.md",
    "10:17",
    "error",
    "unknown figure in {stats.meetingLift}",
    "did you mean `{stats.meetingsLift}`?",
  ],
  // A brace that is not a token's, at the brace (issue 42); code is shown as written, braces and all.
  [
    "unclosed-token-brace.md",
    "10:48",
    "error",
    "`{stats.meetingsLift` is never closed: a token ends with `}`",
    "did you mean `{stats.meetingsLift}`? (a brace meant as a brace is written twice: `{{`)",
  ],
  [
    "brace-without-its-opening.md",
    "14:35",
    "error",
    "a `}` without its `{`",
    "did you mean `{stats.meetingsLift}`? (a brace meant as a brace is written twice: `}}`)",
  ],
  [
    "brace-around-no-token-in-title.md",
    "3:29",
    "error",
    "`{site.name}` is not a token",
    "did you mean `{firm.name}`? (a brace meant as a brace is written twice: `{{`)",
  ],
  [
    "unclosed-brace-in-description.md",
    "3:30",
    "error",
    "`{stats.meetingsLift` is never closed: a token ends with `}`",
    "did you mean `{stats.meetingsLift}`? (a brace meant as a brace is written twice: `{{`)",
  ],
  [
    "image-without-alt.md",
    "10:1",
    "error",
    "an image without alt text",
    "describe what the image shows inside the brackets: ![Pipeline by stage, Q3](/images/insights/pipeline.png)",
  ],
  [
    "image-file-missing.md",
    "10:22",
    "error",
    "image file not found: site/public/images/insights/pipeline-chrt.png",
    "did you mean `/images/insights/pipeline-chart.png`?",
  ],
  // The cover image (front matter `image:`, the article's social card)
  [
    "cover-image-without-alt.md",
    "7:8",
    "error",
    "image: a cover image without alt text",
    "add `imageAlt:` with what the image shows, like `imageAlt: Pipeline by stage, one bar per quarter`",
  ],
  [
    "cover-alt-without-image.md",
    "7:11",
    "error",
    "imageAlt: alt text without a cover image",
    "add `image: /images/insights/<file>.png`, or remove `imageAlt:`",
  ],
  [
    "cover-image-missing.md",
    "7:8",
    "error",
    "image: image file not found: site/public/images/insights/cover-wid.png",
    "did you mean `/images/insights/cover-wide.png`?",
  ],
  [
    "cover-image-not-png-or-jpeg.md",
    "7:8",
    "error",
    "image: cover image site/public/images/insights/cover.gif is a GIF file, not a PNG or a JPEG",
    "social sites read PNG and JPEG: save the image as .png or .jpg",
  ],
  [
    "cover-image-too-small.md",
    "7:8",
    "error",
    "image: cover image site/public/images/insights/cover-small.png is 800×418, smaller than 1200×630",
    "the card is 1200×630: use an image at least that wide and that high",
  ],
  [
    "cover-image-from-another-host.md",
    "7:8",
    "error",
    'image: cover image "https://example.com/cover.png" is not in /images/insights/',
    "put the file in site/public/images/insights/ and write `image: /images/insights/<file>.png`",
  ],
  [
    "image-from-another-host.md",
    "10:22",
    "error",
    'image "https://example.com/chart.png" is not in /images/insights/',
    "the site shows only its own images: put the file in site/public/images/insights/ and write ![alt](/images/insights/<file>)",
  ],
  // Links
  [
    "link-to-missing-page.md",
    "10:17",
    "error",
    'link to "/abut", but the site has no page at /abut',
    "did you mean `/about`?",
  ],
  [
    "link-in-a-table-cell.md",
    "15:24",
    "error",
    'link to "/abut", but the site has no page at /abut',
    "did you mean `/about`?",
  ],
  [
    "link-to-unknown-article.md",
    "10:18",
    "error",
    'link to "/insights/pipeline-basic", but there is no article pipeline-basic',
    "did you mean `pipeline-basics`?",
  ],
  [
    "link-to-draft.md",
    "10:17",
    "error",
    'link to "/insights/unfinished-draft", but that article is a draft',
    "a draft is not on the site: publish it (remove `draft: true` from unfinished-draft.md) or link elsewhere",
  ],
  [
    "link-to-unknown-consultant.md",
    "10:18",
    "error",
    'link to "/consultants#nobody", but /consultants has no section #nobody',
    `the sections of /consultants are ${quoted(slugs)}`,
  ],
  [
    "link-to-unknown-phase.md",
    "10:17",
    "error",
    'link to "/approach#data-inteligence", but /approach has no section #data-inteligence',
    "did you mean `data-intelligence`?",
  ],
  [
    "link-to-unknown-heading-of-other-article.md",
    "10:15",
    "error",
    'link to "/insights/pipeline-basics#the-reply-gaps", but /insights/pipeline-basics has no section #the-reply-gaps',
    "did you mean `the-reply-gap`?",
  ],
  [
    "link-to-unknown-heading-of-same-article.md",
    "10:19",
    "error",
    'link to "#last-section", but this article has no section #last-section',
    "did you mean `first-section`?",
  ],
  [
    "link-to-unknown-tag-page.md",
    "10:21",
    "error",
    'link to "/insights/tags/forecasting", but there is no tag forecasting',
    `the tags (data/insights.yaml) are ${quoted(tags)}`,
  ],
  [
    "relative-link.md",
    "10:7",
    "error",
    'link to "about", which is neither a page of the site nor an https:// address',
    'start a link to a page of the site with "/", like /approach, and a link elsewhere with https://',
  ],
  [
    "plain-http-link.md",
    "10:17",
    "warning",
    'plain http: link "http://example.com/study"',
    "use the https:// address: a reader's browser may warn on or block an unencrypted page",
  ],
];

// A YAML text's link into /insights is checked against the articles too.
// The line of the Insights nav link in the shipped site.yaml, where the project's copy breaks it.
const navLine =
  readFileSync(join(ROOT, "data", "site.yaml"), "utf8")
    .split("\n")
    .indexOf("    href: /insights") + 1;
const yamlCase = {
  head: `data/site.yaml:${navLine}:11 error  nav[4].href: link to "/insights/pipeline-basic", but there is no article pipeline-basic`,
  hint: "did you mean `pipeline-basics`?",
};

const project = makeProject({ "site.yaml": replace("    href: /insights\n", "    href: /insights/pipeline-basic\n") });
afterAll(project.cleanup);
const runs: Record<"pretty" | "json" | "github", Run> = {} as never;

beforeAll(async () => {
  const dir = join(project.data, "insights");
  mkdirSync(dir, { recursive: true });
  cpSync(SAMPLES, dir, { recursive: true });
  cpSync(FIXTURES, dir, { recursive: true });
  writeFileSync(join(dir, "oversized-file.md"), "x".repeat(MAX_FILE_BYTES + 1));
  const images = join(project.root, "site", "public", "images", "insights");
  mkdirSync(images, { recursive: true });
  writeFileSync(join(images, "pipeline-chart.png"), "not really a PNG: the rule checks that the file exists");
  // Cover images are read: real PNGs of the card's size and smaller, and a GIF.
  const png = (width: number, height: number) => PNG.sync.write(new PNG({ width, height }));
  writeFileSync(join(images, "cover-wide.png"), png(1200, 630));
  writeFileSync(join(images, "cover-small.png"), png(800, 418));
  writeFileSync(join(images, "cover.gif"), Buffer.from("GIF89a\xb0\x04\x76\x02\x00\x00\x00;", "latin1"));
  await ensureBundle();
  const [pretty, json, github] = await Promise.all(
    (["pretty", "json", "github"] as const).map((format) =>
      runCli(["validate", "--format", format], { cwd: project.root }),
    ),
  );
  Object.assign(runs, { pretty, json, github });
});

describe("validate reports each bad article at its exact place", () => {
  it("covers every fixture in the folder, and exits 1 with no trace on stderr", () => {
    const fixtures = readdirSync(FIXTURES).sort();
    expect(
      cases
        .map(([file]) => file)
        .filter((file) => file !== "oversized-file.md")
        .sort(),
    ).toEqual(fixtures);
    expect(runs.pretty.stderr).toBe("");
    expect(runs.pretty.code, runs.pretty.stdout).toBe(1);
    const samples = readdirSync(SAMPLES).length;
    expect(summaryOf(runs.pretty.stdout)).toMatchObject({
      errors: cases.filter((c) => c[2] === "error").length + 1,
      warnings: cases.filter((c) => c[2] === "warning").length,
      files: cases.length + 1,
    });
    expect(samples).toBeGreaterThanOrEqual(2);
  });

  it.each(cases)("%s: %s %s", (file, at, severity, message, hint) => {
    const colon = message.indexOf(": ");
    const path =
      /^[\w[\]]+(\.[\w[\]]+)*: /.test(message) && !message.startsWith("YAML:") ? message.slice(0, colon) : "";
    const text = path ? message.slice(colon + 2) : message;
    const [line, column] = at.split(":").map(Number);

    // pretty: the head, a code frame (for a file that could be read), the hint
    const block = blockOf(runs.pretty.stdout, `data/insights/${file}:${at} ${severity}  ${message}`);
    expect(block, `no "data/insights/${file}:${at} ${severity}  ${message}" in:\n${runs.pretty.stdout}`).toBeDefined();
    expect(block?.at(-1)).toBe(`   hint: ${hint}`);

    // json: exactly this one diagnostic for the file
    const all = JSON.parse(runs.json.stdout) as JsonDiagnostic[];
    const mine = all.filter((d) => d.file === `data/insights/${file}`);
    expect(mine).toEqual([expect.objectContaining({ line, column, severity, path, message: text, hint })]);

    // github: an annotation on that line and column
    const annotation = runs.github.stdout
      .split("\n")
      .find((l) =>
        l.startsWith(`::${severity} file=data/insights/${encodeProperty(file)},line=${line},col=${column},`),
      );
    expect(annotation, runs.github.stdout).toBeDefined();
    expect(annotation).toContain(`::${text.replace(/%/g, "%25")}%0Ahint: `);
  });

  it("worker threads (as for thousands of articles) report exactly the same", async () => {
    const threaded = await runCli(["validate", "--format", "json"], {
      cwd: project.root,
      env: plainEnv({ CONTENT_ARTICLE_WORKERS_MIN: "2" }),
    });
    expect(threaded.stderr).toBe("");
    expect(threaded.code).toBe(1);
    expect(JSON.parse(threaded.stdout)).toEqual(JSON.parse(runs.json.stdout));
  });

  it("a YAML text's link into /insights is checked against the published articles", () => {
    const block = blockOf(runs.pretty.stdout, yamlCase.head);
    expect(block, runs.pretty.stdout).toBeDefined();
    expect(block?.at(-1)).toBe(`   hint: ${yamlCase.hint}`);
  });

  it("the valid samples, the draft included, have no diagnostic", () => {
    const all = JSON.parse(runs.json.stdout) as JsonDiagnostic[];
    for (const sample of readdirSync(SAMPLES)) {
      expect(all.filter((d) => d.file === `data/insights/${sample}`)).toEqual([]);
    }
    expect(readFileSync(join(SAMPLES, "unfinished-draft.md"), "utf8")).toContain("draft: true");
  });
});

function encodeProperty(text: string): string {
  return text.replace(/%/g, "%25").replace(/:/g, "%3A").replace(/,/g, "%2C");
}
