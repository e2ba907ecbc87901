import { resolve } from "node:path";
import { codeFrameColumns } from "@babel/code-frame";
import type { Plugin, ViteDevServer } from "vite";
import { countBySeverity } from "../../cli/lib/diagnostic.ts";
import { formatDiagnostics } from "../../cli/lib/format.ts";
import { renderModules } from "../../cli/lib/generate.ts";
import { validateDataDir } from "../../cli/lib/validate.ts";
import { writeIfChanged } from "../../cli/lib/write.ts";
import type { DataSet } from "../../schemas/index.ts";

const root = resolve(import.meta.dirname, "../..");
const dataDir = resolve(root, "data");
const outDir = resolve(root, "site/generated");

/**
 * The content owner's dev loop: while `npm run dev` runs, saving a YAML file
 * in data/ validates and regenerates site/generated/ (Vite then updates the
 * browser). A content error is printed in the terminal and shown in Vite's
 * error overlay with its file:line:col; the last good output stays in place.
 */
export function contentPlugin(): Plugin {
  async function regenerate(server?: ViteDevServer): Promise<void> {
    const result = await validateDataDir(dataDir);
    const { errors } = countBySeverity(result.diagnostics);
    if (errors > 0) {
      const sources = new Map([...result.sources.values()].map((s) => [s.file, s.text]));
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
      return;
    }
    for (const module of renderModules(result.data as DataSet)) {
      await writeIfChanged(resolve(outDir, module.name), module.content);
    }
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
        if (file.startsWith(dataDir) && file.endsWith(".yaml")) void regenerate(server);
      };
      server.watcher.on("change", onChange);
      server.watcher.on("add", onChange);
      server.watcher.on("unlink", onChange);
    },
  };
}
