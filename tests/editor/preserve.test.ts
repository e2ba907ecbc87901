import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { preserveYaml } from "../../editor/server/preserve.ts";

const root = join(import.meta.dirname, "..", "..");
const consultants = readFileSync(join(root, "data", "consultants.yaml"), "utf8");

/** The lines of `b` that differ from `a`, as [line number, old, new], for texts of the same line count. */
function changedLines(a: string, b: string): Array<[number, string | undefined, string | undefined]> {
  const x = a.split("\n");
  const y = b.split("\n");
  const out: Array<[number, string | undefined, string | undefined]> = [];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if (x[i] !== y[i]) out.push([i + 1, x[i], y[i]]);
  return out;
}

/** The shape of `sample` below. */
interface Sample {
  title: string;
  count: number;
  items: string[];
  text: string;
  nested: Record<string, string>;
}

const sample = `# a comment that stays
title:   "Quoted, with spaces before"   # and a trailing comment
count: 3

items:
  - one
  # between items
  - 'two'
text: >-
  A folded paragraph that goes on
  over two lines.
nested:
  keep: yes-as-written
  drop: gone
`;

describe("preserveYaml", () => {
  it("leaves an unchanged value byte-identical", () => {
    expect(preserveYaml(consultants, parse(consultants)).text).toBe(consultants);
    expect(preserveYaml(sample, parse(sample)).text).toBe(sample);
  });

  it("changes one consultant's role on its one line", () => {
    const value = parse(consultants);
    value.consultants[1].role = "Principal Partner";
    const { text, rerendered } = preserveYaml(consultants, value);
    expect(rerendered).toBe(false);
    expect(changedLines(consultants, text)).toEqual([[32, "    role: Senior Partner", "    role: Principal Partner"]]);
  });

  const cases: Array<[string, (v: Sample) => void, string]> = [
    [
      "a quoted scalar keeps its quotes and comment",
      (v) => (v.title = "New"),
      `title:   "New"   # and a trailing comment`,
    ],
    ["a number", (v) => (v.count = 4), "count: 4"],
    ["an item appended after the last", (v) => v.items.push("three"), "  - 'two'\n  - three\ntext:"],
    ["an item removed", (v) => v.items.splice(1), "  - one\n  # between items\ntext:"],
    ["a key removed", (v) => delete v.nested.drop, "nested:\n  keep: yes-as-written\n"],
    ["a key added", (v) => (v.nested.added = "new"), "  drop: gone\n  added: new\n"],
    ["a folded text rewritten in place", (v) => (v.text = "Short now."), "text: >-\n  Short now.\nnested:"],
  ];
  it.each(cases)("%s", (_name, change, expected) => {
    const value = parse(sample);
    change(value);
    const { text, rerendered } = preserveYaml(sample, value);
    expect(rerendered).toBe(false);
    expect(parse(text)).toEqual(value);
    expect(text).toContain(expected);
    expect(text.startsWith("# a comment that stays\n")).toBe(true);
  });
});
