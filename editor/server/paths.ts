// The only files the editor reads or writes: inside data/ (and the covers'
// folder), named by a path relative to it, resolved and checked on disk.
import { lstat, realpath } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";

export class PathRefused extends Error {
  override name = "PathRefused";
}

const ALLOWED = /\.(ya?ml|md)$/;

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

/**
 * The absolute path of `name` (like `consultants.yaml`, `de/home.yaml`,
 * `insights/crm-hygiene.md`) inside `root`, or PathRefused: an absolute
 * path, `..` out, a file type the editor does not edit, a symbolic link (the
 * file or any folder on its way) or a folder whose real path leaves `root`.
 * A file that does not exist yet is allowed when its folder is inside.
 */
export async function resolveInside(root: string, name: string, allowed = ALLOWED): Promise<string> {
  if (typeof name !== "string" || name === "" || name.includes("\0")) throw new PathRefused("no file named");
  if (isAbsolute(name) || /^[a-zA-Z]:/.test(name)) throw new PathRefused(`${name}: an absolute path`);
  const path = resolve(root, name);
  if (!inside(root, path)) throw new PathRefused(`${name}: outside ${relative(process.cwd(), root) || root}`);
  if (!allowed.test(path)) throw new PathRefused(`${name}: not a file the editor edits`);
  const realRoot = await realpath(root);
  // Every step from the root down must be a plain folder or file, never a link.
  const parts = relative(root, path).split(sep);
  let at = root;
  for (const part of parts) {
    at = resolve(at, part);
    const info = await lstat(at).catch(() => undefined);
    if (!info) break;
    if (info.isSymbolicLink()) throw new PathRefused(`${name}: a symbolic link, refused`);
  }
  const folder = await realpath(dirname(path)).catch(() => undefined);
  if (!folder || !inside(realRoot, folder)) throw new PathRefused(`${name}: its folder is outside the data`);
  return path;
}
