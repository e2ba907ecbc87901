import { parse as parseContentType } from "content-type";
import type { Context } from "hono";

export type BodyError = {
  status: 400 | 415;
  code: "unsupported_media_type" | "unsupported_charset" | "invalid_encoding" | "malformed_json" | "malformed_body";
  message: string;
};

export type ReadBody = { ok: true; isJson: boolean; body: unknown } | ({ ok: false } & BodyError);

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/**
 * Reads an inquiry body as exactly what was sent, or refuses it: JSON or a
 * form, in UTF-8 only. The bytes are decoded strictly, so invalid UTF-8 is a
 * 400 instead of text with U+FFFD in it; another declared charset is a 415
 * instead of being read as UTF-8; a form body that cannot be parsed is a 400.
 * Form fields that are files are dropped (the forms have none).
 */
export async function readBody(c: Context): Promise<ReadBody> {
  const header = c.req.header("content-type") ?? "";
  let type: string;
  let charset: string | undefined;
  try {
    const parsed = parseContentType(header);
    type = parsed.type;
    charset = parsed.parameters.charset?.toLowerCase();
  } catch {
    type = "";
  }
  const isJson = type === "application/json";
  if (!isJson && !FORM_TYPES.has(type)) {
    return refuse(
      415,
      "unsupported_media_type",
      "send application/json, or a form as application/x-www-form-urlencoded",
    );
  }
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
    return refuse(415, "unsupported_charset", `send the body in UTF-8 (charset=utf-8), not ${charset}`);
  }

  const bytes = new Uint8Array(await c.req.arrayBuffer());
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return refuse(400, "invalid_encoding", "the body is not valid UTF-8");
  }

  if (isJson) {
    try {
      return { ok: true, isJson, body: JSON.parse(text) };
    } catch {
      return refuse(400, "malformed_json", "the body is not valid JSON");
    }
  }
  if (type === "application/x-www-form-urlencoded") {
    const fields = urlEncodedFields(text);
    return fields
      ? { ok: true, isJson, body: fields }
      : refuse(400, "invalid_encoding", "a form field is not valid UTF-8");
  }
  try {
    // The platform's multipart parser, over the bytes already read and checked.
    const form = await new Response(bytes, { headers: { "content-type": header } }).formData();
    const fields = formFields();
    for (const [name, value] of form) if (typeof value === "string") fields[name] ??= value;
    return { ok: true, isJson, body: fields };
  } catch {
    return refuse(400, "malformed_body", "the multipart/form-data body cannot be parsed");
  }
}

/**
 * Fields of an application/x-www-form-urlencoded body, the first value of
 * each name; undefined when a percent-escape is not UTF-8 (URLSearchParams
 * would put U+FFFD in its place).
 */
function urlEncodedFields(text: string): Record<string, string> | undefined {
  const fields = formFields();
  for (const pair of text.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const [rawName, rawValue] = equals === -1 ? [pair, ""] : [pair.slice(0, equals), pair.slice(equals + 1)];
    try {
      const name = decodeURIComponent(rawName.replaceAll("+", " "));
      fields[name] ??= decodeURIComponent(rawValue.replaceAll("+", " "));
    } catch {
      return undefined;
    }
  }
  return fields;
}

/**
 * The fields of a form post, by name, on an object without a prototype: a
 * field named `__proto__` or `constructor` is a field like any other (and so
 * an unknown one, refused like in JSON), not a prototype to set or an
 * inherited property that `??=` would take for a value already there.
 */
function formFields(): Record<string, string> {
  return Object.create(null) as Record<string, string>;
}

function refuse(status: BodyError["status"], code: BodyError["code"], message: string): ReadBody {
  return { ok: false, status, code, message };
}
