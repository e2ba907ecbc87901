// engine/precompress-journal.mjs: after a first precompress, the next looks
// only at the files the build's writers noted since, and at every file again
// once dist/client was replaced whole.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: plain .mjs modules of the build engine
import { precompress } from "../../engine/compress.mjs";
// @ts-expect-error: plain .mjs modules of the build engine
import { forgetPrecompressed, journal } from "../../engine/precompress-journal.mjs";
import { ROOT } from "../support/cli.ts";

type Found = { count: number; bytes: number; left: number; orphans: number; everyFile: boolean };
const run = (client: string, dist: string) => precompress(client, { dist }) as Promise<Found>;

const dist = mkdtempSync(join(tmpdir(), "precompress-journal-"));
const client = join(dist, "client");
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** A page of `word` repeated: well over the size worth compressing. */
const page = (word: string) => `<!doctype html><title>${word}</title>${`<p>${word}</p>`.repeat(400)}`;
/** Writes a page as the render threads do: its twins unlinked, the file written, and noted when `noted`. */
function writePage(name: string, word: string, noted: boolean) {
  const path = join(client, name);
  for (const twin of [".br", ".gz"]) rmSync(`${path}${twin}`, { force: true });
  writeFileSync(path, page(word));
  if (!noted) return;
  const pages = journal(dist, "pages");
  pages.note(name);
  pages.close();
}
const twinsSay = (name: string) => {
  const path = join(client, name);
  if (!existsSync(`${path}.br`) || !existsSync(`${path}.gz`)) return null;
  const br = brotliDecompressSync(readFileSync(`${path}.br`)).toString();
  expect(gunzipSync(readFileSync(`${path}.gz`)).toString()).toBe(br);
  return br;
};

describe("precompress with the build's journal", () => {
  it("looks at every file first, then only at those written since, and at every file after dist/client is replaced", async () => {
    mkdirSync(join(client, "about"), { recursive: true });
    writePage("index.html", "home", false);
    writePage("about/index.html", "about", false);
    expect(await run(client, dist)).toMatchObject({ count: 2, everyFile: true });
    expect(twinsSay("index.html")).toBe(page("home"));

    // Nothing written since: nothing looked at.
    expect(await run(client, dist)).toEqual({ count: 0, bytes: 0, left: 0, orphans: 0, everyFile: false });

    // One page written and noted; another changed behind the journal's back is not looked at.
    writePage("index.html", "home again", true);
    writePage("about/index.html", "about again", false);
    expect(await run(client, dist)).toMatchObject({ count: 1, left: 0, everyFile: false });
    expect(twinsSay("index.html")).toBe(page("home again"));
    expect(twinsSay("about/index.html")).toBeNull();

    // A page noted, then removed with its twins left behind: its twins go.
    writePage("gone.html", "gone", true);
    expect(await run(client, dist)).toMatchObject({ count: 1, everyFile: false });
    unlinkSync(join(client, "gone.html"));
    writePage("index.html", "home", true);
    const pages = journal(dist, "pages");
    pages.note("gone.html");
    pages.close();
    expect(await run(client, dist)).toMatchObject({ count: 1, orphans: 2, everyFile: false });
    expect(existsSync(join(client, "gone.html.br"))).toBe(false);

    // dist/client replaced whole (vike build, a stored bundle): every file again.
    forgetPrecompressed(dist);
    expect(await run(client, dist)).toMatchObject({ count: 1, everyFile: true });
    expect(twinsSay("about/index.html")).toBe(page("about again"));
  });

  it("keeps no journal while precompress has not run", () => {
    const fresh = mkdtempSync(join(tmpdir(), "precompress-journal-"));
    try {
      const pages = journal(fresh, "pages");
      pages.note("index.html");
      pages.close();
      expect(existsSync(join(fresh, "precompress"))).toBe(false);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});

describe("node engine/precompress.mjs --all", () => {
  it("is a known option; an unknown one is a usage error that names it", () => {
    const run = (args: string[]) =>
      spawnSync(process.execPath, [join(ROOT, "engine/precompress.mjs"), ...args], { cwd: ROOT, encoding: "utf8" });
    const unknown = run(["--everything"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("--all (look at every file");
  });
});
