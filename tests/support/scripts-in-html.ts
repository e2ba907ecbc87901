// How many scripts, templates and module preloads an HTML page holds (the
// zero-JavaScript copy of a page has none): shared by the unit test of
// withoutScripts and the browser suite's check of every built page.
import { parseDocument } from "htmlparser2";

type Node = { name?: string; attribs?: Record<string, string>; children?: unknown[] };

export function scriptsAndPreloads(html: string): number {
  let found = 0;
  const walk = (nodes: unknown[]) => {
    for (const node of nodes as Node[]) {
      const a = node.attribs ?? {};
      if (node.name === "script" || node.name === "template" || (node.name === "link" && a.rel === "modulepreload"))
        found++;
      if (node.children) walk(node.children);
    }
  };
  walk(parseDocument(html).children);
  return found;
}
