// How the API answers what a handler throws: a request's own problem as the
// 4xx it is, `{ error }` as every answer of the API says it; anything else is
// the editor's bug, a 500 with its stack printed where the editor runs. No
// answer names a path of this machine.
import { homedir, tmpdir } from "node:os";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { CheckGivenUp } from "./check.ts";
import { PathRefused } from "./paths.ts";
import { UnreadableYaml } from "./preserve.ts";

/** `text` with the project's folder, the temporary folder and the home folder left out. */
export function withoutMachinePaths(text: string, root: string): string {
  const paths = [root, tmpdir(), homedir()].filter((path) => path.length > 1).sort((a, b) => b.length - a.length);
  return paths.reduce((out, path) => out.split(path).join("…"), text);
}

/** The error handler of the editor's app in `root` (app.ts). */
export function answerError(root: string) {
  return (error: Error, c: Context) => {
    if (error instanceof PathRefused) return c.json({ error: `refused: ${error.message}` }, 403);
    if (error instanceof UnreadableYaml) return c.json({ error: `not read: ${error.message}` }, 422);
    // The asker went away before its turn (a check a newer keystroke replaced): nobody reads this answer.
    if (error instanceof CheckGivenUp) return c.json({ error: error.message }, 409);
    // Hono's and requests.ts's refusals (a body over the limit, a body that is not what the route takes).
    if (error instanceof HTTPException) {
      return c.json(
        {
          error: withoutMachinePaths(
            error.message || `refused (${error.status}${error.status === 413 ? ": the body is too large" : ""})`,
            root,
          ),
        },
        error.status,
      );
    }
    console.error(error);
    return c.json(
      { error: `the editor failed (a bug; its terminal shows where): ${withoutMachinePaths(error.message, root)}` },
      500,
    );
  };
}
