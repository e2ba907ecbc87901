// Every data text that may carry a phrase marker is shown through `Phrased`
// (docs/i18n.md §7). A build in a temporary copy of the project (dist/ is not
// touched) where the first word of every translatable text (line and prose,
// English and German, every data file) is marked `[word]{lang=…}`: no built
// page shows a raw marker, and each marked text shows its phrase in an element
// of its language, or as plain words where a text is plain (title, meta,
// attributes, <option>). A component that prints a data text as it is fails here.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isMap, isPair, isScalar, isSeq, parseDocument as parseYaml, visit } from "yaml";
import { DATA_FILES } from "../../schemas/index.ts";
import { textMetaAt } from "../../schemas/text.ts";
// @ts-expect-error: a plain .mjs helper of the build scripts, without types
import { projectWithArticles } from "../../scripts/lib/build-project.mjs";

const RAW_MARKER = /\]\{\s*lang\s*=/;
const PAGE_DATA = /<script id="vike_(?:page|global)Context" type="application\/json">[\s\S]*?<\/script>/g;
/** A word to mark: letters only, not part of a token (`{firm.name}`) or a dotted name. */
const WORD = /(?<![\p{L}{.])\p{L}{3,}(?![\p{L}}.])/u;

let dir = "";
/** Every phrase marked, by the language of the file it is in: "en" → ["Growth", …]. */
const marked = new Map<string, Set<string>>();

/** The data path of a scalar from yaml's visitor ancestors: ["phases", 2, "title"]. */
function dataPath(ancestors: readonly unknown[], node: unknown): (string | number)[] {
  const path: (string | number)[] = [];
  const chain = [...ancestors, node];
  chain.forEach((at, i) => {
    const next = chain[i + 1];
    if (isPair(at) && next === at.value && isScalar(at.key)) path.push(String(at.key.value));
    if (isSeq(at) && next !== undefined) path.push(at.items.indexOf(next as never));
  });
  return path;
}

/** Marks the first word of every translatable text of `file` (a data file or its translation) in place. */
function markTexts(file: string, schema: (typeof DATA_FILES)[number]["schema"], lang: string, phraseLang: string) {
  const path = join(dir, "data", file);
  if (!existsSync(path)) return;
  const document = parseYaml(readFileSync(path, "utf8"));
  const phrases = marked.get(lang) ?? new Set<string>();
  marked.set(lang, phrases);
  visit(document, {
    Scalar(_key, node, ancestors) {
      if (typeof node.value !== "string") return;
      const parent = ancestors.at(-1);
      if (isPair(parent) && parent.key === node) return; // a key, not a text
      if (isMap(parent)) return;
      const meta = textMetaAt(schema, dataPath(ancestors, node));
      if (!meta?.translatable || (meta.kind !== "line" && meta.kind !== "prose")) return;
      const text = node.value;
      if (text.includes("]{lang=")) return; // marked already
      const word = text.match(WORD);
      if (!word || word.index === undefined) return;
      node.value = `${text.slice(0, word.index)}[${word[0]}]{lang=${phraseLang}}${text.slice(word.index + word[0].length)}`;
      phrases.add(word[0]);
    },
  });
  writeFileSync(path, document.toString({ lineWidth: 0 }));
}

/** Runs a step of the project in the copy; a failure shows what the step said. */
function run(args: string[], env: NodeJS.ProcessEnv): void {
  try {
    execFileSync(process.execPath, args, { cwd: dir, env, stdio: "pipe", encoding: "utf8" });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${args.join(" ")} failed:\n${stdout ?? ""}${stderr ?? ""}`);
  }
}

function htmlFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".html"))
    .map((name) => join(root, name));
}

describe("a build where every translatable data text carries a phrase marker", () => {
  beforeAll(() => {
    dir = projectWithArticles(0);
    for (const { file, schema } of DATA_FILES) {
      // The marked phrase is said in the other language: German in English texts, English in German ones.
      markTexts(file, schema, "en", "de");
      markTexts(`de/${file}`, schema, "de", "en");
    }
    const env = { ...process.env, NO_COLOR: "1", CONTENT_CACHE_DIR: join(dir, ".content-cache") };
    run(["bin/content.mjs", "validate"], env);
    run(["engine/build.mjs"], { ...env, BUILD_CACHE_DIR: join(dir, ".build-cache") });
  }, 600_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("marks texts in every data file that has them, in both languages", () => {
    expect(marked.get("en")?.size).toBeGreaterThan(50);
    expect(marked.get("de")?.size).toBeGreaterThan(50);
  });

  it("shows no raw marker on any page: each marked text went through Phrased or plainText", () => {
    const pages = htmlFiles(join(dir, "dist", "client"));
    expect(pages.length).toBeGreaterThan(20);
    // Each raw marker once, with the first page that shows it: a component shows the same text on many pages.
    const raw = new Map<string, string>();
    for (const page of pages) {
      const html = readFileSync(page, "utf8").replace(PAGE_DATA, "");
      for (const match of html.matchAll(new RegExp(RAW_MARKER, "g"))) {
        const context = html.slice(Math.max(0, match.index - 60), match.index + 12);
        if (!raw.has(context)) raw.set(context, page.slice(join(dir, "dist", "client").length + 1));
      }
    }
    expect([...raw].map(([context, page]) => `${page}: …${context}`)).toEqual([]);
  });

  it("puts marked phrases in elements of their language", () => {
    const spans = new Map<string, number>();
    for (const page of htmlFiles(join(dir, "dist", "client"))) {
      const document = parseDocument(readFileSync(page, "utf8"));
      for (const span of DomUtils.findAll(
        (e) => e.name === "span" && e.attribs.lang !== undefined,
        document.children,
      )) {
        const lang = span.attribs.lang ?? "";
        spans.set(lang, (spans.get(lang) ?? 0) + 1);
      }
    }
    expect(spans.get("de") ?? 0).toBeGreaterThan(100);
    expect(spans.get("en") ?? 0).toBeGreaterThan(100);
  });
});
