import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { withFinalNewline } from "../../editor/server/like-siblings.ts";
import { newArticleText } from "../../editor/server/new-article.ts";
import { preserveYaml, yamlValue } from "../../editor/server/preserve.ts";

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

// biome-ignore lint/suspicious/noExplicitAny: values parsed from YAML
type Json = Record<string, any>;

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

describe("yamlValue", () => {
  it("reads a text read before from its memo, and each caller gets a copy of its own", () => {
    const text = "consultants:\n  - name: Ada\n    tags: [a, b]\n";
    const [first] = (yamlValue(text) as { consultants: { name: string; tags: string[] }[] }).consultants;
    if (!first) throw new Error("no item read");
    first.name = "changed by a caller";
    first.tags.push("c");
    expect(yamlValue(text)).toEqual({ consultants: [{ name: "Ada", tags: ["a", "b"] }] });
    expect(yamlValue(text)).not.toBe(yamlValue(text));
    // A text that cannot be read stays undefined from the memo too.
    expect(yamlValue("a: [1, 2")).toBeUndefined();
    expect(yamlValue("a: [1, 2")).toBeUndefined();
  });
});

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

describe("a new item is written like its siblings", () => {
  // The last consultant as the form sends it: keys in the order they were filled in (here the reverse).
  const cut = consultants.lastIndexOf("\n\n  - slug:");
  const withoutLast = consultants.slice(0, cut + 1);

  it("a consultant added after the others comes out as the hand-written one: byte for byte", () => {
    expect(cut).toBeGreaterThan(0);
    const value = parse(consultants);
    const last = value.consultants.at(-1);
    value.consultants[value.consultants.length - 1] = Object.fromEntries(Object.entries(last).reverse());
    const { text, rerendered } = preserveYaml(withoutLast, value);
    expect(rerendered).toBe(false);
    // The sibling's key order, the blank line before it, `background: >-` wrapped as wide, block lists, the final newline.
    expect(text).toBe(consultants);
  });

  it("the file's last line without its line feed: the new item starts on a line of its own", () => {
    const value = parse(consultants);
    const { text } = preserveYaml(withoutLast.slice(0, -1), value);
    expect(text).toBe(consultants);
  });

  const lists = `items:
  - name: one
    text: >-
      A folded text.
    tags: [crm, data]

  - name: two
`;

  it.each([
    [
      "a key added to an item: like the same key of its siblings",
      (v: Json) => (v.items[1].tags = ["sales"]),
      "  - name: two\n    tags: [sales]\n",
    ],
    [
      "an item appended: its keys in the order written, its lists flow and its texts fold as the siblings'",
      (v: Json) => v.items.push({ tags: ["x", "y"], name: "three", text: "Folded too." }),
      "  - name: two\n\n  - name: three\n    text: >-\n      Folded too.\n    tags: [x, y]\n",
    ],
  ])("%s", (_name, change, expected) => {
    const value = parse(lists);
    change(value);
    const { text, rerendered } = preserveYaml(lists, value);
    expect(rerendered).toBe(false);
    expect(parse(text)).toEqual(value);
    expect(text).toContain(expected);
  });

  it("a typed text keeps the file's final newline; a new article's tags are a flow list like every article's", () => {
    expect(withFinalNewline("---\ntitle: x\n---\nText.\n", "---\ntitle: x\n---\nText. More")).toMatch(/More\n$/);
    expect(withFinalNewline("no newline", "typed")).toBe("typed");
    const article = newArticleText({ title: "T", tags: ["crm", "data"] }, "2026-11-28");
    expect(article).toContain("\ntags: [crm, data]\n");
    expect(article.endsWith("\n")).toBe(true);
  });
});
