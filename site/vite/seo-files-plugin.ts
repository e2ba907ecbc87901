import type { Plugin } from "vite";
import { seoFiles } from "./seo-files.ts";

/** Emits the build's files beside the pages (seo-files.ts) into the client build. */
export function seoFilesPlugin(): Plugin {
  return {
    name: "seo-files",
    apply: "build",
    generateBundle() {
      if (this.environment.name !== "client") return;
      for (const { fileName, source } of seoFiles()) this.emitFile({ type: "asset", fileName, source });
    },
  };
}
