import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Context } from "hono";
import { type Language, pageIn } from "../inquiries/language.ts";
import type { InquiryFormState } from "../site/components/form/useInquiryForm.ts";

/**
 * For a visitor without JavaScript whose form the server rejected: render
 * the page that holds the form again, server-side with Vike, with the
 * errors next to the fields and what they typed still in place.
 */
export async function createFormRenderer(serverDir: string) {
  const entry = join(serverDir, "entry.mjs");
  if (!existsSync(entry)) return undefined;
  await import(pathToFileURL(entry).href);
  const { renderPage } = await import("vike/server");
  return async (c: Context, form: InquiryFormState & { language: Language }): Promise<Response> => {
    // The page the form is on, in the language it was sent in: its texts and the messages are that language's.
    const { language, ...inquiryForm } = form;
    const page = pageIn(language, form.kind === "full" ? "/contact" : "/");
    const pageContext = await renderPage({ urlOriginal: page, inquiryForm });
    const body = pageContext.httpResponse?.body;
    if (!body) {
      return c.json(
        { error: { code: "validation_failed", message: "some fields are not valid", fields: form.errors } },
        422,
      );
    }
    c.header("Cache-Control", "no-store");
    return c.html(body, 422);
  };
}
