// The build's cache key (engine/cache.mjs): what it covers of the
// generated data. Every language's shared data is in it (an edit re-renders
// every page); the articles are not (they reach a page through its hooks,
// so pageKey covers them, page by page).
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// cache.mjs is plain JavaScript without declarations: typed here by what the test uses.
const { buildKey, pageKey } = (await import("../../engine/cache.mjs" as string)) as {
  buildKey: (root: string, clientDir: string) => string;
  pageKey: (build: string, pageContext: object) => { key: string | null; reason: string | null };
};
const root = mkdtempSync(join(tmpdir(), "build-key-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const client = join(root, "dist/client");
mkdirSync(client, { recursive: true });
cpSync(resolve("site/generated"), join(root, "site/generated"), { recursive: true });

const write = (file: string, text: string) => writeFileSync(join(root, "site/generated", file), text);

describe("the page key", () => {
  it("covers the fields the page's hooks set, not Vike's own", () => {
    const { key, reason } = pageKey("build", { data: { title: "A" }, urlParsed: { href: "/" } });
    expect(reason).toBeNull();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(pageKey("build", { data: { title: "B" }, urlParsed: { href: "/" } }).key).not.toBe(key);
    expect(pageKey("build", { data: { title: "A" }, urlParsed: { href: "/x" } }).key).toBe(key);
  });

  it("has no key for a field it cannot serialize, and says which (the build prints it once)", () => {
    class Loader {}
    expect(pageKey("build", { data: { items: [1, { load: () => 1 }] } })).toEqual({
      key: null,
      reason: "pageContext.data.items[1].load is a function",
    });
    expect(pageKey("build", { vikeAddedThis: new Loader() }).reason).toBe(
      "pageContext.vikeAddedThis is an instance of Loader",
    );
  });
});

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

// bundle.mjs: what `vike build` reads. Without the articles too (the sitemap and the feeds are written again
// from them after a restore); with the code outside site/ that the bundles hold.
const { bundleKey } = (await import("../../engine/bundle.mjs" as string)) as {
  bundleKey: (root: string) => string;
};

describe("the bundle key", () => {
  it("does not change with the articles", () => {
    const before = bundleKey(root);
    write("articles.json", '[{"slug":"another"}]\n');
    write("de/articles/another-article.html", "<p>another</p>\n");
    expect(bundleKey(root)).toBe(before);
  });

  it("changes with shared data and with code outside site/ (schemas/, security/)", () => {
    let before = bundleKey(root);
    write("site.ts", "// an edited firm name\nexport const site = {};\n");
    expect(bundleKey(root)).not.toBe(before);
    for (const file of ["schemas/phrases.ts", "security/headers.ts"]) {
      before = bundleKey(root);
      mkdirSync(join(root, file, ".."), { recursive: true });
      writeFileSync(join(root, file), `// ${file}, edited\n`);
      expect(bundleKey(root), file).not.toBe(before);
    }
  });
});

describe("the build key covers the server bundle", () => {
  it("changes with dist/server (code outside site/ renders pages too)", () => {
    const before = buildKey(root, client);
    mkdirSync(join(root, "dist/server/chunks"), { recursive: true });
    writeFileSync(join(root, "dist/server/chunks/chunk-edited.js"), "export const edited = 1;\n");
    expect(buildKey(root, client)).not.toBe(before);
  });
});
