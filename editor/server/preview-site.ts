// The site's own renderer for the editor's page preview: Vike's dev
// rendering on a Vite server in middleware mode (no port, no browser
// scripts), whose generated modules (site/generated/) are a private temporary
// folder the editor writes from the unsaved content (see preview.ts). Started
// on the first preview, so that an editor that shows none pays nothing.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { ViteDevServer } from "vite";
import { contentPlugin } from "../../cli/vite/content-plugin.ts";
import { EDITOR_PREVIEW_MODE } from "../../cli/vite/preview-mode.ts";
import type { ContentResult } from "../../content/index.ts";
import { countBySeverity, writeGenerated } from "../../content/index.ts";

/** The editor's own project: the site's code and vite.config.ts sit beside it. */
const codeRoot = resolve(import.meta.dirname, "../..");

export interface PreviewSite {
  /**
   * Writes `result` as the site's generated content, the articles' bodies too when it rendered them;
   * not when it has errors: false then.
   */
  write(result: ContentResult, bodies: boolean): Promise<boolean>;
  /** Whether content was written once: before that there is nothing to render. */
  readonly ready: boolean;
  /** The page at `url` as the site renders it, with its status. */
  render(url: string): Promise<{ status: number; html: string }>;
  /** The CSS of a stylesheet the page links (`/styles/global.css?direct`). */
  stylesheet(href: string): Promise<string>;
  close(): Promise<void>;
}

export async function startPreviewSite(): Promise<PreviewSite> {
  const folder = await mkdtemp(join(tmpdir(), "content-preview-"));
  const generated = join(folder, "generated");
  const { createServer, loadConfigFromFile } = await import("vite");
  const loaded = await loadConfigFromFile(
    { command: "serve", mode: EDITOR_PREVIEW_MODE },
    join(codeRoot, "vite.config.ts"),
  );
  if (!loaded) throw new Error("the site's vite.config.ts was not found");
  // The site's own configuration (without its content plugin in this mode), with a content plugin
  // reading the preview's folder instead of data/ (enforce: "pre", so where it stands does not matter).
  const plugins = [...(loaded.config.plugins ?? []), contentPlugin({ generated })];
  let server: ViteDevServer | undefined;
  let creating: Promise<ViteDevServer> | undefined;
  const started = () => {
    creating ??= createServer({
      ...loaded.config,
      mode: "development",
      plugins,
      configFile: false,
      cacheDir: join(folder, "vite"),
      logLevel: "error",
      appType: "custom",
      // No port of its own: no WebSocket server (it would listen on every interface), no file watching.
      server: { middlewareMode: true, hmr: false, ws: false, watch: null },
      // Nothing runs in a browser: no dependencies to bundle for it.
      optimizeDeps: { noDiscovery: true, include: [] },
    }).then(
      (created) => (server = created),
      (error: unknown) => {
        creating = undefined; // the next page tries again
        throw error;
      },
    );
    return creating;
  };
  // Created now, while the first content is written (nothing is rendered before it is): 0.7 s the first
  // preview no longer waits for. A server that fails to start fails the first render, which says so.
  started().catch(() => undefined);
  let ready = false;

  return {
    get ready() {
      return ready;
    },
    async write(result, bodies) {
      if (countBySeverity(result.diagnostics).errors > 0) return false;
      const { files } = await writeGenerated(result, generated, { bodies });
      ready = true;
      if (!server) return true;
      // The modules the pages import are read again; the article index and bodies are read from disk anyway.
      for (const file of files) {
        for (const environment of Object.values(server.environments)) {
          for (const mod of environment.moduleGraph.getModulesByFile(file) ?? []) {
            environment.moduleGraph.invalidateModule(mod);
          }
        }
      }
      return true;
    },
    async render(url) {
      await started();
      const { renderPage } = await import("vike/server");
      const context = await renderPage({ urlOriginal: url });
      const response = context.httpResponse;
      return { status: response?.statusCode ?? 500, html: response ? String(response.body) : "" };
    },
    async stylesheet(href) {
      const transformed = await (await started()).transformRequest(href);
      return transformed?.code ?? "";
    },
    async close() {
      await server?.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
