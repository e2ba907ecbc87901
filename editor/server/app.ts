// The editor's HTTP surface: one page (the React app, inlined) and a JSON API
// under /api. Every request passes the guard first (guard.ts).
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentResult, Diagnostic } from "../../content/index.ts";
import {
  articlesStatus,
  bodyHtml,
  COVER_MAX_BYTES,
  formatBytes,
  IMAGES_PATH,
  MAX_FILE_BYTES,
  writeIfChanged,
} from "../../content/index.ts";
import { splitPath } from "../app/error-schema.ts";
import { type Accepted, acceptTranslation } from "./accept.ts";
import { articleSource, articleTranslation } from "./article-source.ts";
import { createChecker } from "./check.ts";
import { coverLimits, storeCover, withCover } from "./cover.ts";
import { coverPickRoutes } from "./cover-pick.ts";
import { coverUploads } from "./cover-uploads.ts";
import { deleteRoutes } from "./delete-article.ts";
import { blocking, type Candidate, candidateEdit, versionOf } from "./edit.ts";
import { answerError } from "./errors.ts";
import { listFiles } from "./files.ts";
import { formFor, zodSchemaFor } from "./forms.ts";
import { type GuardContext, refusal } from "./guard.ts";
import { NewArticleBody, newArticleForm, newArticleText, slugFromTitle } from "./new-article.ts";
import { resolveInside } from "./paths.ts";
import { yamlValue } from "./preserve.ts";
import { createPagePreview, tokenInAddress } from "./preview.ts";
import { pageOf } from "./preview-pages.ts";
import { registerPublishRoutes } from "./publish-routes.ts";
import { AcceptBody, EditBody, jsonBody, NewArticleRequest, uploadForm } from "./requests.ts";
import { tokenChoices } from "./tokens.ts";
import { ChangedOnDisk, writeTogether } from "./write-together.ts";

export interface EditorOptions extends GuardContext {
  /** The project folder: data/ is in it. */
  root: string;
  /** The page's script and styles (bundle.ts). */
  assets: { script: string; style: string };
}

const hash = versionOf;

/** What a check or a refused save shows of an edit: its file's diagnostics, its companions, the rest apart. */
const shownEdit = (found: Candidate) => ({
  diagnostics: found.mine,
  caused: found.caused,
  before: found.before,
  companions: found.companions,
});

const withPreview = (found: Candidate) => {
  const preview = previewOf(found.result, found.path);
  return preview ? { preview } : {};
};

export async function createEditorApp(options: EditorOptions) {
  const { root, assets } = options;
  const dataDir = join(root, "data");
  const shownData = "data";
  const pagePreview = createPagePreview(root, options.token);
  const checker = pagePreview.watch(await createChecker(root));
  const uploads = coverUploads(root);
  /** The text of each version a form was opened on, so a save changes only what that form changed. */
  const opened = new Map<string, string>();

  const app = new Hono();
  app.use("*", async (c, next) => {
    const inAddress = c.req.path === "/" || tokenInAddress(c.req.path);
    const token = inAddress ? c.req.query("token") : c.req.header("x-editor-token");
    const refused = refusal(
      { host: c.req.header("host"), origin: c.req.header("origin"), secFetchSite: c.req.header("sec-fetch-site") },
      token,
      options,
    );
    if (refused) {
      // The API answers as it answers everything, `{ error }`; the page's address as text, for a browser to show.
      if (c.req.path.startsWith("/api/")) return c.json({ error: refused.reason }, refused.status);
      return c.text(refused.reason, refused.status);
    }
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "no-referrer");
    c.header("Cache-Control", "no-store");
  });
  app.onError(answerError(root));
  app.notFound((c) => c.json({ error: "no such address in the editor's API" }, 404));
  // The largest file validate reads (MAX_FILE_BYTES) as a form's JSON value, with room for its quoting.
  const maxBody = 2 * 1024 * 1024;
  const limit = bodyLimit({
    maxSize: maxBody,
    onError: (c) =>
      c.json({ error: `refused: a body over ${formatBytes(maxBody)}, more than any file of data/` }, 413, {
        Connection: "close",
      }),
  });
  // A cover upload may be as large as validate allows a cover, with the article's text beside it.
  const coverLimit = bodyLimit({
    maxSize: COVER_MAX_BYTES + MAX_FILE_BYTES + 64 * 1024,
    // Answered before the body is read: the connection is closed, not reused with the rest of the body in it.
    onError: (c) =>
      c.json({ error: `refused: over ${formatBytes(COVER_MAX_BYTES)}, the largest cover` }, 413, {
        Connection: "close",
      }),
  });
  app.use("/api/*", (c, next) => (c.req.path === "/api/cover" ? coverLimit(c, next) : limit(c, next)));

  // No 'unsafe-eval': the forms' validator interprets JSON Schema (editor/app/validator.ts), it compiles nothing.
  app.get("/", (c) => {
    const nonce = randomBytes(16).toString("base64");
    c.header(
      "Content-Security-Policy",
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; img-src 'self' data:; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    return c.html(page(nonce, assets));
  });

  const locales = (result: Awaited<ReturnType<typeof checker.check>>["result"]) =>
    (result.data.locales?.locales ?? [])
      .map((l) => l.code)
      .filter((code) => code !== result.data.locales?.defaultLocale);
  const ofFile = (diagnostics: readonly Diagnostic[], path: string) =>
    diagnostics.filter((d) => d.file === `${shownData}/${path}`);

  app.get("/api/files", async (c) => {
    const { diagnostics, result } = await checker.check();
    const codes = locales(result);
    const untranslated = Object.fromEntries(codes.map((code) => [code, articlesStatus(result, code).untranslated]));
    return c.json({ files: await listFiles(dataDir, codes, diagnostics, shownData, untranslated) });
  });

  app.get("/api/file", async (c) => {
    const path = c.req.query("path") ?? "";
    const absolute = await resolveInside(dataDir, path);
    const text = await readFile(absolute, "utf8").catch(() => undefined);
    const { diagnostics, result } = await checker.check(undefined, { render: path.endsWith(".md") });
    const schema = zodSchemaFor(path, locales(result));
    const preview = previewOf(result, path);
    const version = hash(text ?? "");
    opened.set(version, text ?? "");
    // A file that does not parse (or nests deeper than validate reads) is shown as text with its diagnostics.
    const value = text !== undefined && path.endsWith(".yaml") ? yamlValue(text) : undefined;
    // A language's file is shown beside its English source, field by field.
    const [code, english] = path.split("/");
    const isTranslation = english !== undefined && code !== undefined && locales(result).includes(code);
    const source = isTranslation
      ? await readFile(join(dataDir, english), "utf8").then(yamlValue, () => null)
      : undefined;
    const article = articleTranslation(path, locales(result));
    const mine = ofFile(diagnostics, path);
    const sourceArticle = article
      ? articleSource(dataDir, result, article.code, article.slug, mine, text !== undefined)
      : undefined;
    return c.json({
      path,
      ...(isTranslation ? { locale: code, source } : {}),
      ...(article ? { locale: article.code } : {}),
      ...(sourceArticle ? { sourceArticle } : {}),
      exists: text !== undefined,
      version,
      text: text ?? "",
      value: value ?? null,
      form: schema && value !== undefined ? formFor(schema, result.data) : null,
      diagnostics: mine,
      ...(preview ? { preview } : {}),
      page: pageOf(path) ?? null,
      ...(/^insights\/[a-z0-9-]+\.md$/.test(path) ? { cover: coverLimits } : {}),
      ...(path.endsWith(".md") ? { tokens: tokenChoices(result.data) } : {}),
    });
  });

  app.post("/api/check", async (c) => {
    // A check the page has given up on (a newer keystroke) is skipped while it waits its turn.
    const found = await candidateEdit(dataDir, checker, opened, await jsonBody(c, EditBody), c.req.raw.signal);
    if ("error" in found) return c.json({ error: found.error }, 400);
    return c.json({
      ...shownEdit(found),
      changed: found.text !== found.base,
      text: found.text,
      diskVersion: found.diskVersion,
      ...withPreview(found),
    });
  });

  app.post("/api/save", async (c) => {
    const body = await jsonBody(c, EditBody);
    const found = await candidateEdit(dataDir, checker, opened, body);
    if ("error" in found) return c.json({ error: found.error }, 400);
    const conflict = (disk: string) =>
      c.json(
        {
          error: "the file changed on disk since it was opened",
          conflict: true,
          disk,
          diskVersion: versionOf(disk),
          diagnostics: found.mine,
        },
        409,
      );
    if (found.diskVersion !== body.version) return conflict(found.disk);
    const errors = blocking(found);
    if (errors.length) {
      const where = [...new Set(errors.map((d) => d.file))].join(", ");
      return c.json({ error: `the edit leaves errors in ${where}`, ...shownEdit(found) }, 422);
    }
    try {
      await writeTogether(found.changes);
    } catch (error) {
      if (!(error instanceof ChangedOnDisk)) throw error;
      return conflict(await readFile(error.absolute, "utf8").catch(() => ""));
    }
    const version = versionOf(found.text);
    opened.set(version, found.text);
    const dropped = await uploads.saved(found.path);
    return c.json({
      saved: true,
      version,
      text: found.text,
      diagnostics: found.mine,
      ...(found.companions.length ? { savedWith: found.companions.map((companion) => companion.path) } : {}),
      ...(dropped.length ? { droppedCovers: dropped } : {}),
    });
  });

  deleteRoutes(app, dataDir, checker);
  coverPickRoutes(app, root, dataDir);

  app.get("/api/new-article", async (c) => {
    const { result } = await checker.check();
    return c.json({ form: newArticleForm(result.data) });
  });

  /** Checks a new article's form (`create: false`) or writes it as a draft when it has no errors. */
  app.post("/api/new-article", async (c) => {
    const body = await jsonBody(c, NewArticleRequest);
    const parsed = NewArticleBody.safeParse(body.value ?? {});
    if (!parsed.success) return c.json({ error: "the form's value is not an article's fields" }, 400);
    const slug = slugFromTitle(parsed.data.title ?? "");
    if (!slug) return c.json({ slug, diagnostics: [], error: "a title makes the article's slug" }, 422);
    const path = `insights/${slug}.md`;
    const absolute = await resolveInside(dataDir, path);
    const text = newArticleText(parsed.data, new Date().toISOString().slice(0, 10));
    const { diagnostics } = await checker.check(new Map([[path, text]]));
    const mine = ofFile(diagnostics, path);
    const exists = await readFile(absolute).then(
      () => true,
      () => false,
    );
    if (exists) return c.json({ slug, path, diagnostics: mine, error: `${shownData}/${path} exists already` }, 409);
    if (body.create !== true) return c.json({ slug, path, diagnostics: mine });
    if (mine.some((d) => d.severity === "error")) {
      return c.json({ slug, path, diagnostics: mine, error: "not created: the article has errors" }, 422);
    }
    await writeIfChanged(absolute, text);
    return c.json({ slug, path, diagnostics: mine, created: true });
  });

  /** A cover image for an English article: stored when validate's cover check passes; the article's text gets it. */
  app.post("/api/cover", async (c) => {
    const form = await uploadForm(c);
    const file = form.file;
    const path = form.path ?? "";
    await resolveInside(dataDir, path);
    if (!/^insights\/[a-z0-9-]+\.md$/.test(path)) return c.json({ error: `${path} is not an English article` }, 400);
    if (!(file instanceof File)) return c.json({ error: "no image file in the upload" }, 400);
    const alt = (form.alt ?? "").trim();
    if (!alt) {
      return c.json(
        { error: "not uploaded: a cover image needs its alt text (`imageAlt:`), what the image shows" },
        422,
      );
    }
    // The article's text comes as a file part: a form's text fields would have their line ends made CRLF.
    if (!(form.text instanceof File)) return c.json({ error: "no article text in the upload" }, 400);
    const text = await form.text.text();
    const name = form.name || file.name;
    withCover(text, `${IMAGES_PATH}${name}`, alt); // Throws before anything is stored when the text has no front matter.
    const stored = await storeCover(root, name, new Uint8Array(await file.arrayBuffer()));
    if (!stored.ok) return c.json({ error: `not uploaded: ${stored.message}`, hint: stored.hint }, stored.status);
    uploads.add(stored.src, path);
    return c.json({ src: stored.src, text: withCover(text, stored.src, alt) });
  });

  app.post("/api/accept", async (c) => {
    const body = await jsonBody(c, AcceptBody);
    const path = body.path;
    await resolveInside(dataDir, path);
    const [code, file, more] = path.split("/");
    const { result } = await checker.check();
    // A translated article: all its texts at once, as `translations accept <code> insights/<slug>` does.
    const article = articleTranslation(path, locales(result));
    if (article) {
      const accepted = await acceptTranslation(root, article.code, `insights/${article.slug}`, []);
      const after = await checker.check();
      const diagnostics = ofFile(after.diagnostics, path);
      const sourceArticle = articleSource(dataDir, after.result, article.code, article.slug, diagnostics, true);
      return c.json({ ...refusedAccept(accepted), diagnostics, sourceArticle }, accepted.ok ? 200 : 422);
    }
    if (!code || !file || more !== undefined || !locales(result).includes(code) || !file.endsWith(".yaml")) {
      return c.json({ error: `${path} is not a translation file` }, 400);
    }
    const text = body.text ?? "";
    const accepted = await acceptTranslation(root, code, file, splitPath(text));
    const after = await checker.check();
    return c.json(
      { ...refusedAccept(accepted), diagnostics: ofFile(after.diagnostics, path) },
      accepted.ok ? 200 : 422,
    );
  });

  registerPublishRoutes(app, { root, checker, opened, version: hash, preview: previewOf });
  app.route("/preview", pagePreview.app);

  const close = async () => {
    await uploads.close();
    await pagePreview.close();
    await checker.close();
  };
  return { app, close };
}

/** An accept's answer; a refused one says so in `error`, as every refusal of the API does. */
const refusedAccept = (accepted: Accepted) =>
  accepted.ok ? accepted : { ...accepted, error: `not marked as current: ${accepted.output}` };

/**
 * An article's body as the site shows it: the HTML the CLI renders for
 * `generate` (the site's own pipeline: phrase markers, heading anchors,
 * tables), and its table of contents. None for a draft or an article with errors.
 */
function previewOf(result: ContentResult, path: string): Preview | undefined {
  const match = /^insights\/(?:([a-z]{2})\/)?([a-z0-9-]+)\.md$/.exec(path);
  if (!match) return undefined;
  const [, code, slug] = match;
  const articles = code ? result.translatedArticles.find((t) => t.code === code)?.articles : result.articles;
  const article = articles?.find((a) => a.slug === slug);
  if (!article) return undefined;
  return {
    html: bodyHtml(article)?.toString("utf8") ?? null,
    headings: article.headings.filter((h) => h.depth <= 3).map((h) => ({ id: h.id, text: h.text, depth: h.depth })),
  };
}

export interface Preview {
  html: string | null;
  headings: { id: string; text: string; depth: number }[];
}

function page(nonce: string, assets: { script: string; style: string }): string {
  // `</script` inside the bundle would end the element early.
  const script = assets.script.replaceAll("</script", "<\\/script");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Content editor</title>
<style nonce="${nonce}">${assets.style}</style>
</head>
<body>
<div id="root"></div>
<script type="module" nonce="${nonce}">${script}</script>
</body>
</html>`;
}
