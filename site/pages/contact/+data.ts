// Environment: server (build time). The contact page's texts and the form's
// options reach the browser inside the page's HTML, not its JavaScript.
import { form, hero, sidebar } from "../../generated/contact.ts";
import { arr, industry, role, timeline } from "../../generated/form-options.ts";

export function data() {
  return { hero, form, options: { role, arr, industry, timeline }, sidebar };
}

export type Data = ReturnType<typeof data>;
