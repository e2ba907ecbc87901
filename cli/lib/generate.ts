import { DATA_FILES, type DataSet } from "../../schemas/index.ts";
import { inquirySchemaInput } from "../../schemas/inquiry.ts";
import { resolveDeep, resolveTokens, type TokenContext } from "../../schemas/templates.ts";
import type { Article } from "./articles/index.ts";
import { publishedArticles, renderInsightsModule, summarize } from "./articles/module.ts";

/** Modules derived from several data files, written after the one module per data file. */
export const DERIVED_MODULES = ["inquiry-schema.ts"] as const;

export interface GeneratedModule {
  /** File name inside the output folder, like `consultants.ts`. */
  name: string;
  content: string;
}

/**
 * Renders one typed module per data file: every top-level key becomes a
 * named `as const` export, every {firm.x}/{stats.x} token is resolved. The
 * output depends only on the data, so the same input gives the same bytes.
 */
export function renderModules(data: DataSet, articles: readonly Article[] = []): GeneratedModule[] {
  const context: TokenContext = {
    firm: {
      name: data.site.firm.name,
      legalName: data.site.firm.legalName,
      tagline: data.site.firm.tagline,
      email: data.site.firm.email,
      baseUrl: data.site.firm.baseUrl,
    },
    stats: data.stats.stats,
    retention: data.legal.retention,
  };
  // The tagline itself may use tokens; resolve it first so others can use it.
  context.firm.tagline = resolveDeep(context.firm.tagline, context);

  const resolved = Object.fromEntries(
    DATA_FILES.map((entry) => [entry.key, resolveDeep(data[entry.key], context)]),
  ) as unknown as DataSet;
  const modules = DATA_FILES.map((entry) => {
    if (entry.key === "insights") {
      const summaries = publishedArticles(articles).map((article) =>
        summarize(article, data.insights.readingWordsPerMinute, (text) => resolveTokens(text, context)),
      );
      return { name: "insights.ts", content: renderInsightsModule(resolved.insights, summaries) };
    }
    const exports = Object.entries(resolved[entry.key] as Record<string, unknown>)
      .map(([key, value]) => `export const ${key} = ${JSON.stringify(value, null, 2)} as const;\n`)
      .join("\n");
    const content = `// Generated from data/${entry.file} by \`npm run generate\`. Do not edit.\n\n${exports}`;
    return { name: `${entry.file.replace(/\.yaml$/, "")}.ts`, content };
  });
  // Derived from four files: the browser and the inquiry domain build the inquiry schema from this one value.
  modules.push({
    name: DERIVED_MODULES[0],
    content: `// Generated from data/form-options.yaml, contact.yaml, home.yaml and inquiry.yaml by \`npm run generate\`. Do not edit.\n// The input of makeInquirySchema (schemas/inquiry.ts).\n\nexport const inquirySchemaInput = ${JSON.stringify(inquirySchemaInput(resolved), null, 2)} as const;\n`,
  });
  return modules;
}
