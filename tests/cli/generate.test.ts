// The real `generate` and `schema` processes: what they write, and that they
// write nothing (and touch nothing) when the data has errors.
import { readdirSync, readFileSync, rmSync, statSync, utimesSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DERIVED_MODULES, renderModules } from "../../cli/lib/generate.ts";
import { renderJsonSchemas } from "../../cli/lib/json-schema.ts";
import { validateDataDir } from "../../cli/lib/validate.ts";
import { DATA_FILES, type DataSet } from "../../schemas/index.ts";
import { blockOf, ensureBundle, makeProject, replace, runCli } from "./support.ts";

beforeAll(ensureBundle);

// A module per data file; insights.yaml also gives the article index, articles.json.
const ENGLISH = [
  ...DATA_FILES.flatMap((entry) => [
    entry.file.replace(/\.yaml$/, ".ts"),
    ...(entry.key === "insights" ? ["articles.json"] : []),
  ]),
  ...DERIVED_MODULES,
].sort();
/** The English modules, and the same in de/ (docs/i18n.md, C2). */
const MODULES = [...ENGLISH, ...ENGLISH.map((name) => `de/${name}`)].sort();
/** A time no run of the CLI can produce: a file that still has it was not rewritten. */
const LONG_AGO = new Date("2001-02-03T04:05:06Z");

/** Every file under `dir` (articles/ included) with its bytes and modification time. */
function snapshotDir(dir: string) {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .sort()
      .map((path) => [relative(dir, path), { bytes: readFileSync(path, "utf8"), mtime: statSync(path).mtimeMs }]),
  );
}

describe("generate", () => {
  // The data files' modules only: articles have tests of their own (generate-articles.test.ts).
  const project = makeProject();
  rmSync(join(project.data, "insights"), { recursive: true, force: true });
  afterAll(project.cleanup);
  const out = join(project.root, "out");

  it("writes one module per data file, each what renderModules renders, with the do-not-edit line", async () => {
    const run = await runCli(["generate", "--out", "out"], { cwd: project.root });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split("\n").at(-1)).toBe(
      `generated ${MODULES.length} modules in out (${MODULES.length} changed)`,
    );
    expect(readdirSync(out).sort()).toEqual([...ENGLISH, "de"].sort());
    expect(
      readdirSync(join(out, "de"))
        .sort()
        .map((name) => `de/${name}`),
    ).toEqual(MODULES.filter((name) => name.startsWith("de/")));

    const result = await validateDataDir(project.data);
    const others = result.translations.map((translations) => ({ code: translations.code, translations }));
    for (const module of renderModules(result.data as DataSet, [], others)) {
      const written = readFileSync(join(out, module.name), "utf8");
      expect(written, module.name).toBe(module.content);
      if (module.name.endsWith("articles.json")) {
        expect(JSON.parse(written), module.name).toEqual([]);
        continue;
      }
      const source = module.name.replace(/\.ts$/, ".yaml");
      if ((DERIVED_MODULES as readonly string[]).includes(module.name.replace(/^de\//, ""))) continue;
      if (module.name.startsWith("de/")) {
        const english = source.slice(3);
        const firstLine = written.slice(0, written.indexOf("\n"));
        expect(firstLine.startsWith(`// Generated from data/${english}`), module.name).toBe(true);
        expect(firstLine, module.name).toContain(`data/de/${english}`);
        expect(written).not.toMatch(/\{(firm|stats)\./);
        continue;
      }
      expect(written.startsWith(`// Generated from data/${source} by \`npm run generate\`. Do not edit.\n`)).toBe(true);
      expect(written).not.toMatch(/\{(firm|stats)\./);
    }
  });

  it("is deterministic: a second run changes nothing and rewrites nothing", async () => {
    for (const name of MODULES) utimesSync(join(out, name), LONG_AGO, LONG_AGO);
    const before = snapshotDir(out);

    const run = await runCli(["generate", "--out", "out"], { cwd: project.root });
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split("\n").at(-1)).toBe(`generated ${MODULES.length} modules in out (0 changed)`);
    expect(snapshotDir(out)).toEqual(before);
    expect(Object.values(before).every((file) => file.mtime === LONG_AGO.getTime())).toBe(true);
  });

  it("gives byte-identical output in a fresh folder", async () => {
    const run = await runCli(["generate", "--out", "out-again"], { cwd: project.root });
    expect(run.code).toBe(0);
    const again = join(project.root, "out-again");
    for (const name of MODULES) {
      expect(readFileSync(join(again, name), "utf8"), name).toBe(readFileSync(join(out, name), "utf8"));
    }
  });
});

describe("generate on data with errors", () => {
  const project = makeProject();
  afterAll(project.cleanup);
  const out = join(project.root, "out");

  it.each([
    [
      "one error",
      { "consultants.yaml": replace("arrRange: 5M-50M", "arrRange: 5-50") },
      'data/consultants.yaml:35:15 error  consultants[1].arrRange: must be a range like "2M-25M", got "5-50"',
      "nothing generated: fix the error above first\n",
    ],
    [
      "two errors in two files",
      {
        "consultants.yaml": replace("arrRange: 5M-50M", "arrRange: 5M-60M"),
        "clients.yaml": replace("name: Salesgrid", "name: pipewell"),
      },
      'data/clients.yaml:13:11 error  clients[8].name: duplicate client name (ignoring case) "pipewell": already used by clients[2]',
      "nothing generated: fix the 2 errors above first\n",
    ],
  ])("%s: exits 1, reports it, and leaves the earlier output untouched", async (_name, edits, head, notice) => {
    const good = await runCli(["generate", "--out", "out"], { cwd: project.root });
    expect(good.code).toBe(0);
    for (const name of MODULES) utimesSync(join(out, name), LONG_AGO, LONG_AGO);
    const before = snapshotDir(out);

    const broken = makeProject(edits);
    try {
      const run = await runCli(["generate", "--out", out], { cwd: broken.root });
      expect(run.code).toBe(1);
      expect(blockOf(run.stdout, head), run.stdout).toBeDefined();
      expect(run.stderr).toBe(notice);
      expect(run.stdout).not.toContain("generated");
    } finally {
      broken.cleanup();
    }
    // Same names (no temp files left), same bytes, same times: nothing was written.
    expect(snapshotDir(out)).toEqual(before);
  });

  it("does not even create the output folder", async () => {
    const broken = makeProject({ "consultants.yaml": replace("arrRange: 5M-50M", "arrRange: 5-50") });
    try {
      const run = await runCli(["generate", "--out", "never"], { cwd: broken.root });
      expect(run.code).toBe(1);
      expect(statSync(join(broken.root, "never"), { throwIfNoEntry: false })).toBeUndefined();
    } finally {
      broken.cleanup();
    }
  });
});

describe("schema", () => {
  const project = makeProject();
  afterAll(project.cleanup);

  it("writes a draft-07 JSON Schema per data file, as renderJsonSchemas renders them", async () => {
    const run = await runCli(["schema", "--out", "json"], { cwd: project.root });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`wrote ${DATA_FILES.length} JSON Schemas to json (${DATA_FILES.length} changed)\n`);
    const rendered = renderJsonSchemas();
    expect(readdirSync(join(project.root, "json")).sort()).toEqual(rendered.map((s) => s.name).sort());
    for (const schema of rendered) {
      const written = readFileSync(join(project.root, "json", schema.name), "utf8");
      expect(written).toBe(schema.content);
      expect(JSON.parse(written).$schema).toBe("http://json-schema.org/draft-07/schema#");
    }
  });
});
