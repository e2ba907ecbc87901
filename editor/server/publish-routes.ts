// Publishing from the editor, so the owner needs no git of their own: the
// Changes view (every file of data/ and the covers' folder changed since the
// last commit, with git's own diff), a commit of exactly those files under
// the owner's git identity, a push to the branch's upstream, and "Publish" on
// a draft article. Nothing is committed or published that validate refuses.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Hono } from "hono";
import type { ContentResult, Diagnostic } from "../../content/index.ts";
import { writeIfChanged } from "../../content/index.ts";
import type { Checker } from "./check.ts";
import {
  type ChangedFile,
  changedFiles,
  commitFiles,
  diffOf,
  lastCommit,
  missingIdentity,
  push,
  type Repository,
  repository,
} from "./git.ts";
import { resolveInside } from "./paths.ts";
import { ARTICLE_PATH, publishedText } from "./publish.ts";
import { CommitBody, jsonBody, PublishBody } from "./requests.ts";

export interface PublishContext {
  root: string;
  checker: Checker;
  /** The text of each version a form was opened on (app.ts): a published article's new version joins it. */
  opened: Map<string, string>;
  /** A text's version, as app.ts makes it. */
  version: (text: string) => string;
  /** An article's body as the site shows it (app.ts), once it is no draft. */
  preview: (result: ContentResult, path: string) => unknown;
}

/** The most files the view lists (and a commit takes) at once; the most of one file's diff it shows. */
const MAX_FILES = 500;
const MAX_DIFF_BYTES = 200 * 1024;

interface Changes {
  repository: Repository;
  files: (ChangedFile & { diff: string; truncated: boolean })[];
  /** How many files changed: more than `files` lists when over MAX_FILES. */
  total: number;
  /** A fingerprint of the files and their diffs: a commit takes what the owner saw, or nothing. */
  version: string;
}

async function changes(root: string, repo: Repository): Promise<Changes> {
  const found = await changedFiles(root, repo.prefix);
  const files = [];
  for (const file of found.slice(0, MAX_FILES)) {
    const run = await diffOf(root, file, repo.hasHead, MAX_DIFF_BYTES);
    files.push({ ...file, diff: run.code === 0 ? run.stdout : run.stderr, truncated: run.truncated });
  }
  const version = createHash("sha256")
    .update(JSON.stringify(files.map((f) => [f.path, f.from ?? "", f.code, f.diff])))
    .digest("hex")
    .slice(0, 16);
  return { repository: repo, files, total: found.length, version };
}

const errorsIn = (diagnostics: readonly Diagnostic[]) => diagnostics.filter((d) => d.severity === "error");

export function registerPublishRoutes(app: Hono, context: PublishContext): void {
  const { root, checker, opened } = context;
  const dataDir = join(root, "data");

  app.get("/api/changes", async (c) => {
    const repo = await repository(root);
    if ("reason" in repo) return c.json({ repository: null, files: [], error: repo.reason });
    return c.json(await changes(root, repo));
  });

  app.post("/api/commit", async (c) => {
    const body = await jsonBody(c, CommitBody);
    const repo = await repository(root);
    if ("reason" in repo) return c.json({ error: `not committed: ${repo.reason}` }, 409);
    const now = await changes(root, repo);
    if (now.files.length === 0) return c.json({ error: "not committed: no file of data/ changed" }, 409);
    if (now.total > MAX_FILES) {
      return c.json({ error: `not committed: over ${MAX_FILES} changed files; commit them with git itself` }, 409);
    }
    if (now.version !== body.version) {
      return c.json({ error: "not committed: the files changed since you looked; look at the changes again" }, 409);
    }
    const identity = await missingIdentity(root);
    if (identity) return c.json({ error: identity }, 409);
    const errors = errorsIn((await checker.check()).diagnostics);
    if (errors.length > 0) {
      const count = `${errors.length} error${errors.length === 1 ? "" : "s"}`;
      return c.json({ error: `not committed: validate finds ${count} in data/`, diagnostics: errors }, 422);
    }
    const run = await commitFiles(root, now.files, body.message);
    const output = `${run.stdout}${run.stderr}`.trim();
    if (run.code !== 0) return c.json({ error: `not committed: git said ${output}`, output }, 422);
    return c.json({ committed: await lastCommit(root), output, files: now.files.map((f) => f.path) });
  });

  app.post("/api/push", async (c) => {
    const repo = await repository(root);
    if ("reason" in repo) return c.json({ error: `not pushed: ${repo.reason}` }, 409);
    if (!repo.upstream) {
      return c.json({ error: `not pushed: the branch ${repo.branch ?? "(none)"} has no upstream to push to` }, 409);
    }
    const run = await push(root);
    const output = `${run.stdout}${run.stderr}`.trim();
    if (run.code !== 0) return c.json({ ok: false, output, error: `not pushed: git said ${output}` }, 422);
    return c.json({ ok: true, output, upstream: repo.upstream });
  });

  /** A draft article published: `draft: true` gone (an English article dated today), checked, written. */
  app.post("/api/publish", async (c) => {
    const body = await jsonBody(c, PublishBody);
    const path = body.path;
    const absolute = await resolveInside(dataDir, path);
    if (!ARTICLE_PATH.test(path)) return c.json({ error: `${path} is not an article` }, 400);
    const disk = await readFile(absolute, "utf8").catch(() => undefined);
    if (disk === undefined) return c.json({ error: `not published: data/${path} does not exist` }, 404);
    const diskVersion = context.version(disk);
    if (diskVersion !== body.version) {
      return c.json(
        { error: "not published: the file changed on disk since it was opened", conflict: true, disk, diskVersion },
        409,
      );
    }
    const published = publishedText(path, disk, new Date().toISOString().slice(0, 10));
    if ("notDraft" in published) return c.json({ error: `not published: data/${path} is not a draft` }, 409);
    const { diagnostics, result } = await checker.check(new Map([[path, published.text]]), { render: true });
    const mine = diagnostics.filter((d) => d.file === `data/${path}`);
    if (errorsIn(mine).length > 0) {
      return c.json({ error: "not published: the article has errors once published", diagnostics: mine }, 422);
    }
    await writeIfChanged(absolute, published.text);
    const version = context.version(published.text);
    opened.set(version, published.text);
    const preview = context.preview(result, path);
    return c.json({
      published: true,
      version,
      text: published.text,
      diagnostics: mine,
      ...(published.date ? { date: published.date } : {}),
      ...(preview ? { preview } : {}),
    });
  });
}
