// Covers uploaded in this session and not (yet) in a saved article. An upload
// stores the image at once (validate checks it where it lies) but gives the
// article its `image:` line only in the form; saved, the image is the
// article's. When that article is saved without it (another cover chosen, the
// line removed) or the editor stops before it is saved, the image is removed:
// no picture is left in site/public/images/ that no article shows.
import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";

async function articleTexts(dir: string): Promise<string> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const texts = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return articleTexts(path);
      return entry.name.endsWith(".md") ? readFile(path, "utf8").catch(() => "") : "";
    }),
  );
  return texts.join("\n");
}

export function coverUploads(root: string) {
  /** Each upload's address (`/images/insights/x.png`) and the article it was uploaded for. */
  const pending = new Map<string, string>();

  /** Removes the uploads (of `article`, or all) that no article on disk names; answers their addresses. */
  async function sweep(article?: string): Promise<string[]> {
    const due = [...pending].filter(([, of]) => article === undefined || of === article);
    if (due.length === 0) return [];
    const texts = await articleTexts(join(root, "data", "insights"));
    const removed: string[] = [];
    for (const [src] of due) {
      pending.delete(src);
      if (texts.includes(src)) continue;
      await rm(join(root, "site", "public", ...src.split("/").filter(Boolean)), { force: true });
      removed.push(src);
    }
    return removed;
  }

  return {
    add: (src: string, article: string) => pending.set(src, article),
    /** After `article` was saved: its uploads it does not name go. */
    saved: (article: string) => sweep(article),
    /** When the editor stops: every upload no saved article names goes. */
    close: () => sweep(),
  };
}
