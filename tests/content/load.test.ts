import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { firstInvalidUtf8, formatBytes, loadYamlFile, MAX_ALIAS_COUNT, MAX_FILE_BYTES } from "../../content/load.ts";
import { MAX_YAML_ERRORS } from "../../content/yaml-problems.ts";
import { DATA, INVALID_FIXTURES } from "../support/cli.ts";

const dir = mkdtempSync(join(tmpdir(), "content-load-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const bytes = (...values: Array<number | string>) =>
  Uint8Array.from(values.flatMap((v) => (typeof v === "string" ? [...Buffer.from(v, "utf8")] : [v])));

describe("firstInvalidUtf8", () => {
  it.each([
    ["empty", bytes(), -1],
    ["ASCII", bytes("header: 60\n"), -1],
    ["two-, three- and four-byte characters", bytes("é € 😀"), -1],
    ["Latin-1 é between letters", bytes("caf", 0xe9, " au lait"), 3],
    ["Latin-1 é at the very end", bytes("caf", 0xe9), 3],
    ["a stray continuation byte", bytes("ab", 0x80, "c"), 2],
    ["a stray continuation byte right after a whole é", bytes("é", 0x80), 2],
    ["a three-byte sequence cut short by ASCII", bytes("a", 0xe2, 0x82, "b"), 1],
    ["a three-byte sequence cut off by the end of the file", bytes("a", 0xe2, 0x82), 1],
    ["an overlong encoding of /", bytes("x", 0xc0, 0xaf), 1],
    ["a UTF-16 surrogate encoded as UTF-8", bytes(0xed, 0xa0, 0x80), 0],
    ["0xFF never appears in UTF-8", bytes("ok ", 0xff), 3],
    ["the first of two bad bytes", bytes("a", 0x80, 0x80), 1],
  ])("%s", (_name, input, expected) => {
    expect(firstInvalidUtf8(input)).toBe(expected);
  });
});

describe("formatBytes", () => {
  it.each([
    [0, "0 B"],
    [1023, "1023 B"],
    [1024, "1.0 KiB"],
    [1536, "1.5 KiB"],
    [MAX_FILE_BYTES, "1 MiB"],
    [MAX_FILE_BYTES + 1, "1.0 MiB"],
    [3 * MAX_FILE_BYTES, "3 MiB"],
  ])("%i bytes: %s", (size, expected) => {
    expect(formatBytes(size)).toBe(expected);
  });
});

describe("loadYamlFile", () => {
  const behaviour = readFileSync(join(DATA, "behaviour.yaml"), "utf8");
  const padTo = (size: number) => `${behaviour}#${"x".repeat(size - Buffer.byteLength(behaviour) - 2)}\n`;

  it("reads a file of exactly 1 MiB", async () => {
    const path = write("exactly-1-mib.yaml", padTo(MAX_FILE_BYTES));
    const result = await loadYamlFile(path);
    expect(result.diagnostics).toEqual([]);
    expect(result.value).toMatchObject({ header: { scrollThresholdPx: expect.any(Number) } });
  });

  it("refuses a file one byte over 1 MiB without reading it, naming its size", async () => {
    const path = write("over-1-mib.yaml", padTo(MAX_FILE_BYTES + 1));
    const result = await loadYamlFile(path);
    expect(result.source).toBeUndefined();
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        line: 1,
        column: 1,
        severity: "error",
        message: "file is 1.0 MiB (1048577 bytes), over the 1 MiB limit for a data file",
      }),
    ]);
  });

  it("refuses the billion-laughs file quickly, at its first alias, without expanding it", async () => {
    const started = performance.now();
    const result = await loadYamlFile(join(INVALID_FIXTURES, "alias-bomb.yaml"));
    const elapsed = performance.now() - started;
    expect(result.value).toBeUndefined();
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        line: 3,
        column: 8,
        endLine: 3,
        endColumn: 10,
        message: `aliases expand to too many nodes (more than ${MAX_ALIAS_COUNT}); refused without expanding them`,
      }),
    ]);
    // Expanded, the file is 9^9 strings; refusing it takes milliseconds. The bound is generous on purpose.
    expect(elapsed).toBeLessThan(5_000);
  });

  it("still allows a few plain aliases", async () => {
    const path = write("one-alias.yaml", "a: &x [1, 2]\nb: *x\n");
    const result = await loadYamlFile(path);
    expect(result.diagnostics).toEqual([]);
    expect(result.value).toEqual({ a: [1, 2], b: [1, 2] });
  });

  it("drops a UTF-8 byte order mark", async () => {
    const path = write("bom.yaml", "\uFEFFa: 1\n");
    const result = await loadYamlFile(path);
    expect(result.diagnostics).toEqual([]);
    expect(result.value).toEqual({ a: 1 });
  });

  it("points an unclosed quote at where it opens, not at the end of the file", async () => {
    const result = await loadYamlFile(join(INVALID_FIXTURES, "unclosed-quote.yaml"));
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        line: 3,
        column: 22,
        endLine: 3,
        endColumn: 23,
        message: 'YAML: this " opens a quoted text that is never closed',
      }),
    ]);
  });

  it("reports a list used as a key at the key, without printing a Node warning", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on("warning", onWarning);
    try {
      const path = write("collection-key.yaml", "header:\n  ? [a, b]\n  : 1\n");
      const result = await loadYamlFile(path);
      expect(result.value).toBeUndefined();
      expect(result.diagnostics).toEqual([
        expect.objectContaining({ line: 2, column: 5, message: "a key must be plain text, not a list or a mapping" }),
      ]);
      await new Promise((wake) => setImmediate(wake)); // Node emits warnings on the next tick
      expect(warnings).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("reports a folder where a file should be", async () => {
    const result = await loadYamlFile(dir);
    expect(result.diagnostics).toEqual([expect.objectContaining({ line: 1, column: 1, message: "is not a file" })]);
  });
});

describe("strict YAML and root causes", () => {
  const at = (result: Awaited<ReturnType<typeof loadYamlFile>>) =>
    result.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.message}`);

  it.each([
    ["!!js/function", 'a: !!js/function "function () {}"\n', ["1:4 error YAML: unknown tag `!!js/function`"]],
    ["!custom", "a: !custom x\n", ["1:4 error YAML: unknown tag `!custom`"]],
    ["!!set, known to YAML 1.1 only", "a: !!set {x}\n", ["1:4 error YAML: unknown tag `!!set`"]],
    ["a directive", "%FOO bar\n---\na: 1\n", ["1:1 error YAML: unknown directive `%FOO`"]],
  ])("refuses the tag or directive %s at its position", async (_name, text, expected) => {
    const result = await loadYamlFile(write("tag.yaml", text));
    expect(at(result)).toEqual(expected);
    expect(result.value).toBeUndefined();
  });

  it("keeps YAML's core tags: !!str makes a number text", async () => {
    const result = await loadYamlFile(write("str.yaml", "a: !!str 1\n"));
    expect(result.diagnostics).toEqual([]);
    expect(result.value).toEqual({ a: "1" });
  });

  it("shows the parser's other warnings instead of dropping them", async () => {
    const result = await loadYamlFile(write("ambiguous.yaml", "a: &x: 1\n"));
    expect(at(result)).toEqual(["1:6 warning YAML: Anchor ending in : is ambiguous"]);
  });

  it("reports an unclosed [ where it opens, and not the errors that follow from it", async () => {
    const lines = ["x:", "  bogus: [1,", ...Array.from({ length: 50 }, (_, i) => `k${i}:\n  - a: 1`)];
    const result = await loadYamlFile(write("bracket.yaml", `${lines.join("\n")}\n`));
    expect(at(result)).toEqual(["2:10 error YAML: this `[` is not closed"]);
    expect(result.diagnostics[0]?.hint).toMatch(/^close the list with `]`/);
  });

  it("lists independent YAML errors before the root cause, a handful at most", async () => {
    const duplicates = Array.from({ length: 10 }, (_, i) => `k${i}: 1\nk${i}: 2`).join("\n");
    const result = await loadYamlFile(write("duplicates.yaml", `${duplicates}\n`));
    expect(result.diagnostics).toHaveLength(MAX_YAML_ERRORS);
    expect(result.diagnostics.map((d) => d.line)).toEqual([2, 4, 6]);
    expect(result.diagnostics[0]?.hint).toContain("7 more YAML problems after it");
  });

  it("reports a refused character in a comment or a key, which no schema sees", async () => {
    const result = await loadYamlFile(write("comment.yaml", "# note\u001b[2J\na\u0007b: 1\n"));
    expect(at(result)).toEqual([
      "1:7 error U+001B ESCAPE at 1:7: delete it",
      "2:2 error U+0007 BELL at 2:2: delete it",
    ]);
  });

  it("reads CRLF line ends as LF: values and positions as with LF", async () => {
    const result = await loadYamlFile(write("crlf.yaml", "a: |\r\n  x\r\n  y\r\nb: 1\r\n"));
    expect(result.diagnostics).toEqual([]);
    expect(result.value).toEqual({ a: "x\ny\n", b: 1 });
  });
});
