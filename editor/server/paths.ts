// The only files the editor reads or writes: inside data/ (and the covers'
// folder), named by a path relative to it, resolved and checked on disk.
import { lstat, realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, relative, resolve, sep } from "node:path";

export class PathRefused extends Error {
  override name = "PathRefused";
}

const ALLOWED = /\.(ya?ml|md)$/;

/** Longer names are refused by the file system itself (ENAMETOOLONG). */
const MAX_NAME_BYTES = 255;

/** Control characters (C0, DEL, C1): no file the editor lists has one, and a terminal would act on them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it matches
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A name as a message shows it: the request's own words, cut short. */
const shown = (name: string) => (name.length > 120 ? `${name.slice(0, 120)}…` : name);

/** The root as a message names it: relative to the working folder, never a path of the machine. */
function shownRoot(root: string): string {
  const rel = relative(process.cwd(), root);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel.split(sep).join("/") : basename(root);
}

/**
 * Why `name` is not written as the editor's own file list writes names, or
 * undefined: folders joined by single `/`, no `.` or `..` part, no trailing
 * `/`, no backslash (a file name character here, a folder on Windows), no
 * control character. One spelling per file, so a diagnostic's file is the
 * file the request names.
 */
function unusual(name: string): string | undefined {
  if (name.includes("\\")) return "a backslash; folders are separated by /";
  if (CONTROL.test(name)) return "a control character";
  const parts = name.split("/");
  if (parts.at(-1) === "") return "a trailing /; name a file";
  if (parts.some((part) => part === "" || part === "." || part === "..")) return "an empty, `.` or `..` part";
  if (parts.some((part) => Buffer.byteLength(part) > MAX_NAME_BYTES))
    return `a part longer than ${MAX_NAME_BYTES} bytes`;
  return undefined;
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

/**
 * The absolute path of `name` (like `consultants.yaml`, `de/home.yaml`,
 * `insights/crm-hygiene.md`) inside `root`, or PathRefused: an absolute
 * path, `..` out, a name not spelled as the file list spells names (a
 * backslash, a control character, a trailing `/`, a `.` or `..` part: see
 * `unusual`), a file type the editor does not edit, a symbolic link (the
 * file or any folder on its way) or a folder whose real path leaves `root`.
 * A file that does not exist yet is allowed when its folder is inside.
 */
export async function resolveInside(root: string, name: string, allowed = ALLOWED): Promise<string> {
  if (typeof name !== "string" || name === "" || name.includes("\0")) throw new PathRefused("no file named");
  if (isAbsolute(name) || /^[a-zA-Z]:/.test(name)) throw new PathRefused(`${shown(name)}: an absolute path`);
  const path = resolve(root, name);
  if (!inside(root, path)) throw new PathRefused(`${shown(name)}: outside ${shownRoot(root)}`);
  const problem = unusual(name);
  if (problem) throw new PathRefused(`${shown(name)}: refused, a file name with ${problem}`);
  if (!allowed.test(path)) throw new PathRefused(`${shown(name)}: not a file the editor edits`);
  const realRoot = await realpath(root);
  // Every step from the root down must be a plain folder or file, never a link.
  const parts = relative(root, path).split(sep);
  let at = root;
  for (const part of parts) {
    at = resolve(at, part);
    const info = await lstat(at).catch(() => undefined);
    if (!info) break;
    if (info.isSymbolicLink()) throw new PathRefused(`${shown(name)}: a symbolic link, refused`);
  }
  const folder = await realpath(dirname(path)).catch(() => undefined);
  if (!folder || !inside(realRoot, folder)) throw new PathRefused(`${shown(name)}: its folder is outside the data`);
  return path;
}
