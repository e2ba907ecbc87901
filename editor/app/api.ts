// The editor's API, with the token from the address the page was opened at.
import type { Diagnostic } from "./error-schema.ts";
import type { TokenChoice } from "./tokens.ts";

const token = new URLSearchParams(location.search).get("token") ?? "";

export interface FileEntry {
  path: string;
  kind: "data" | "glossary" | "translation" | "article" | "article translation";
  locale?: string;
  exists: boolean;
  errors: number;
  warnings: number;
  stale: number;
  missing: number;
}

export interface OpenedFile {
  path: string;
  /** A language's file: its code and the English file's value. */
  locale?: string;
  source?: unknown;
  exists: boolean;
  version: string;
  text: string;
  value: unknown;
  form: { schema: Record<string, unknown>; uiSchema: Record<string, unknown> } | null;
  diagnostics: Diagnostic[];
  /** An article: its body as the site renders it. */
  preview?: Preview;
  /** The page of the site the file shows most (`/consultants`, `/de`), or null when none shows it. */
  page: string | null;
  /** An article: the `{tokens}` its text may use. */
  tokens?: TokenChoice[];
  /** A translated article: its English, field by field. */
  sourceArticle?: ArticleSource;
  /** An English article: where its cover goes and validate's limits for it. */
  cover?: CoverLimits;
}

export interface ArticleSourceField {
  field: "title" | "description" | "body";
  english: string;
  state: "current" | "stale" | "unrecorded" | "missing";
  was?: string;
}

export interface ArticleSource {
  path: string;
  fields: ArticleSourceField[];
}

export interface CoverLimits {
  folder: string;
  min: { width: number; height: number };
  maxBytes: number;
}

export type Uploaded = { src: string; text: string } | { error: string; hint?: string };

export interface Preview {
  html: string | null;
  headings: { id: string; text: string; depth: number }[];
}

/** A language's file an edit changes with it (editor/server/edit.ts): the texts it needs, and what validate says. */
export interface Companion {
  path: string;
  locale: string;
  fields: { path: string; english: string; text: string }[];
  diagnostics: Diagnostic[];
}

/** What a check says of an edit beyond its own file: caused elsewhere, there before, and its companions. */
export interface EditReach {
  caused: Diagnostic[];
  before: Diagnostic[];
  companions: Companion[];
}

export interface Checked extends EditReach {
  preview?: Preview;
  diagnostics: Diagnostic[];
  changed: boolean;
  text: string;
  diskVersion: string;
}

export type Saved =
  | { saved: true; version: string; text: string; diagnostics: Diagnostic[]; savedWith?: string[] }
  | { conflict: true; disk: string; diskVersion: string; diagnostics: Diagnostic[] }
  | ({ error: string; diagnostics?: Diagnostic[] } & Partial<EditReach>);

/** Texts typed for an edit's companions: by the language's file, by the text's path. */
export type Typed = Record<string, Record<string, string>>;

/** What a form sends: its value (a YAML file's form), or the text as typed (an article). */
export type Edit = { path: string; version: string; translations?: Typed } & ({ value: unknown } | { text: string });

export async function call<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, {
    ...init,
    // A form's data (an upload) carries its own content type.
    headers: {
      "x-editor-token": token,
      ...(init?.body instanceof FormData ? {} : { "content-type": "application/json" }),
      ...init?.headers,
    },
  });
  const body = (await response.json().catch(() => ({ error: `${response.status} ${response.statusText}` }))) as T;
  if (!response.ok && response.status !== 409 && response.status !== 422) {
    throw new Error((body as { error?: string }).error ?? `${response.status}`);
  }
  return body;
}

export const request = <T>(url: string) => call<T>(url);
export const post = <T>(url: string, body: unknown) => call<T>(url, { method: "POST", body: JSON.stringify(body) });

export const api = {
  files: () => call<{ files: FileEntry[] }>("/api/files"),
  open: (path: string) => call<OpenedFile>(`/api/file?path=${encodeURIComponent(path)}`),
  check: (edit: Edit, signal?: AbortSignal) =>
    call<Checked>("/api/check", { method: "POST", body: JSON.stringify(edit), signal }),
  accept: (path: string, text: string) =>
    call<{ ok: boolean; output: string; diagnostics: Diagnostic[]; error?: string; sourceArticle?: ArticleSource }>(
      "/api/accept",
      {
        method: "POST",
        body: JSON.stringify({ path, text }),
      },
    ),
  images: () => call<{ images: { src: string; bytes: number }[] }>("/api/images"),
  pickCover: (pick: { path: string; src: string; alt: string; text: string }) =>
    call<Uploaded>("/api/cover-pick", { method: "POST", body: JSON.stringify(pick) }),
  cover: (form: FormData) => call<Uploaded>("/api/cover", { method: "POST", body: form }),
  remove: (path: string) =>
    call<{ deleted: true; removed: string[] } | { error: string; caused?: Diagnostic[] }>("/api/delete", {
      method: "POST",
      body: JSON.stringify({ path }),
    }),
  save: (edit: Edit) => call<Saved>("/api/save", { method: "POST", body: JSON.stringify(edit) }),
};

/** The page preview's address for `path` (server/preview.ts); `checks` makes each check's a new address. */
export const pagePreviewAddress = (path: string, checks: number) =>
  `/preview?file=${encodeURIComponent(path)}&token=${encodeURIComponent(token)}&check=${checks}`;
