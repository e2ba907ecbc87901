// A new article from a short form: its front matter's fields from the
// article schema (title, description, author, tags), the slug from the
// title, the day as its date, and `draft: true` until the owner publishes it.
import { Document, type YAMLSeq } from "yaml";
import { z } from "zod";
import type { DataSet } from "../../schemas/index.ts";
import { ArticleFrontMatterSchema } from "../../schemas/insights.ts";
import { type FormSpec, formFor } from "./forms.ts";

/** The fields the short form asks for; the rest are set (date, draft) or added later in the text. */
const FIELDS = ["title", "description", "author", "tags"] as const;

export interface NewArticle {
  title?: string;
  description?: string;
  author?: string;
  tags?: string[];
}

/** "CRM hygiene: the few fields" → `crm-hygiene-the-few-fields`. */
export function slugFromTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/ß/g, "ss")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/** The form: the schema's own fields; the author and the tags are pickers of what exists (their `refersTo`). */
export function newArticleForm(data: Partial<DataSet>): FormSpec {
  const fields = ArticleFrontMatterSchema.pick({ title: true, description: true, author: true, tags: true });
  const form = formFor(fields, data);
  return { schema: form.schema, uiSchema: { ...form.uiSchema, "ui:order": [...FIELDS] } };
}

/** The file a new article starts as. */
export function newArticleText(fields: NewArticle, today: string): string {
  const front: Record<string, unknown> = {
    title: fields.title ?? "",
    description: fields.description ?? "",
    date: today,
    author: fields.author ?? "",
    tags: fields.tags ?? [],
    draft: true,
  };
  // Tags as every article writes them: `tags: [crm, data]`.
  const doc = new Document(front);
  (doc.get("tags", true) as YAMLSeq).flow = true;
  const yaml = doc.toString({ lineWidth: 0, flowCollectionPadding: false });
  return `---\n${yaml}---\n\nThe first paragraph: what the reader gets from this article.\n`;
}

export const NewArticleBody = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  author: z.string().optional(),
  // A list item added and not filled in yet arrives as null.
  tags: z
    .array(z.unknown())
    .transform((tags) => tags.filter((tag): tag is string => typeof tag === "string"))
    .optional(),
});
