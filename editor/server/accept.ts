// "Mark as current": exactly `npm run translations -- accept <code> <text>`,
// the CLI itself run in the project (through tsx, so the CLI's bundle cache is
// neither used nor written), after the editor checked what it names.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { textName } from "../../schemas/rules/translation-staleness.ts";
import type { PathSegment } from "../../schemas/suggest.ts";
import { withoutMachinePaths } from "./errors.ts";

const run = promisify(execFile);

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
  const args = ["--import", "tsx", join(root, "cli", "run.ts"), "translations", "accept", code, target];
  try {
    const { stdout, stderr } = await run(process.execPath, [...args, "--data", join(root, "data")], { cwd: root });
    return { ok: true, output: `${stdout}${stderr}`.trim() };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    // execFile's message names the command, with the project's folder in it.
    const output = `${failed.stdout ?? ""}${failed.stderr ?? failed.message}`.trim();
    return { ok: false, output: withoutMachinePaths(output, root) };
  }
}
