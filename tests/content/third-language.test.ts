// A third language is data only (docs/i18n.md §3): in a copy of the project,
// data/locales.yaml gets `fr` and data/fr/ its translation files (the German
// ones, standing in), and nothing else changes. The copy's own generate
// writes fr's modules and puts fr in every table; the copy's site code and
// inquiry domain type-check as they are and serve fr.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/cli.ts";
import { copyProject } from "../support/copy-project.ts";

describe("a third language, added to data/locales.yaml with its translations and nothing else", () => {
  const copy = copyProject();
  afterAll(copy.cleanup);

  it("is generated, type-checks and is served by the unchanged site code and inquiry domain", () => {
    copy.edit(
      "data/locales.yaml",
      "    pathPrefix: /de\n",
      "    pathPrefix: /de\n  - code: fr\n    name: Français\n    intl: fr-FR\n    ogLocale: fr_FR\n    pathPrefix: /fr\n",
    );
    cpSync(join(copy.root, "data/de"), join(copy.root, "data/fr"), { recursive: true });

    // generate, as the command does it (validate, then write), from the copy's own code.
    const generated = copy.run(`import { resolve } from "node:path";
import { validateContent } from "./content/content.ts";
import { writeGenerated } from "./content/write-generated.ts";
const result = await validateContent(resolve("data"), { cache: false, render: true });
const errors = result.diagnostics.filter((d) => d.severity === "error").map((d) => \`\${d.file}:\${d.line} \${d.message}\`);
if (errors.length === 0) await writeGenerated(result, resolve("site/generated"));
console.log(JSON.stringify({ errors }));
`);
    expect(generated).toEqual({ errors: [] });
    expect(existsSync(join(copy.root, "site/generated/fr/consultants.ts"))).toBe(true);

    // The hand-written tables' users type-check with fr in the Locale type: no table lacks it.
    writeFileSync(
      join(copy.root, "tsconfig.probe.json"),
      JSON.stringify({
        extends: "./tsconfig.json",
        include: ["site/lib/content.ts", "site/lib/content/*.ts", "inquiries/schema.ts"],
      }),
    );
    const tsc = join(ROOT, "node_modules/typescript/bin/tsc");
    execFileSync(process.execPath, [tsc, "--noEmit", "-p", "tsconfig.probe.json"], {
      cwd: copy.root,
      encoding: "utf8",
    });

    const served = copy.run(`import { inquirySchemaFor } from "./inquiries/schema.ts";
import { content } from "./site/lib/content.ts";
import { consultantsByLocale } from "./site/lib/content/consultants.ts";
import { siteTexts } from "./site/lib/content/site.ts";
const fr = content("fr");
console.log(JSON.stringify({
  tables: Object.keys(consultantsByLocale),
  siteLoaded: siteTexts.has("fr"),
  consultants: fr.consultants.consultants.length === content("en").consultants.consultants.length,
  heading: fr.home.hero.heading === content("de").home.hero.heading,
  schemaOfItsOwn: ![inquirySchemaFor("en"), inquirySchemaFor("de")].includes(inquirySchemaFor("fr")),
}));
`);
    expect(served).toEqual({
      tables: ["en", "de", "fr"],
      siteLoaded: true,
      consultants: true,
      heading: true,
      schemaOfItsOwn: true,
    });
  }, 120_000);
});
