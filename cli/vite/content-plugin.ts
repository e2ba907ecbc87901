import { dirname, join, relative, resolve, sep } from "node:path";
import { codeFrameColumns } from "@babel/code-frame";
import type { Plugin, ViteDevServer } from "vite";
import { countBySeverity, formatDiagnostics, validateContent, writeGenerated } from "../../content/index.ts";

const root = resolve(import.meta.dirname, "../..");
const dataDir = resolve(root, "data");
const outDir = resolve(root, "site/generated");
const insightsDir = resolve(dataDir, "insights");

/**
 * The content pipeline as a Vite plugin: part of the CLI (it validates and
 * generates as `npm run generate` does), loaded by vite.config.ts, never by
 * the site, which only reads what it writes (site/generated/).
 *
 * The content owner's dev loop: while `npm run dev` runs, saving a YAML file
 * in data/ or an article in data/insights/ validates and regenerates
 * site/generated/ (its modules and the articles' HTML), then the browser
 * updates. A content error is printed in the terminal and shown in Vite's
 * error overlay with its file:line:col; the last good output stays in place.
 */
export function contentPlugin(options: { generated?: string } = {}): Plugin {
  if (options.generated !== undefined) return generatedElsewhere(options.generated);
  let lastFailed = false;
  async function regenerate(server?: ViteDevServer): Promise<void> {
    const result = await validateContent(dataDir, { cache: false, render: true });
    const { errors } = countBySeverity(result.diagnostics);
    if (errors > 0) {
      const sources = result.texts;
      const text = formatDiagnostics("pretty", result.diagnostics, {
        color: process.stdout.isTTY === true,
        sources,
        filesChecked: result.filesChecked,
      });
      server?.config.logger.error(`\n${text}`, { timestamp: true });
      const first = result.diagnostics.find((d) => d.severity === "error");
      if (server && first) {
        const source = sources.get(first.file) ?? "";
        server.hot.send({
          type: "error",
          err: {
            message: `${first.file}:${first.line}:${first.column} ${first.path ? `${first.path}: ` : ""}${first.message}${
              first.hint ? `\nhint: ${first.hint}` : ""
            }${errors > 1 ? `\n(and ${errors - 1} more; see the terminal)` : ""}`,
            stack: "",
            id: resolve(root, first.file),
            loc: { file: resolve(root, first.file), line: first.line, column: first.column },
            frame: codeFrameColumns(
              source,
              { start: { line: first.line, column: first.column } },
              { linesAbove: 1, linesBelow: 1 },
            ),
            plugin: "content",
          },
        });
      }
      lastFailed = true;
      return;
    }
    // As `generate` does: the modules, the article index and the articles' HTML, in every language.
    const { readFromDisk } = await writeGenerated(result, outDir);
    // An article's HTML and the index are read from disk by the pages, not imported: Vite
    // sees no module change, so the browser reloads (which also clears an overlay from a fixed error).
    if (server && (readFromDisk > 0 || lastFailed)) server.hot.send({ type: "full-reload" });
    lastFailed = false;
  }

  return {
    name: "content",
    apply: "serve",
    async buildStart() {
      await regenerate();
    },
    configureServer(server) {
      server.watcher.add(dataDir);
      const onChange = (file: string) => {
        const yaml = file.startsWith(dataDir) && file.endsWith(".yaml");
        const article = file.startsWith(insightsDir) && file.endsWith(".md");
        if (yaml || article) void regenerate(server);
      };
      server.watcher.on("change", onChange);
      server.watcher.on("add", onChange);
      server.watcher.on("unlink", onChange);
    },
  };
}

/**
 * The editor's page preview (editor/server/preview.ts): the site's modules of
 * site/generated/ come from `dir`, which the editor writes from the unsaved
 * content; nothing is validated or written here, and data/ is not watched.
 * The article index and bodies, read from disk (site/lib/article-index.ts),
 * are found there through `import.meta.env.SITE_GENERATED_DIR`.
 */
function generatedElsewhere(dir: string): Plugin {
  return {
    name: "content",
    apply: "serve",
    enforce: "pre",
    config: () => ({ define: { "import.meta.env.SITE_GENERATED_DIR": JSON.stringify(dir) } }),
    resolveId(source, importer) {
      if (!importer || !source.startsWith(".")) return null;
      const target = resolve(dirname(importer), source);
      return target.startsWith(outDir + sep) ? join(dir, relative(outDir, target)) : null;
    },
  };
}
