// The editor is a tool beside the site: nothing of the site, the server or
// the build imports it, and it imports neither the site nor the server.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mjs|js)$/.test(e.name) && !e.parentPath.includes("generated"))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

const importsOf = (file: string) =>
  [...readFileSync(join(root, file), "utf8").matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1] ?? "");

describe("the editor's boundary", () => {
  it.each(["site", "server", "cli", "content", "schemas", "inquiries", "scripts", "engine"])(
    "nothing in %s/ imports editor/",
    (dir) => {
      const offenders = sources(dir).filter((file) =>
        importsOf(file).some((spec) => /^(?:\.\.\/)+editor\//.test(spec)),
      );
      expect(offenders).toEqual([]);
    },
  );

  // And the CLI's Vite plugin (cli/vite/), which the page preview's Vite server is given in place of the site's.
  it("imports schemas/, content/index.ts, cli/vite and libraries only", () => {
    const reaching = sources("editor").flatMap((file) =>
      importsOf(file)
        .filter(
          (spec) => spec.startsWith("../../") && !/^\.\.\/\.\.\/(schemas\/|content\/index\.ts$|cli\/vite\/)/.test(spec),
        )
        .map((spec) => `${file}: ${spec}`),
    );
    expect(reaching).toEqual([]);
  });

  it("is not in the build's entry points", () => {
    for (const file of ["vite.config.ts", "engine/build.mjs"]) {
      expect(readFileSync(join(root, file), "utf8")).not.toMatch(/editor\//);
    }
  });
});
