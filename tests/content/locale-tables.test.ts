// The languages are said once, in data/locales.yaml: generate writes each
// module's table of its languages (content/locale-tables.ts), and the site
// and the inquiry domain import those tables rather than list the languages.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { renderModules } from "../../content/generate.ts";
import { TABLES_DIR } from "../../content/locale-tables.ts";
import { validateDataDir } from "../../content/validate.ts";
import type { DataSet } from "../../schemas/index.ts";
import { DATA } from "../support/cli.ts";

const ROOT = join(import.meta.dirname, "../..");

/** The codes of data/locales.yaml as the file says them, the default first: read from the data, not written here. */
function codesOf(locales: { defaultLocale: string; locales: { code: string }[] }): string[] {
  const rest = locales.locales.map((l) => l.code).filter((code) => code !== locales.defaultLocale);
  return [locales.defaultLocale, ...rest];
}

/** The keys of the object literal after `export const <name>…=` in a generated table. */
function keysOf(content: string, name: string): string[] {
  const line = content.split("\n").find((l) => l.startsWith(`export const ${name}:`)) ?? "";
  const literal = line.slice(line.indexOf("= {") + 3, line.lastIndexOf("}"));
  return literal.split(",").map((entry) => entry.trim().split(":")[0] as string);
}

describe("the per-language tables", () => {
  let data: DataSet;
  beforeAll(async () => {
    const result = await validateDataDir(DATA);
    data = result.data as DataSet;
  });

  it("list exactly the languages of data/locales.yaml, in every module's table", () => {
    const codes = codesOf(parse(readFileSync(join(DATA, "locales.yaml"), "utf8")));
    expect(codes.length).toBeGreaterThan(1);
    const tables = renderModules(data).filter((m) => m.name.startsWith(`${TABLES_DIR}/`));
    // Two per module of the default language (site.ts, consultants.ts, …, inquiry-schema.ts).
    expect(tables.length).toBeGreaterThanOrEqual(2 * 14);
    for (const table of tables) {
      if (table.name.endsWith(".lazy.ts")) {
        expect(keysOf(table.content, "loaders"), table.name).toEqual(codes);
        expect(keysOf(table.content, "loaded"), table.name).toEqual(codes.slice(0, 1));
        // The other languages are chunks of their own: imported dynamically only.
        for (const code of codes.slice(1))
          expect(table.content).not.toMatch(new RegExp(`^import .*"\\.\\./${code}/`, "m"));
      } else {
        expect(keysOf(table.content, "byLocale"), table.name).toEqual(codes);
      }
    }
  });

  it("gets a language added to data/locales.yaml with no code changed: its modules and its place in every table", () => {
    const third = structuredClone(data);
    third.locales.locales = [
      ...third.locales.locales,
      { code: "fr", name: "Français", intl: "fr-FR", ogLocale: "fr_FR", pathPrefix: "/fr" },
    ];
    const modules = renderModules(third);
    const codes = codesOf(third.locales);
    expect(codes).toContain("fr");
    expect(modules.map((m) => m.name)).toContain("fr/consultants.ts");
    const consultants = modules.find((m) => m.name === `${TABLES_DIR}/consultants.ts`)?.content ?? "";
    expect(keysOf(consultants, "byLocale")).toEqual(codes);
    expect(consultants).toContain('import * as $fr from "../fr/consultants.ts";');
    const site = modules.find((m) => m.name === `${TABLES_DIR}/site.lazy.ts`)?.content ?? "";
    expect(site).toContain('fr: () => import("../fr/site.ts")');
  });

  it("each export has a table of its own, for a script that needs that export alone", () => {
    const legal = renderModules(data).find((m) => m.name === `${TABLES_DIR}/legal.ts`)?.content ?? "";
    const codes = codesOf(data.locales);
    expect(keysOf(legal, "formNotice")).toEqual(codes);
    expect(legal).toContain(`${codes[0]}: $${codes[0]}.formNotice`);
  });
});

describe("the hand-written code", () => {
  /** Every .ts/.tsx file under `dir`, site/generated left out. */
  const sources = (dir: string) =>
    readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.parentPath.includes("generated"))
      .map((e) => join(e.parentPath, e.name));

  it("reaches another language's modules only through the generated tables (no language listed by hand)", () => {
    const files = [...sources("site"), ...sources("inquiries")];
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.filter((file) => /generated\/[a-z]{2}\//.test(readFileSync(file, "utf8")));
    expect(offenders).toEqual([]);
  });
});
