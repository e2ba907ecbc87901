// A translated article's English side, field by field, from a real
// validation of a copy of data/ whose English title changed.
import { readFileSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { validateContent } from "../../content/content.ts";
import type { ContentResult } from "../../content/results.ts";
import { articleSource, articleTranslation } from "../../editor/server/article-source.ts";
import { projectRoot } from "./support.ts";

let root: string;
let result: ContentResult;
const dataDir = () => join(root, "data");
const OLD = "CRM hygiene: the few fields and rules that make a pipeline trustworthy";
const NEW = "CRM hygiene: the fields and rules that make a pipeline trustworthy";

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "article-source-"));
  await cp(join(projectRoot, "data"), dataDir(), { recursive: true });
  const path = join(dataDir(), "insights", "crm-hygiene.md");
  const text = await readFile(path, "utf8");
  expect(text).toContain(OLD);
  await writeFile(path, text.replace(OLD, NEW));
  result = await validateContent(dataDir(), { cache: false });
}, 60_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const diagnosticsOf = (slug: string) =>
  result.diagnostics.filter(
    (d) => d.file.endsWith(`/data/insights/de/${slug}.md`) || d.file === `data/insights/de/${slug}.md`,
  );

describe("a translated article's English source", () => {
  it("names the language and the slug of a translated article only", () => {
    expect(articleTranslation("insights/de/crm-hygiene.md", ["de"])).toEqual({ code: "de", slug: "crm-hygiene" });
    expect(articleTranslation("insights/crm-hygiene.md", ["de"])).toBeUndefined();
    expect(articleTranslation("insights/fr/crm-hygiene.md", ["de"])).toBeUndefined();
    expect(articleTranslation("insights/de/../x.md", ["de"])).toBeUndefined();
  });

  it("marks the changed title stale with the English it was translated from (the lock's), the rest current", () => {
    const mine = diagnosticsOf("crm-hygiene");
    expect(mine.filter((d) => d.stale).map((d) => d.path)).toEqual(["title"]);
    const source = articleSource(dataDir(), result, "de", "crm-hygiene", mine, true);
    const lock = parse(readFileSync(join(dataDir(), "de", "articles.lock.yaml"), "utf8"));
    expect(source?.path).toBe("insights/crm-hygiene.md");
    expect(source?.fields.map((f) => [f.field, f.state])).toEqual([
      ["title", "stale"],
      ["description", "current"],
      ["body", "current"],
    ]);
    expect(source?.fields[0]).toMatchObject({ english: NEW, was: lock["crm-hygiene.title"].en });
    expect(lock["crm-hygiene.title"].en).toBe(OLD);
  });

  it("an article with no translation yet: every field missing, with its English", () => {
    const source = articleSource(dataDir(), result, "de", "sdr-ramp", [], false);
    expect(source?.fields.every((f) => f.state === "missing" && f.english.length > 0)).toBe(true);
    expect(articleSource(dataDir(), result, "de", "no-such-article", [], false)).toBeUndefined();
  });
});
