// A brace typed at a random place of a random text (issue 42, item 2): in a
// data file's text or an article (body and title), a stray `{`, a stray `}`
// or a `{unknown.name}` is an error at the brace's own line:col, exit 1, no
// stack trace; a brace written as a brace (`{{…}}`) passes and generate puts
// one brace on the page. The harness, seed and counts are fuzz.ts's.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fc, test } from "@fast-check/vitest";
import { afterAll, describe, expect } from "vitest";
import { DATA_FILES } from "../../schemas/index.ts";
import { runMain } from "../support/cli.ts";
import {
  ARTICLE_FILES,
  checkRun,
  dataPath,
  fcOptions,
  fileDiff,
  LONG,
  ORIGINALS,
  projectWithArticles,
  shippedText,
  textValues,
} from "./fuzz.ts";

/** Cases per property: fewer than fuzz-properties.test.ts's, as each may also generate. */
const RUNS = Number(process.env.FUZZ_PROPERTY_RUNS ?? (LONG ? 200 : 15));
const options = fcOptions<never>(RUNS, LONG ? 900_000 : 120_000);
const TIMEOUT = LONG ? 1_200_000 : 300_000;

/** A place a brace may be typed: the file, the offset, and how much longer its text may get. */
interface Site {
  file: string;
  offset: number;
  room: number;
}

/** Offsets of `text` inside `[from, to]` where an inserted brace stays one brace of its own. */
function safeOffsets(text: string, from: number, to: number): number[] {
  const braced = [...text.slice(from, to).matchAll(/\{[^{}\n]*\}/g)].map((m) => [
    from + m.index,
    from + m.index + m[0].length,
  ]);
  const out: number[] = [];
  for (let at = from; at <= to; at++) {
    const before = text[at - 1] ?? "";
    const after = text[at] ?? "";
    // Not next to a brace (it would double), after a backslash (an escape), between a quote's two halves, or in code.
    if (/[{}\\`]/.test(before) || /[{}`]/.test(after) || (before === "'" && after === "'")) continue;
    if (braced.some(([start = 0, end = 0]) => at > start && at < end)) continue;
    out.push(at);
  }
  return out;
}

/** Display texts (one line or a paragraph) of the English data files, on their first line, not in a flow list. */
function dataSites(): Site[] {
  const sites: Site[] = [];
  for (const { file } of DATA_FILES) {
    const text = ORIGINALS.get(file) ?? "";
    for (const { node, kind, max } of textValues(file)) {
      if ((kind !== "line" && kind !== "prose") || !max || !node.range) continue;
      const [start, valueEnd] = node.range;
      const lineStart = text.lastIndexOf("\n", start - 1) + 1;
      if (!/^\s*(?:- )?(?:[\w-]+: +)?(?:- )?$/.test(text.slice(lineStart, start))) continue;
      let from = start + 1;
      let to = text[valueEnd - 1] === "\n" ? valueEnd - 1 : valueEnd;
      if (node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE") to -= 1;
      if (node.type === "BLOCK_FOLDED" || node.type === "BLOCK_LITERAL") {
        const content = text.indexOf("\n", start) + 1;
        from = content + (text.slice(content).match(/^ */)?.[0].length ?? 0) + 1;
      }
      const lineEnd = text.indexOf("\n", from);
      to = Math.min(to, lineEnd === -1 ? to : lineEnd);
      const room = max - [...String(node.value)].length;
      for (const offset of safeOffsets(text, from, to)) sites.push({ file, offset, room });
    }
  }
  return sites;
}

/** An article's title and the lines of its paragraphs (no heading, list, table, quote or code). */
function articleSites(published: boolean): Site[] {
  const sites: Site[] = [];
  for (const file of ARTICLE_FILES) {
    const text = ORIGINALS.get(file) ?? "";
    if (published && /^draft: true$/m.test(text)) continue;
    const lines = text.split("\n");
    const close = lines.indexOf("---", 1);
    let offset = 0;
    let fenced = false;
    lines.forEach((line, i) => {
      const start = offset;
      offset += line.length + 1;
      if (line.startsWith("```")) fenced = !fenced;
      const title = /^title: (?!")/.test(line);
      if (fenced || (i <= close && !title) || !/^[A-Za-z]/.test(line)) return;
      const from = start + (title ? "title: ".length + 1 : 0);
      const room = title ? 90 - (line.length - "title: ".length) : 2000;
      for (const at of safeOffsets(text, from, start + line.length)) sites.push({ file, offset: at, room });
    });
  }
  return sites;
}

const DATA_SITES = dataSites();
const ARTICLE_SITES = articleSites(false);
const PUBLISHED_SITES = articleSites(true);

const STRAYS = ["{", "}", "{unknown.name}"] as const;

interface Typed {
  site: Site;
  typed: string;
}

/** A case printed as the diff of the file it writes. */
const typedAt = (sites: readonly Site[], typed: fc.Arbitrary<string>) =>
  fc
    .record({ site: fc.constantFrom(...sites), typed })
    .filter(({ site, typed }) => typed.length <= site.room)
    .map((c) =>
      Object.assign(c, {
        [fc.toStringMethod]: () =>
          fileDiff(`data/${dataPath(c.site.file)}`, ORIGINALS.get(c.site.file) ?? "", written(c)),
      }),
    );

function written({ site, typed }: Typed): string {
  const original = ORIGINALS.get(site.file) ?? "";
  return original.slice(0, site.offset) + typed + original.slice(site.offset);
}

const project = projectWithArticles();
const out = mkdtempSync(join(tmpdir(), "fuzz-braces-out-"));
afterAll(() => {
  project.cleanup();
  rmSync(out, { recursive: true, force: true });
});

/** Validates the project with `typed` in its file (in-process), then puts the original back. */
async function validateTyped(c: Typed, generate = false) {
  const path = join(project.data, dataPath(c.site.file));
  const text = written(c);
  writeFileSync(path, text);
  try {
    const run = await runMain(["validate", "--data", project.data, "--format", "json"]);
    const diagnostics = checkRun(run, (shown) => (shown === path ? text : shippedText(shown)));
    const generated = generate
      ? await runMain(["generate", "--data", project.data, "--out", out, "--format", "json"])
      : undefined;
    return { run, diagnostics, path, text, generated };
  } finally {
    writeFileSync(path, ORIGINALS.get(c.site.file) ?? "");
  }
}

/** Every file generate wrote, as one text. */
function generatedText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), "utf8"))
    .join("\n");
}

describe("a brace typed anywhere in a text is an error at the brace, exit 1", () => {
  test.prop([typedAt([...DATA_SITES, ...ARTICLE_SITES], fc.constantFrom(...STRAYS))], options)(
    "a stray {, a stray } or a {unknown.name} in a data file's text or an article",
    async (c) => {
      const { run, diagnostics, path, text } = await validateTyped(c);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(1);
      const line = text.slice(0, c.site.offset).split("\n").length;
      const column = c.site.offset - text.lastIndexOf("\n", c.site.offset - 1);
      const here = diagnostics.filter(
        (d) => d.file === path && d.severity === "error" && d.line === line && d.column === column,
      );
      expect(
        here.map((d) => d.message),
        JSON.stringify(diagnostics.filter((d) => d.file === path)),
      ).toContainEqual(expect.stringMatching(/is never closed|without its|is not a token/));
    },
    TIMEOUT,
  );
});

describe("a brace written as a brace passes and is one brace on the page", () => {
  const word = fc.stringMatching(/^[a-z]{4,10}$/).map((w) => `{{brace-${w}}}`);

  test.prop([typedAt([...DATA_SITES, ...PUBLISHED_SITES], word)], { ...options, numRuns: Math.ceil(RUNS / 2) })(
    "{{…}} in a data file's text or a published article: valid, and generated as {…}",
    async (c) => {
      const { run, diagnostics, path, generated } = await validateTyped(c, true);
      expect(diagnostics.filter((d) => d.file === path)).toEqual([]);
      expect(run.code, run.stdout).toBe(0);
      expect(generated?.stderr).toBe("");
      expect(generated?.code).toBe(0);
      const pages = generatedText(out);
      expect(pages).toContain(c.typed.slice(1, -1));
      expect(pages).not.toContain(c.typed);
    },
    TIMEOUT,
  );
});
