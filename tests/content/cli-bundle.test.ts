// bin/content.mjs bundles the CLI into node_modules/.cache/content-cli and
// names each build by what it was made from. A copy of the project that
// shares node_modules (the build tests' and benchmarks' copies) bundles the
// same code into the same folder, and sources only touched are bundled into
// it again: the pointer keeps naming the same build, so what is keyed by the
// CLI's address (the article records) stays valid for every tree using it.
// Once a random name per build, a copy's first run swapped in a bundle of its
// own, and this tree's next `generate` found none of its records (two suite
// runs failed on it, in article-records and article-reads). The copies here
// have a node_modules of their own, each package linked, so that this tree's
// bundle is never touched.
import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/cli.ts";

const PARTS = [
  "bin",
  "cli",
  "content",
  "schemas",
  "inquiries",
  "visits",
  "site",
  "data",
  "package.json",
  "package-lock.json",
];

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A copy of what the CLI is made from, with `modules` as its node_modules (a link to it). */
function copyTree(modules: string): string {
  const dir = mkdtempSync(join(tmpdir(), "cli-bundle-"));
  made.push(dir);
  for (const part of PARTS) {
    cpSync(join(ROOT, part), join(dir, part), { recursive: true, filter: (path) => !path.includes("/generated") });
  }
  symlinkSync(modules, join(dir, "node_modules"), "dir");
  return dir;
}

/**
 * A node_modules of its own: every package of the project's linked, its .cache not. Named node_modules, as
 * the bundle's packages are found from its .cache by that name.
 */
function ownModules(): string {
  const parent = mkdtempSync(join(tmpdir(), "cli-bundle-modules-"));
  made.push(parent);
  const dir = join(parent, "node_modules");
  mkdirSync(dir);
  for (const entry of readdirSync(join(ROOT, "node_modules"))) {
    if (entry !== ".cache") symlinkSync(join(ROOT, "node_modules", entry), join(dir, entry));
  }
  mkdirSync(join(dir, ".cache"));
  return dir;
}

function validate(dir: string): void {
  const run = spawnSync(process.execPath, ["bin/content.mjs", "validate"], { cwd: dir, encoding: "utf8" });
  expect(`${run.stdout}${run.stderr}`).toMatch(/no errors or warnings/);
}

const cacheOf = (modules: string) => join(modules, ".cache", "content-cli");
const pointed = (modules: string) => readFileSync(join(cacheOf(modules), "current"), "utf8").trim();
const builds = (modules: string) => readdirSync(cacheOf(modules)).filter((entry) => entry.startsWith("build-"));

describe("the CLI's bundle, named by what it was made from", () => {
  it("is the same build for a copy sharing node_modules and for touched sources; another for changed ones", () => {
    const modules = ownModules();
    const first = copyTree(modules);
    validate(first);
    const name = pointed(modules);
    expect(name).toMatch(/^build-[0-9a-f]{20}$/);

    // A second tree of the same code, sharing node_modules: bundled again (its sources are newer), the same build.
    const second = copyTree(modules);
    const before = statSync(join(cacheOf(modules), "current")).mtimeMs;
    validate(second);
    expect(pointed(modules)).toBe(name);
    expect(statSync(join(cacheOf(modules), "current")).mtimeMs).toBeGreaterThan(before);
    expect(builds(modules)).toEqual([name]);

    // A source touched, its bytes the same: bundled again, the same build.
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(first, "content", "index.ts"), later, later);
    validate(first);
    expect(pointed(modules)).toBe(name);
    expect(builds(modules)).toEqual([name]);

    // A source changed: another build; the one before is kept beside it (a process may still be loading it).
    appendFileSync(join(first, "content", "index.ts"), "\n// changed\n");
    validate(first);
    expect(pointed(modules)).not.toBe(name);
    expect(builds(modules).sort()).toEqual([name, pointed(modules)].sort());
    expect(readdirSync(cacheOf(modules)).filter((entry) => entry.startsWith("staging-"))).toEqual([]);
  }, 120_000);
});
