// The README and every file in docs/ link where they say: a relative link
// goes to a file of the repository, a #fragment to a heading of its file
// (GitHub's anchors), an image to its file, and every guide in docs/ is
// linked from the README.
// Links in code (a Markdown sample, a shell line) are text, not links.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import MarkdownIt, { type Token } from "markdown-it";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const markdown = new MarkdownIt();

/** README.md and every .md file under docs/, as repository paths. */
function documents(): string[] {
  const docs = readdirSync(join(ROOT, "docs"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name.split("\\").join("/")}`);
  return ["README.md", ...docs.sort()];
}

interface Link {
  href: string;
  line: number;
}

/** Every link of a document with the line of the block it is in, and its headings' anchors. */
function read(file: string): { links: Link[]; anchors: Set<string> } {
  const tokens = markdown.parse(readFileSync(join(ROOT, file), "utf8"), {});
  const links: Link[] = [];
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  tokens.forEach((token: Token, index: number) => {
    if (token.type === "heading_open") {
      const text = (tokens[index + 1]?.children ?? [])
        .filter((child) => child.type === "text" || child.type === "code_inline")
        .map((child) => child.content)
        .join("");
      const base = githubAnchor(text);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const child of token.children ?? []) {
      const href =
        child.type === "link_open" ? child.attrGet("href") : child.type === "image" ? child.attrGet("src") : null;
      if (href) links.push({ href: String(href), line: (token.map?.[0] ?? 0) + 1 });
    }
  });
  return { links, anchors };
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as dashes. */
function githubAnchor(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const files = documents();
const parsed = new Map(files.map((file) => [file, read(file)]));

describe("links in the README and docs/", () => {
  it("reads the README and the guides", () => {
    expect(files).toContain("README.md");
    expect(files.length).toBeGreaterThan(5);
  });

  it.each(files)("%s: every relative link and #fragment resolves", (file) => {
    const problems: string[] = [];
    for (const { href, line } of parsed.get(file)?.links ?? []) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue; // https:, mailto:: another site
      const [path = "", fragment] = href.split("#", 2);
      const target = path === "" ? file : relative(ROOT, join(ROOT, dirname(file), decodeURIComponent(path)));
      if (!existsSync(join(ROOT, target))) {
        problems.push(`${file}:${line}: ${href}: no file ${target}`);
        continue;
      }
      if (fragment === undefined || !target.endsWith(".md")) continue;
      const anchors = parsed.get(target)?.anchors ?? read(target).anchors;
      if (!anchors.has(decodeURIComponent(fragment)))
        problems.push(`${file}:${line}: ${href}: ${target} has no heading #${fragment}`);
    }
    expect(problems).toEqual([]);
  });

  it("links every guide in docs/ from the README", () => {
    const fromReadme = new Set(
      (parsed.get("README.md")?.links ?? [])
        .map((link) => link.href.split("#")[0])
        .filter((href) => href?.startsWith("docs/")),
    );
    const guides = files.filter((file) => file.startsWith("docs/"));
    expect(guides.filter((guide) => !fromReadme.has(guide))).toEqual([]);
  });
});
