// site/lib/article-index.ts: the article index is read from disk (never
// bundled), the same array while the file is unchanged, read again when
// generate or the dev server's content plugin rewrote it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleIndex } from "../../site/lib/article-index.ts";
import { insightsOf } from "../../site/lib/insights.ts";

const root = mkdtempSync(join(tmpdir(), "article-index-"));
const file = join(root, "site/generated/articles.json");
const summary = (slug: string) => ({
  slug,
  title: `Title of ${slug}`,
  description: "A description.",
  date: "2026-11-01",
  updated: null,
  author: "a",
  tags: [],
  readingMinutes: 1,
  words: 10,
  headings: [],
});
const cwd = process.cwd();
beforeAll(() => {
  mkdirSync(join(root, "site/generated"), { recursive: true });
  writeFileSync(file, JSON.stringify([summary("first")]));
  process.chdir(root);
});
afterAll(() => {
  process.chdir(cwd);
  rmSync(root, { recursive: true, force: true });
});

describe("articleIndex", () => {
  it("reads the index from site/generated, and gives the same array while the file is unchanged", () => {
    const first = articleIndex("en");
    expect(first.map((a) => a.slug)).toEqual(["first"]);
    expect(articleIndex("en")).toBe(first);
  });

  it("reads it again once it is rewritten, and the section's rules follow", () => {
    const before = insightsOf("en");
    writeFileSync(file, JSON.stringify([summary("second"), summary("first")]));
    expect(articleIndex("en").map((a) => a.slug)).toEqual(["second", "first"]);
    const after = insightsOf("en");
    expect(after).not.toBe(before);
    expect(after.findArticle("second")?.title).toBe("Title of second");
  });
});
