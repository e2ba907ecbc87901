// A cover upload as the editor's page sends it (multipart: the image, its
// name and alt text, the article's path and text), and a PNG to send.
import { PNG } from "pngjs";
import type { Json, RunningEditor } from "./support.ts";

/** A plain PNG of `width` × `height`. */
export function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(200);
  return PNG.sync.write(image);
}

export async function uploadCover(
  editor: RunningEditor,
  upload: { bytes: Uint8Array; name: string; article: string; text: string; alt?: string; token?: string },
): Promise<{ status: number; json: Json }> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(upload.bytes)]), upload.name);
  form.set("name", upload.name);
  form.set("alt", upload.alt ?? "Pipeline by stage, one bar per quarter");
  form.set("path", upload.article);
  form.set("text", new Blob([upload.text], { type: "text/markdown" }), "article.md");
  const response = await fetch(`http://127.0.0.1:${editor.port}/api/cover`, {
    method: "POST",
    headers: { "x-editor-token": upload.token ?? editor.token },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, json: (text.startsWith("{") ? JSON.parse(text) : { error: text }) as Json };
}
