// The publishing part of the editor's API (editor/server/publish-routes.ts).

import type { Preview } from "./api.ts";
import { post, request } from "./api.ts";
import type { Diagnostic } from "./error-schema.ts";

export interface ChangedFile {
  /** Relative to the project folder, like `data/consultants.yaml`. */
  path: string;
  /** git's two letters: ` M`, `A `, `??`, `R `, ` D`… */
  code: string;
  from?: string;
  diff: string;
  truncated: boolean;
}

export interface Changes {
  repository: { branch: string | null; upstream: string | null; ahead: number; behind: number } | null;
  files: ChangedFile[];
  total?: number;
  version?: string;
  error?: string;
}

export type Committed =
  | { committed: { hash: string; short: string; subject: string }; output: string; files: string[] }
  | { error: string; diagnostics?: Diagnostic[]; output?: string };

export type Pushed = { ok: true; output: string; upstream: string } | { ok?: false; output?: string; error: string };

export type Published =
  | { published: true; version: string; text: string; diagnostics: Diagnostic[]; date?: string; preview?: Preview }
  | { error: string; diagnostics?: Diagnostic[]; conflict?: true };

/** A refusal the API answers with a 4xx other than 409/422 (a 400): as the other answers, `{ error }`. */
const refusal = (error: Error) => ({ error: error.message });

export const publishing = {
  changes: () => request<Changes>("/api/changes"),
  commit: (version: string, message: string) =>
    post<Committed>("/api/commit", { version, message }).catch((error: Error): Committed => refusal(error)),
  push: () => post<Pushed>("/api/push", {}).catch((error: Error): Pushed => refusal(error)),
  publish: (path: string, version: string) =>
    post<Published>("/api/publish", { path, version }).catch((error: Error): Published => refusal(error)),
};

/** What git's two letters say of a file, in words. */
export function changeKind(file: ChangedFile): string {
  const code = file.code;
  if (code === "??" || code.includes("A")) return "new";
  if (code.includes("D")) return "deleted";
  if (code.includes("R")) return `renamed from ${file.from ?? "another name"}`;
  if (code.includes("U")) return "in conflict";
  return "changed";
}
