// The build's cache key (scripts/build/cache.mjs): what it covers of the
// generated data. Every language's shared data is in it (an edit re-renders
// every page); the articles are not (they reach a page through its hooks,
// so pageKey covers them, page by page).
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// cache.mjs is plain JavaScript without declarations: typed here by what the test uses.
const { buildKey } = (await import("../../scripts/build/cache.mjs" as string)) as {
  buildKey: (root: string, clientDir: string) => string;
};
const root = mkdtempSync(join(tmpdir(), "build-key-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const client = join(root, "dist/client");
mkdirSync(client, { recursive: true });
cpSync(resolve("site/generated"), join(root, "site/generated"), { recursive: true });

const write = (file: string, text: string) => writeFileSync(join(root, "site/generated", file), text);

describe("the build key", () => {
  it("changes with another language's shared data (site/generated/de/*.ts)", () => {
    const before = buildKey(root, client);
    write("de/site.ts", "// an edited German navigation label\nexport const nav = [];\n");
    expect(buildKey(root, client)).not.toBe(before);
  });

  it("does not change with the articles: the index and the bodies, in any language", () => {
    const before = buildKey(root, client);
    write("articles.json", "[]\n");
    write("de/articles.json", "[]\n");
    mkdirSync(join(root, "site/generated/de/articles"), { recursive: true });
    write("de/articles/new-article.html", "<p>new</p>\n");
    expect(buildKey(root, client)).toBe(before);
  });
});
