// The page's script, bundled once when the editor starts (esbuild, as the CLI's own bundle).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { build } from "esbuild";

export async function bundleApp(): Promise<{ script: string; style: string }> {
  const appDir = join(import.meta.dirname, "..", "app");
  const result = await build({
    entryPoints: [join(appDir, "main.tsx")],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    minify: true,
    legalComments: "none",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
    // @rjsf/core's index re-exports getTestRegistry, which imports ajv's validator: not a dependency
    // (the forms validate with validator.ts), and dropped with getTestRegistry (@rjsf/core has no side effects).
    external: ["@rjsf/validator-ajv8"],
  });
  const script = result.outputFiles[0]?.text ?? "";
  const style = await readFile(join(appDir, "editor.css"), "utf8");
  return { script, style };
}
