// The guards every content file passes before it is parsed (a plain file, at
// most 1 MiB, valid UTF-8), for the YAML data files and the articles alike.
import { isUtf8 } from "node:buffer";
import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { normalizeLineBreaks } from "../schemas/characters.ts";
import { MAX_FILE_BYTES } from "../schemas/text.ts";

export { MAX_FILE_BYTES };

import type { Diagnostic } from "./diagnostic.ts";
import { recordRead } from "./read-log.ts";
import { byStamp, inSnapshot, overlaid } from "./session.ts";
import { lineCounterFor } from "./source.ts";

/** Shows paths relative to the working directory, as editors and CI annotations expect. */
export function displayPath(path: string): string {
  // Under the working folder and plain (as join makes paths): the rest of it, without path.relative's cost
  // (a call per article per check: 3 ms of an editor's keystroke at 1,000 articles).
  const cwd = process.cwd();
  if (sep === "/" && path.startsWith(cwd) && path[cwd.length] === "/" && !path.includes("/.")) {
    return path.slice(cwd.length + 1);
  }
  const rel = relative(process.cwd(), path);
  return rel.startsWith("..") ? path : rel.split("\\").join("/");
}

/** The text of a file, or the diagnostics of why it cannot be read as one. */
export type TextFile = { text: string; diagnostics?: undefined } | { text?: undefined; diagnostics: Diagnostic[] };

/**
 * The guards every content file passes before it is parsed: a plain file,
 * at most MAX_FILE_BYTES, valid UTF-8. A leading byte-order mark is dropped,
 * CRLF line ends read as LF.
 * `kind` names the file in messages ("data file", "article").
 */
export async function readTextFile(path: string, kind = "data file"): Promise<TextFile> {
  const file = displayPath(path);
  const whole = (message: string, hint: string): TextFile => ({ diagnostics: [wholeFile(file, message, hint)] });
  const unsaved = overlaid(path);
  if (unsaved === null) return whole("missing data file", `create ${file}; the site needs every data file`);
  if (unsaved !== undefined) return unsavedText(file, unsaved, kind);
  // A warm session (the editor) reads a file again only when its stat changed; its problems, every time.
  const known = byStamp("text", path, () => readTextFileSync(path, kind).text);
  if (known !== undefined) return { text: known };

  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) return whole("is not a file", "data files are plain .yaml files");
    size = info.size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      recordRead(path, null);
      return whole("missing data file", `create ${file}; the site needs every data file`);
    }
    throw error;
  }
  if (size > MAX_FILE_BYTES) return { diagnostics: [tooLarge(file, size, kind)] };

  const bytes = await readFile(join(path));
  recordRead(path, bytes);
  return decodeText(file, bytes);
}

/** Whether a file is there (for files that may be absent, like a translation not written yet); recorded when not. */
export async function fileExists(path: string): Promise<boolean> {
  const unsaved = overlaid(path);
  if (unsaved !== undefined) return unsaved !== null;
  // A file the warm session's look at data/ saw is there, as the check takes it (no stat, no thread-pool round trip).
  const there =
    inSnapshot(path) ??
    (await stat(path).then(
      () => true,
      () => false,
    ));
  if (!there) recordRead(path, null);
  return there;
}

/**
 * readTextFile without the event loop, for folders of many small files
 * (articles): one open, fstat and read per file, no thread-pool round trips.
 */
export function readTextFileSync(path: string, kind: string): TextFile {
  const read = readBytesSync(path, kind);
  return read.diagnostics ? read : decodeText(displayPath(path), read.bytes);
}

/** The bytes of a file that passed the first guards (a plain file, at most MAX_FILE_BYTES), or why it did not. */
export type FileBytes = { bytes: Buffer; diagnostics?: undefined } | { bytes?: undefined; diagnostics: Diagnostic[] };

/**
 * readTextFileSync's guards and read, without the decoding: for a caller that
 * hashes the bytes too (the articles' records are keyed by them), so that a
 * file is read once. decodeText then checks the UTF-8 and gives the text.
 */
export function readBytesSync(path: string, kind: string): FileBytes {
  const file = displayPath(path);
  const unsaved = overlaid(path);
  if (unsaved === null) return { diagnostics: [wholeFile(file, "is not a file", `${kind}s are plain text files`)] };
  if (unsaved !== undefined) {
    // As written to a file: decodeText then reads it as unsavedText does (a lone surrogate is U+FFFD).
    const bytes = Buffer.from(unsaved, "utf8");
    return bytes.length > MAX_FILE_BYTES ? { diagnostics: [tooLarge(file, bytes.length, kind)] } : { bytes };
  }
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EISDIR")
      return { diagnostics: [wholeFile(file, "is not a file", `${kind}s are plain text files`)] };
    throw error;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return { diagnostics: [wholeFile(file, "is not a file", `${kind}s are plain text files`)] };
    if (info.size > MAX_FILE_BYTES) return { diagnostics: [tooLarge(file, info.size, kind)] };
    return { bytes: readFileSync(fd) };
  } finally {
    closeSync(fd);
  }
}

/** An unsaved text (the editor's), through the same guards and normalization as the file it stands for. */
function unsavedText(file: string, text: string, kind: string): TextFile {
  const size = Buffer.byteLength(text);
  if (size > MAX_FILE_BYTES) return { diagnostics: [tooLarge(file, size, kind)] };
  // As written to a file and read back: a lone surrogate becomes U+FFFD.
  return {
    text: normalizeLineBreaks(
      Buffer.from(text, "utf8")
        .toString("utf8")
        .replace(/^\uFEFF/, ""),
    ),
  };
}

function wholeFile(file: string, message: string, hint: string): Diagnostic {
  return { file, line: 1, column: 1, endLine: 1, endColumn: 1, severity: "error", path: "", message, hint };
}

function tooLarge(file: string, size: number, kind: string): Diagnostic {
  return wholeFile(
    file,
    // The exact byte count too: "1.0 MiB, over the 1 MiB limit" alone reads as a contradiction.
    `file is ${formatBytes(size)} (${size} bytes), over the ${formatBytes(MAX_FILE_BYTES)} limit for a ${kind}`,
    `${kind}s hold text content; split the file or remove what does not belong in it`,
  );
}

/** The text of `bytes` (a file shown as `file`), or where they stop being UTF-8. */
export function decodeText(file: string, bytes: Uint8Array): TextFile {
  const badByte = isUtf8(bytes) ? -1 : firstInvalidUtf8(bytes);
  if (badByte !== -1) {
    const prefix = Buffer.from(bytes.subarray(0, badByte)).toString("utf8");
    const lines = lineCounterFor(prefix);
    const position = lines.linePos(prefix.length);
    const hex = (bytes[badByte] ?? 0).toString(16).toUpperCase().padStart(2, "0");
    return {
      diagnostics: [
        {
          file,
          line: position.line,
          column: position.col,
          endLine: position.line,
          endColumn: position.col + 1,
          severity: "error",
          path: "",
          message: `file is not valid UTF-8: byte 0x${hex} at offset ${badByte}`,
          hint: "save the file with UTF-8 encoding (most editors: File > Save with Encoding > UTF-8)",
        },
      ],
    };
  }
  // A leading byte-order mark is dropped and CRLF line ends read as LF: a file saved on Windows reads like any other.
  return {
    text: normalizeLineBreaks(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
        .toString("utf8")
        .replace(/^\uFEFF/, ""),
    ),
  };
}

/** Offset of the first byte that is not valid UTF-8, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const validPrefix = (length: number) => {
    try {
      // stream: true tolerates a sequence cut off at the end of the prefix.
      new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, length), { stream: true });
      return true;
    } catch {
      return false;
    }
  };
  if (validPrefix(bytes.length)) {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      return -1;
    } catch {
      return startOfBrokenSequence(bytes, bytes.length); // truncated sequence at the very end
    }
  }
  // Binary search for the shortest invalid prefix: its last byte is where decoding fails.
  let low = 0;
  let high = bytes.length;
  while (high - low > 1) {
    const mid = (low + high) >>> 1;
    if (validPrefix(mid)) low = mid;
    else high = mid;
  }
  return startOfBrokenSequence(bytes, high - 1);
}

/**
 * Decoding failed at `at`: point at the lead byte of the broken sequence, not
 * at the byte that revealed it, unless that lead's sequence ended before `at`
 * (then it was a whole character, as in "é" followed by a stray 0x80).
 */
function startOfBrokenSequence(bytes: Uint8Array, at: number): number {
  for (let back = 1; back <= 3 && at - back >= 0; back++) {
    const byte = bytes[at - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return back < length ? at - back : at;
  }
  return at;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`;
}
