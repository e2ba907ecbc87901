// What the API reads from a request, checked before a handler uses it: JSON
// that parses, nested no deeper than `validate` reads YAML (MAX_NESTING), of
// the shape the route declares here; an upload that is a multipart form.
// Each refusal is an HTTPException 400 with what was wrong (app.ts answers it
// as `{ error }`); anything thrown past these checks is the editor's bug.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { z } from "zod";
import { MAX_NESTING } from "../../content/index.ts";

const bad = (message: string) => new HTTPException(400, { message });

/** Whether `value` nests arrays or objects more than `limit` levels deep; looks no deeper than that. */
export function deeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (limit === 0) return true;
  return Object.values(value).some((item) => deeperThan(item, limit - 1));
}

/** A form's edit of one file: its value (a YAML file's form) or its text as typed (an article, a file that does not parse). */
export const EditBody = z
  .object({
    path: z.string(),
    version: z.string(),
    value: z.unknown().optional(),
    text: z.string().optional(),
    /** Texts typed for the translations the edit needs: by the language's file, by the text's path. */
    translations: z.record(z.string(), z.record(z.string(), z.string())).optional(),
  })
  .refine((body) => body.text !== undefined || (body.value !== undefined && !/\.md$/.test(body.path)), {
    message: "an article is sent as its `text`, a YAML file as its form's `value` or its `text`",
  });

export type EditBody = z.infer<typeof EditBody>;

export const NewArticleRequest = z.object({ value: z.unknown().optional(), create: z.boolean().optional() });

export const AcceptBody = z.object({ path: z.string(), text: z.string().optional() });

/** The longest commit message the editor takes: a subject and a few paragraphs. */
export const MAX_MESSAGE = 5000;

/** A commit of the changes the owner looked at (`version`, from /api/changes) with their message. */
export const CommitBody = z.object({
  version: z.string(),
  message: z
    .string()
    .trim()
    .min(1, { error: "a commit needs a message: what changed, in a line" })
    .max(MAX_MESSAGE, { error: `a commit message of at most ${MAX_MESSAGE} characters` })
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it refuses
    .refine((message) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(message), {
      error: "a commit message of text and line breaks, no control characters",
    }),
});

export const PublishBody = z.object({ path: z.string(), version: z.string() });

const issues = (error: z.ZodError) =>
  error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");

/** The request's JSON body as `schema` reads it, or a 400 saying why not. */
export async function jsonBody<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  const text = await c.req.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw bad(`the body is not JSON: ${(error as Error).message}`);
  }
  if (deeperThan(value, MAX_NESTING)) {
    throw bad(`the body nests values more than ${MAX_NESTING} levels deep, more than validate reads in a data file`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw bad(`the body is not what this address takes: ${issues(parsed.error)}`);
  return parsed.data;
}

/** A cover upload's fields (app.ts says which are missing); a text field where a file belongs is a 400. */
const CoverForm = z.object({
  path: z.string().optional(),
  file: z.instanceof(File).optional(),
  name: z.string().optional(),
  alt: z.string().optional(),
  text: z.instanceof(File).optional(),
});

/** The fields of a multipart upload, or a 400 when it is not one, does not parse, or a field has the wrong kind. */
export async function uploadForm(c: Context): Promise<z.infer<typeof CoverForm>> {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header("content-type") ?? "")) {
    throw bad("an upload is sent as multipart/form-data");
  }
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw bad("the upload does not parse as multipart/form-data");
  }
  const parsed = CoverForm.safeParse(form);
  if (!parsed.success) throw bad(`the upload's fields are not what a cover takes: ${issues(parsed.error)}`);
  return parsed.data;
}
