// `generate`: the real `generate` and `schema` processes (what they write, and
// that they write nothing and touch nothing when the data has errors), then
// renderModules in memory from the shipped data (what each module holds).
import { readdirSync, readFileSync, rmSync, statSync, utimesSync } from "node:fs";
import { join, relative } from "node:path";
import { transformSync } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DERIVED_MODULES, renderModules } from "../../content/generate.ts";
import { renderJsonSchemas } from "../../content/json-schema.ts";
import { TABLES_DIR } from "../../content/locale-tables.ts";
import { validateDataDir } from "../../content/validate.ts";
import { DATA_FILES, type DataSet } from "../../schemas/index.ts";
import { inquirySchemaInput } from "../../schemas/inquiry.ts";
import type * as generatedHome from "../../site/generated/home.ts";
import { blockOf, DATA, ensureBundle, makeProject, replace, runCli, shipped } from "../support/cli.ts";

beforeAll(ensureBundle);

// A module per data file; insights.yaml also gives the article index, articles.json.
const ENGLISH = [
  ...DATA_FILES.flatMap((entry) => [
    entry.file.replace(/\.yaml$/, ".ts"),
    ...(entry.key === "insights" ? ["articles.json"] : []),
  ]),
  ...DERIVED_MODULES,
].sort();
/** Each English module's tables of its languages (content/locale-tables.ts): every language at once, and lazily. */
const TABLES = ENGLISH.filter((name) => name.endsWith(".ts")).flatMap((name) => [
  `${TABLES_DIR}/${name}`,
  `${TABLES_DIR}/${name.replace(/\.ts$/, ".lazy.ts")}`,
]);
/** The English modules, the same in de/ (docs/i18n.md, C2), and the tables. */
const MODULES = [...ENGLISH, ...ENGLISH.map((name) => `de/${name}`), ...TABLES].sort();
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
    expect(readdirSync(out).sort()).toEqual([...ENGLISH, "de", TABLES_DIR].sort());
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
      if (module.name.startsWith(`${TABLES_DIR}/`)) {
        expect(written.startsWith("// Generated from data/locales.yaml by `npm run generate`. Do not edit.\n")).toBe(
          true,
        );
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

const moduleName = (file: string) => file.replace(/\.yaml$/, ".ts");

/** Runs a generated module (TypeScript, `as const`) and returns its exports. */
function evaluate(content: string): Record<string, unknown> {
  const { code } = transformSync(content, { loader: "ts", format: "cjs" });
  const module = { exports: {} as Record<string, unknown> };
  new Function("module", "exports", code)(module, module.exports);
  return module.exports;
}

/** The YAML as written with its tokens replaced: an oracle that does not share code with the generator. */
function expectedExports(file: string): Record<string, unknown> {
  const site = shipped<{ firm: Record<string, string> }>("site.yaml");
  const stats = shipped<{ stats: Record<string, { value: string }> }>("stats.yaml");
  const retention = shipped<{ retention: Record<string, number> }>("legal.yaml").retention;
  const titleCase = (text: string) =>
    text
      .split(/(?<=[\s-])/)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join("");
  const substitute = (text: string): string =>
    text.replace(
      /\{(firm|stats|retention)\.(\w+)(:title)?\}/g,
      (_token, scope: string, key: string, title?: string) => {
        const value =
          scope === "firm"
            ? substitute(String(site.firm[key]))
            : scope === "stats"
              ? String(stats.stats[key]?.value)
              : String(retention[key]);
        return title ? titleCase(value) : value;
      },
    );
  const walk = (value: unknown): unknown =>
    typeof value === "string"
      ? substitute(value)
      : Array.isArray(value)
        ? value.map(walk)
        : value && typeof value === "object"
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]))
          : value;
  const exports = walk(shipped(file)) as Record<string, unknown>;
  if (file !== "insights.yaml") return exports;
  // insights.ts: the section's texts and tags under their interface names (the articles are in articles.json).
  const { tags, ...texts } = exports;
  return { insightTags: tags, insightsTexts: texts };
}

describe("renderModules (generated in memory from the shipped data)", () => {
  let data: DataSet;
  beforeAll(async () => {
    const result = await validateDataDir(DATA);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    data = result.data as DataSet;
  });

  it("renders one module per data file, then the derived ones, then the same for each other language", () => {
    // insights.yaml also gives the article index, articles.json, read on the server.
    const english = [
      ...DATA_FILES.flatMap((entry) => [
        moduleName(entry.file),
        ...(entry.key === "insights" ? ["articles.json"] : []),
      ]),
      ...DERIVED_MODULES,
    ];
    expect(renderModules(data).map((m) => m.name)).toEqual([
      ...english,
      ...english.map((name) => `de/${name}`),
      ...english
        .filter((name) => name.endsWith(".ts"))
        .flatMap((name) => [`${TABLES_DIR}/${name}`, `${TABLES_DIR}/${name.replace(/\.ts$/, ".lazy.ts")}`]),
    ]);
  });

  it("de/<name>.ts: the German texts over the English data, tokens resolved, typed as the English module", () => {
    const translations = { code: "de", files: { home: { hero: { heading: "Wachsen mit {firm.name}" } } }, absent: [] };
    const modules = renderModules(data, [], [{ code: "de", translations }]);
    const german = modules.find((m) => m.name === "de/home.ts")?.content ?? "";
    const english = evaluate(modules.find((m) => m.name === "home.ts")?.content ?? "") as typeof generatedHome;
    const { hero } = evaluate(german) as typeof generatedHome;
    const name = shipped<{ firm: { name: string } }>("site.yaml").firm.name;
    expect(hero.heading).toBe(`Wachsen mit ${name}`);
    // What the translation lacks stays English; values (hrefs) are the English ones.
    expect(hero.lead).toBe(english.hero.lead);
    expect(hero.primary).toEqual(english.hero.primary);
    expect(german).toContain('import type * as en from "../home.ts";');
    expect(german).toContain("export const hero: typeof en.hero = {");
    // The English module types a text as string, a value as its literal: one type for both languages.
    const englishSource = modules.find((m) => m.name === "home.ts")?.content ?? "";
    expect(englishSource).toMatch(/readonly "heading": string;/);
    expect(englishSource).toMatch(/readonly "href": "\/contact";/);
  });

  it("inquiry-schema.ts: the inquiry schema's input, labels and options from the shipped data", () => {
    const module = renderModules(data).find((m) => m.name === "inquiry-schema.ts");
    const { inquirySchemaInput: input } = evaluate(module?.content ?? "") as {
      inquirySchemaInput: ReturnType<typeof inquirySchemaInput>;
    };
    const contact = expectedExports("contact.yaml") as { form: { fields: Record<string, { label: string }> } };
    const options = expectedExports("form-options.yaml") as Record<string, { value: string }[]>;
    expect(input.labels.full.industry).toBe(contact.form.fields.industry?.label);
    expect(input.options.industry.map((o) => o.value)).toEqual(options.industry?.map((o) => o.value));
    expect(input).toEqual(inquirySchemaInput(data as DataSet));
  });

  it.each(DATA_FILES.map((entry) => [entry.file]))("%s: matches its snapshot", async (file) => {
    const module = renderModules(data).find((m) => m.name === moduleName(file));
    // A drift here means the generated site data changed: if intended, update with `npx vitest run -u`.
    await expect(module?.content).toMatchFileSnapshot(`__snapshots__/generated/${moduleName(file)}.snap`);
  });

  it.each(DATA_FILES.map((entry) => [entry.file]))("%s: starts with the do-not-edit line", (file) => {
    const module = renderModules(data).find((m) => m.name === moduleName(file));
    expect(module?.content.split("\n")[0]).toBe(`// Generated from data/${file} by \`npm run generate\`. Do not edit.`);
  });

  it.each(DATA_FILES.map((entry) => [entry.file]))("%s: exports the YAML's data with every token resolved", (file) => {
    const module = renderModules(data).find((m) => m.name === moduleName(file));
    expect(module?.content).not.toContain("{firm.");
    expect(module?.content).not.toContain("{stats.");
    expect(module?.content).not.toContain("{retention.");
    expect(evaluate(module?.content ?? "")).toEqual(expectedExports(file));
  });

  it("puts the firm's name where the data says {firm.name}", () => {
    const name = shipped<{ firm: { name: string } }>("site.yaml").firm.name;
    const home = shipped<{ hero: { heading: string } }>("home.yaml");
    expect(home.hero.heading).toContain("{firm.name}");
    const generated = evaluate(renderModules(data).find((m) => m.name === "home.ts")?.content ?? "");
    expect((generated.hero as { heading: string }).heading).toBe(home.hero.heading.replace("{firm.name}", name));
  });

  it("is deterministic: the same data renders the same bytes", () => {
    expect(renderModules(structuredClone(data))).toEqual(renderModules(data));
  });
});
