// Types of after-generate.js, for vite.config.ts (the engine's own files are checked by tsc -p engine).
import type { Plugin } from "vite";

/** `vike build`'s wait for `generate` when BUILD_GENERATE_SIGNAL is set (engine/build.mjs); else null. */
export function afterGenerate(signal?: string, driver?: number): Plugin | null;
