import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withValidationCache } from "../../content/cache.ts";
import { withReadLog } from "../../content/read-log.ts";
import { validateDataDir } from "../../content/validate.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function project() {
  const dir = mkdtempSync(join(tmpdir(), "cache-test-"));
  dirs.push(dir);
  cpSync(resolve("data"), join(dir, "data"), { recursive: true });
  return { data: join(dir, "data"), cache: join(dir, "cache") };
}

describe("validation cache", () => {
  it("a second run on unchanged data reuses the first result without validating again", async () => {
    const { data, cache } = project();
    const validate = vi.fn(() => validateDataDir(data));
    const first = await withValidationCache(data, validate, cache);
    const second = await withValidationCache(data, validate, cache);
    expect(validate).toHaveBeenCalledTimes(1);
    expect(second.data).toEqual(first.data);
    expect(second.diagnostics).toEqual(first.diagnostics);
    // The warning's source text is kept, so its code frame can still be printed.
    const warned = first.diagnostics.map((d) => d.file);
    expect([...second.sources.values()].map((s) => s.file).sort()).toEqual([...new Set(warned)].sort());
  });

  it("any change to a data file misses the cache", async () => {
    const { data, cache } = project();
    const validate = vi.fn(() => validateDataDir(data));
    await withValidationCache(data, validate, cache);
    writeFileSync(join(data, "clients.yaml"), `${readClients(data)}\n# a comment changes the bytes\n`);
    await withValidationCache(data, validate, cache);
    expect(validate).toHaveBeenCalledTimes(2);
  });

  it("a result with errors is never kept", async () => {
    const { data, cache } = project();
    writeFileSync(join(data, "behaviour.yaml"), "header:\n  scrollThresholdPx: high\n");
    const validate = vi.fn(() => validateDataDir(data));
    const first = await withValidationCache(data, validate, cache);
    expect(first.diagnostics.some((d) => d.severity === "error")).toBe(true);
    await withValidationCache(data, validate, cache);
    expect(validate).toHaveBeenCalledTimes(2);
    expect(() => readdirSync(cache)).toThrow();
  });
});

describe("the validation cache is keyed on what validation read", () => {
  it("after a clean cached run, an error planted in each file validate reads is reported", async () => {
    const { data, cache } = project();
    const clean = await withReadLog(() => withValidationCache(data, () => validateDataDir(data), cache));
    expect(clean.value.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const read = [...clean.reads].filter(([, digest]) => digest !== null).map(([path]) => path);
    // Every data file, every translation and lock file, and the glossary the key once left out.
    for (const file of ["site.yaml", "glossary.yaml", "de/home.yaml", "de/home.lock.yaml", "de/articles.lock.yaml"]) {
      expect(read).toContain(join(data, file));
    }
    for (const path of read) {
      const original = readFileSync(path, "utf8");
      writeFileSync(path, `${original.trimEnd()}\nplanted_by_the_test: [\n`);
      try {
        const result = await withValidationCache(data, () => validateDataDir(data), cache);
        const errors = result.diagnostics.filter((d) => d.severity === "error" && resolve(d.file) === path);
        expect(errors.length, `no error reported for ${path}`).toBeGreaterThan(0);
      } finally {
        writeFileSync(path, original);
      }
    }
  }, 120_000);

  it("a file looked for and missing (a translation not written yet) is part of the key when it appears", async () => {
    const { data, cache } = project();
    rmSync(join(data, "de", "stats.yaml"));
    const validate = vi.fn(() => validateDataDir(data));
    const first = await withValidationCache(data, validate, cache);
    expect(first.diagnostics.some((d) => d.file.endsWith("de/stats.yaml"))).toBe(true);
    writeFileSync(join(data, "de", "stats.yaml"), "bogus: [\n");
    const second = await withValidationCache(data, validate, cache);
    expect(validate).toHaveBeenCalledTimes(2);
    expect(second.diagnostics.some((d) => d.severity === "error" && d.file.endsWith("de/stats.yaml"))).toBe(true);
  });
});

function readClients(data: string): string {
  return readFileSync(join(data, "clients.yaml"), "utf8");
}
