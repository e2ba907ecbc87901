import { resolve } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import vike from "vike/plugin";
import { defineConfig } from "vite";
import { contentPlugin } from "./cli/vite/content-plugin.ts";
import { afterGenerate } from "./engine/after-generate.js";

export default defineConfig({
  root: resolve(import.meta.dirname, "site"),
  publicDir: resolve(import.meta.dirname, "site/public"),
  plugins: [afterGenerate(), contentPlugin(), vike(), react(), tailwindcss()],
  build: {
    outDir: resolve(import.meta.dirname, "dist"),
    emptyOutDir: true,
    sourcemap: process.env.BUNDLE_SOURCEMAP === "1",
  },
  server: { port: 3000 },
  preview: { port: 3000 },
});
