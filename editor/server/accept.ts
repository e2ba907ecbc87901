// "Mark as current": the CLI's own `translations accept <code> <text>`
// (content/accept.ts), run in the editor's process after the editor checked
// what it names; what it says is shown as the CLI would print it.
import { join } from "node:path";
import { acceptTranslations, UsageError } from "../../content/index.ts";
import { textName } from "../../schemas/rules/translation-staleness.ts";
import type { PathSegment } from "../../schemas/suggest.ts";
import { withoutMachinePaths } from "./errors.ts";

export interface Accepted {
  ok: boolean;
  output: string;
}

/** Accepts the text at `path` (all the file's texts when empty) of the translation `code/file`. */
export async function acceptTranslation(
  root: string,
  code: string,
  file: string,
  path: readonly PathSegment[],
): Promise<Accepted> {
  const target = path.length ? textName(file, path) : file.replace(/\.yaml$/, "");
  const lines: string[] = [];
  try {
    await acceptTranslations(join(root, "data"), code, [target], (line) => lines.push(line));
    return { ok: true, output: withoutMachinePaths(lines.join("\n"), root) };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return { ok: false, output: withoutMachinePaths([...lines, error.message].join("\n"), root) };
  }
}
