// A new node written like the ones beside it, as a person adds an item by
// copying the one above: its keys in the sibling's order, a blank line
// before it where the sibling has one, a folded (`>-`) or literal (`|`) text where
// the sibling's text at that key is, a flow list (`[crm, data]`) where the
// sibling's list is one. What the sibling does not have stays yaml's default.
import { type Document, isMap, isPair, isScalar, isSeq, type Node, type Pair, visit } from "yaml";

const keyOf = (pair: Pair): string | undefined => (isScalar(pair.key) ? String(pair.key.value) : undefined);

/** The pair of `map` whose key is `key`. */
function pairAt(map: Node, key: string | undefined): Pair | undefined {
  return isMap(map) && key !== undefined ? (map.items as Pair[]).find((pair) => keyOf(pair) === key) : undefined;
}

/**
 * `node` shaped after `model` (its sibling, or the sibling's value at the
 * same key); a key the sibling lacks after the first of `others` (the
 * list's other items) that has it. Returns `node`.
 */
export function likeSibling<T>(node: T, model: unknown, others: readonly unknown[] = []): T {
  if (!model || !node || typeof node !== "object") return node;
  const target = node as unknown as Node;
  const sibling = model as Node;
  if (sibling.spaceBefore && !target.spaceBefore) target.spaceBefore = true;
  if (isScalar(target) && isScalar(sibling)) {
    // A text is a block (`>-`, `|`) where the sibling's is; quotes stay yaml's choice (they depend on the text).
    const block = sibling.type === "BLOCK_FOLDED" || sibling.type === "BLOCK_LITERAL";
    if (block && typeof target.value === "string" && target.value !== "") target.type = sibling.type;
  } else if (isSeq(target) && isSeq(sibling)) {
    if (sibling.flow) target.flow = true;
    // Item by item: the sibling's item at the same place, or its last.
    for (const [index, item] of target.items.entries()) likeSibling(item, sibling.items[index] ?? sibling.items.at(-1));
  } else if (isMap(target) && isMap(sibling)) {
    if (sibling.flow) target.flow = true;
    // The sibling's keys in its order, then those only other items have.
    const order = [...new Set([sibling, ...others].flatMap((m) => (isMap(m) ? (m.items as Pair[]).map(keyOf) : [])))];
    const rank = (pair: Pair) => {
      const at = order.indexOf(keyOf(pair));
      return at === -1 ? order.length : at;
    };
    // A stable sort: keys written so far in their order; new ones after them, as they came.
    target.items.sort((a, b) => rank(a as Pair) - rank(b as Pair));
    for (const pair of target.items as Pair[]) {
      const key = keyOf(pair);
      const model = pairAt(sibling, key) ?? others.map((other) => pairAt(other as Node, key)).find(Boolean);
      if (!model || !isPair(pair)) continue;
      if ((model.key as Node | null)?.spaceBefore && pair.key && typeof pair.key === "object") {
        (pair.key as Node).spaceBefore = true;
      }
      likeSibling(pair.value, model.value);
    }
  }
  return node;
}

/** The value at `key` in the other items of the list `list` (the one `except` is not), the first that has one. */
export function siblingValue(list: unknown, except: number, key: string): Node | undefined {
  if (!isSeq(list)) return undefined;
  for (const [index, item] of list.items.entries()) {
    if (index === except) continue;
    const pair = pairAt(item as Node, key);
    if (pair?.value) return pair.value as Node;
  }
  return undefined;
}

/** The width the file's folded (`>-`) texts are wrapped at by hand: its longest line in one; undefined if it has none. */
export function foldedWidth(doc: Document, text: string): number | undefined {
  let widest: number | undefined;
  visit(doc, {
    Scalar(_key, node) {
      if (node.type !== "BLOCK_FOLDED" || !node.range) return;
      for (const line of text.slice(node.range[0], node.range[1]).split("\n").slice(1)) {
        widest = Math.max(widest ?? 0, line.trimEnd().length);
      }
    },
  });
  return widest;
}

/**
 * A typed text keeps the file's final line feed: typing at the end of the
 * last line (CodeMirror has no line after it) does not take it away. A new
 * file (no `base`) ends with one too.
 */
export function withFinalNewline(base: string, typed: string): string {
  const had = base === "" || base.endsWith("\n");
  return had && typed !== "" && !typed.endsWith("\n") ? `${typed}\n` : typed;
}
