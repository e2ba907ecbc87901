import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import vike from "vike/plugin";
import { defineConfig, type Plugin } from "vite";
import { EDITOR_PREVIEW_MODE } from "./cli/vite/preview-mode.ts";
import { afterGenerate } from "./engine/after-generate.js";

/**
 * The content pipeline's dev loop (cli/vite/content-plugin.ts), for `vike dev` and the editor's preview.
 * Loaded through tsx at run time, not imported: Vite bundles what this file imports and evaluates it each
 * time the configuration is loaded (six times in `vike build`), and the content core there cost 2.5 s of
 * every build's 5.4 s `vike build`, which never uses it (`npm run build` generates first).
 */
async function contentPlugin(): Promise<Plugin> {
  const { tsImport } = await import("tsx/esm/api");
  const plugin = resolve(import.meta.dirname, "cli/vite/content-plugin.ts");
  const loaded: typeof import("./cli/vite/content-plugin.ts") = await tsImport(
    pathToFileURL(plugin).href,
    import.meta.url,
  );
  return loaded.contentPlugin();
}

// The editor's preview (EDITOR_PREVIEW_MODE) adds a content plugin of its own, reading its private folder.
export default defineConfig(async ({ command, mode }) => ({
  root: resolve(import.meta.dirname, "site"),
  publicDir: resolve(import.meta.dirname, "site/public"),
  plugins: [
    afterGenerate(),
    command === "serve" && mode !== EDITOR_PREVIEW_MODE ? await contentPlugin() : null,
    vike(),
    react(),
    tailwindcss(),
  ],
  build: {
    outDir: resolve(import.meta.dirname, "dist"),
    emptyOutDir: true,
    sourcemap: process.env.BUNDLE_SOURCEMAP === "1",
  },
  server: { port: 3000 },
  preview: { port: 3000 },
}));
