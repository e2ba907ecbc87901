// Environment: server (build time). The contact page's texts and the form's
// options reach the browser inside the page's HTML, not its JavaScript.
import type { PageContextServer } from "vike/types";
import { content } from "../../lib/content.ts";

export function data(pageContext: PageContextServer) {
  const { contact, formOptions } = content(pageContext.locale);
  const { form, hero, sidebar } = contact;
  const { arr, industry, role, timeline } = formOptions;
  return { hero, form, options: { role, arr, industry, timeline }, sidebar };
}

export type Data = ReturnType<typeof data>;
