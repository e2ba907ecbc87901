import { DATA_FILES, type DataSet } from "../../schemas/index.ts";
import { resolveDeep, type TokenContext } from "../../schemas/templates.ts";

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
export function renderModules(data: DataSet): GeneratedModule[] {
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

  return DATA_FILES.map((entry) => {
    const resolved = resolveDeep(data[entry.key], context) as Record<string, unknown>;
    const exports = Object.entries(resolved)
      .map(([key, value]) => `export const ${key} = ${JSON.stringify(value, null, 2)} as const;\n`)
      .join("\n");
    const content = `// Generated from data/${entry.file} by \`npm run generate\`. Do not edit.\n\n${exports}`;
    return { name: `${entry.file.replace(/\.yaml$/, "")}.ts`, content };
  });
}
