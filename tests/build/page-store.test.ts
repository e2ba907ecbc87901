// The page cache's packs (engine/page-store.mjs): what a build appends is
// found by the next once the index names it, whole or not at all; packs no
// entry uses go, half-empty ones are rewritten; a pack gone under a build
// means the page is rendered, never an error.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs module of the build engine, typed in JSDoc
import { commitIndex, pageStore, readIndex } from "../../engine/page-store.mjs";

type Stored = [string, number, number, number];
let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "page-store-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const page = (n: number) => ({
  html: Buffer.from(`<!doctype html><title>page ${n}</title>${"x".repeat(n * 10)}`),
  json: Buffer.from(JSON.stringify({ n })),
});

/** A build that stores `keys` (a page each) and commits them; returns where each went. */
function build(name: string, keys: number[]): Map<string, Stored> {
  const store = pageStore(dir, name);
  const used = new Map<string, Stored>();
  for (const n of keys) used.set(`key-${n}`, store.add(page(n).html, page(n).json));
  return used;
}

describe("the page store", () => {
  it("a committed page is found with its bytes; a 404 page has no page data; an unknown key is null", () => {
    const used = build("a", [1, 2, 3]);
    const store404 = pageStore(dir, "b");
    used.set("not-found", store404.add(Buffer.from("<!doctype html><title>404</title>"), null));
    commitIndex(dir, used);
    const next = pageStore(dir, "c");
    for (const n of [1, 2, 3]) {
      const found = next.find(`key-${n}`);
      expect(found?.html.equals(page(n).html)).toBe(true);
      expect(found?.json?.equals(page(n).json)).toBe(true);
    }
    expect(next.find("not-found")?.json).toBeNull();
    expect(next.find("key-9")).toBeNull();
  });

  it("a build that stopped before its index was written left a pack no one reads, removed by the next commit", () => {
    commitIndex(dir, build("first", [1]));
    build("stopped", [2, 3]);
    expect(readdirSync(dir).filter((name) => name.startsWith("stopped"))).toHaveLength(1);
    expect(pageStore(dir, "x").find("key-2")).toBeNull();
    const { removed } = commitIndex(dir, readIndex(dir));
    expect(removed).toBe(1);
    expect(readdirSync(dir).filter((name) => name.startsWith("stopped"))).toEqual([]);
    expect(pageStore(dir, "y").find("key-1")?.html.equals(page(1).html)).toBe(true);
  });

  it("a pack less than half used is rewritten with what is used, and the store still finds every page", () => {
    const used = build("big", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    commitIndex(dir, used);
    const before = readdirSync(dir).find((name) => name.startsWith("big")) ?? "";
    const keep = new Map([...readIndex(dir)].filter(([key]) => key === "key-3" || key === "key-10"));
    const { compacted, removed } = commitIndex(dir, keep);
    expect(compacted).toBe(1);
    expect(removed).toBe(1);
    expect(existsSync(join(dir, before))).toBe(false);
    const packs = readdirSync(dir).filter((name) => name.endsWith(".pack"));
    expect(packs).toHaveLength(1);
    expect(statSync(join(dir, packs[0] ?? "")).size).toBe(
      [3, 10].reduce((sum, n) => sum + page(n).html.length + page(n).json.length, 0),
    );
    const store = pageStore(dir, "after");
    expect(store.find("key-10")?.html.equals(page(10).html)).toBe(true);
    expect(store.find("key-3")?.json?.equals(page(3).json)).toBe(true);
    expect(store.find("key-4")).toBeNull();
  });

  it("a pack removed or cut short under a build makes its pages misses (rendered), not errors", () => {
    commitIndex(dir, build("gone", [1, 2]));
    const store = pageStore(dir, "reader");
    const pack = readdirSync(dir).find((name) => name.endsWith(".pack")) ?? "";
    writeFileSync(join(dir, pack), "short");
    expect(store.find("key-2")).toBeNull();
    rmSync(join(dir, pack));
    expect(pageStore(dir, "again").find("key-1")).toBeNull();
  });

  it("an index of another layout, or not JSON, reads as empty", () => {
    writeFileSync(join(dir, "index.json"), "{ not json");
    expect(readIndex(dir).size).toBe(0);
    writeFileSync(join(dir, "index.json"), JSON.stringify({ version: 0, pages: { a: ["p", 0, 1, 1] } }));
    expect(readIndex(dir).size).toBe(0);
  });
});
