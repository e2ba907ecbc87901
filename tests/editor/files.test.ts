// The file list's counts come from the diagnostics' flags (stale, missing),
// set where validate finds them, not from their message's words.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateContent } from "../../content/content.ts";
import type { Diagnostic } from "../../content/diagnostic.ts";
import { listFiles, stateOf } from "../../editor/server/files.ts";
import { projectRoot } from "./support.ts";

let root: string;
let diagnostics: Diagnostic[];
const dataDir = () => join(root, "data");

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "editor-files-"));
  await cp(join(projectRoot, "data"), dataDir(), { recursive: true });
  // One German text gone, and a whole translation file.
  const people = join(dataDir(), "de", "people.yaml");
  const text = await readFile(people, "utf8");
  expect(text).toContain("  eyebrow: Unser Team\n");
  await writeFile(people, text.replace("  eyebrow: Unser Team\n", ""));
  await rm(join(dataDir(), "de", "stats.yaml"));
  diagnostics = (await validateContent(dataDir(), { cache: false })).diagnostics;
}, 60_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("missing translations in the file list", () => {
  it("validate flags a missing text and a missing file as missing", () => {
    const missing = diagnostics
      .filter((d) => d.missing)
      .map((d) => `${d.file.replace(/^.*\/data\//, "data/")} ${d.path}`);
    expect(missing.sort()).toEqual(["data/de/people.yaml hero.eyebrow", "data/de/stats.yaml "]);
  });

  it("counts them by the flag, whatever the message says", async () => {
    const shown = (file: string) => diagnostics.find((d) => d.missing && d.file.endsWith(file))?.file ?? "";
    const files = await listFiles(
      dataDir(),
      ["de"],
      diagnostics,
      shown("people.yaml").replace(/\/de\/people\.yaml$/, ""),
    );
    expect(files.find((f) => f.path === "de/people.yaml")).toMatchObject({ missing: 1, errors: 1 });
    expect(files.find((f) => f.path === "de/stats.yaml")).toMatchObject({ exists: false, missing: 1 });
    const worded: Diagnostic = { ...(diagnostics[0] as Diagnostic), file: "x", message: "missing translation of x" };
    expect(stateOf([{ ...worded, missing: undefined }], "x").missing).toBe(0);
    expect(stateOf([{ ...worded, message: "reworded", missing: true }], "x").missing).toBe(1);
  });
});
