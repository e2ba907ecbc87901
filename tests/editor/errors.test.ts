// The editor's error handler (editor/server/errors.ts) on a Hono app whose
// routes throw what the editor's handlers may throw: a request's problem
// keeps its 4xx, a bug stays a 500, and no answer names a folder of this machine.
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { describe, expect, it } from "vitest";
import { answerError } from "../../editor/server/errors.ts";
import { PathRefused } from "../../editor/server/paths.ts";
import { UnreadableYaml } from "../../editor/server/preserve.ts";

const root = join(tmpdir(), "editor-project");

const app = new Hono();
app.onError(answerError(root));
const thrown: Array<[string, Error, number, string]> = [
  ["a path refused", new PathRefused("../x.yaml: outside data"), 403, "refused: ../x.yaml: outside data"],
  ["a text yaml cannot read", new UnreadableYaml("it does not parse"), 422, "not read: it does not parse"],
  [
    "Hono's 413",
    new HTTPException(413, { res: new Response("Payload Too Large", { status: 413 }) }),
    413,
    "refused (413: the body is too large)",
  ],
  ["a 400 from requests.ts", new HTTPException(400, { message: "the body is not JSON" }), 400, "the body is not JSON"],
  [
    "a bug, naming the project's folder",
    new TypeError(`EISDIR: illegal operation on a directory, open '${join(root, "data", "x.yaml")}'`),
    500,
    "the editor failed (a bug; its terminal shows where): EISDIR: illegal operation on a directory, open '…/data/x.yaml'",
  ],
  ["a bug, naming the home folder", new Error(`ENOENT ${join(homedir(), "x")}`), 500, "ENOENT …/x"],
];
for (const [index, [, error]] of thrown.entries()) {
  app.get(`/${index}`, () => {
    throw error;
  });
}

describe("the editor's answer to an error", () => {
  it.each(thrown.map((row, index) => [...row, index] as const))("%s", async (_name, _error, status, message, index) => {
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const answer = await app.request(`/${index}`);
      expect(answer.status).toBe(status);
      const body = (await answer.json()) as { error: string };
      expect(body.error).toContain(message);
      expect(body.error).not.toContain(root);
      expect(body.error).not.toContain(homedir());
      // Only a bug is printed, with its stack, where the editor runs.
      expect(errors.length).toBe(status === 500 ? 1 : 0);
    } finally {
      console.error = log;
    }
  });
});
