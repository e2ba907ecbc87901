// Publish's text (editor/server/publish.ts) and the git runner's limits
// (editor/server/git.ts), on their own.
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { git } from "../../editor/server/git.ts";
import { UnreadableYaml } from "../../editor/server/preserve.ts";
import { publishedText } from "../../editor/server/publish.ts";

const article = (front: string) => `---\n${front}---\n\nThe body.\n`;
const TODAY = "2026-11-28";

describe("publishedText", () => {
  it("removes draft: true and dates an English article today, every other line as written", () => {
    const before = article(
      'title: "Quoted: kept"\n# a comment, kept\ndate: 2026-11-01\nauthor: marco-bellini\ntags: [strategy]\ndraft: true\n',
    );
    expect(publishedText("insights/x.md", before, TODAY)).toEqual({
      text: article(
        'title: "Quoted: kept"\n# a comment, kept\ndate: 2026-11-28\nauthor: marco-bellini\ntags: [strategy]\n',
      ),
      date: TODAY,
    });
  });

  it("keeps a date set later on purpose", () => {
    const before = article("title: T\ndate: 2027-01-05\ndraft: true\n");
    expect(publishedText("insights/x.md", before, TODAY)).toEqual({ text: article("title: T\ndate: 2027-01-05\n") });
  });

  it("leaves a translation's dates to its original: only the draft goes", () => {
    const before = article("translationOf: x\ntitle: T\ndraft: true\n");
    expect(publishedText("insights/de/x.md", before, TODAY)).toEqual({ text: article("translationOf: x\ntitle: T\n") });
  });

  it.each([
    ["no draft key", "title: T\ndate: 2026-11-01\n"],
    ["draft: false", "title: T\ndraft: false\n"],
    ['draft: "true", a string', 'title: T\ndraft: "true"\n'],
  ])("says an article with %s is no draft", (_name, front) => {
    expect(publishedText("insights/x.md", article(front), TODAY)).toEqual({ notDraft: true });
  });

  it.each([
    ["no front matter", "Just a body.\n"],
    ["a front matter that is a list", article("- a\n- b\n")],
    ["a front matter that does not parse", article("title: [unclosed\n")],
  ])("refuses an article with %s as a text problem (422), not a bug", (_name, text) => {
    expect(() => publishedText("insights/x.md", text, TODAY)).toThrow(UnreadableYaml);
  });
});

describe("the git runner", () => {
  it("says git is missing when it is not on the PATH", async () => {
    const run = await git(tmpdir(), ["--version"], { env: { PATH: "/nonexistent" } });
    expect(run.code).toBeNull();
    expect(run.stderr).toBe("git is not installed (no `git` on the PATH)");
  });

  it("stops git and what it started at the time limit", async () => {
    const started = Date.now();
    // An alias that runs a program of its own: the whole process group is stopped, not git alone.
    const run = await git(tmpdir(), ["-c", "alias.wait=!sleep 30", "wait"], { timeoutMs: 300 });
    expect(run.code).toBeNull();
    expect(run.stderr).toContain("git took longer than 0.3 s and was stopped");
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("keeps no more of its output than the bound", async () => {
    const run = await git(tmpdir(), ["help", "-a"], { maxBytes: 100 });
    expect(run.code).toBe(0);
    expect(run.truncated).toBe(true);
    expect(Buffer.byteLength(run.stdout + run.stderr)).toBeLessThanOrEqual(100);
  });
});
