// A cover image uploaded into the folder `validate` looks in
// (site/public/images/insights/), checked by validate's own cover check
// (content/articles/images.ts: PNG or JPEG by its bytes, the card's size,
// at most COVER_MAX_BYTES) before it gets its name. The article's front
// matter gets `image:` and `imageAlt:`, spliced as written (preserve.ts).
import { randomBytes } from "node:crypto";
import { link, lstat, mkdir, rm, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { COVER_MAX_BYTES, COVER_MIN, checkCoverImage, IMAGES_PATH } from "../../content/index.ts";
import { PathRefused, resolveInside } from "./paths.ts";
import { preserveYaml, readYaml, splitFrontMatter, UnreadableYaml } from "./preserve.ts";

export const COVER_FILE = /\.(png|jpe?g)$/i;

/** What the upload form says of the limits: validate's own. */
export const coverLimits = { folder: IMAGES_PATH, min: COVER_MIN, maxBytes: COVER_MAX_BYTES };

export type Upload =
  | { ok: true; src: string }
  | { ok: false; status: 403 | 409 | 422; message: string; hint?: string | undefined };

/** The covers' folder below `root`, made if missing; refused when any step of it is a symbolic link. */
async function coverFolder(root: string): Promise<string> {
  const steps = ["site", "public", ...IMAGES_PATH.split("/").filter(Boolean)];
  let at = root;
  for (const step of steps) {
    at = join(at, step);
    const info = await lstat(at).catch(() => undefined);
    if (info?.isSymbolicLink()) throw new PathRefused(`${steps.join("/")}: a symbolic link on the way, refused`);
    if (!info) await mkdir(at);
  }
  return at;
}

/** Checks `bytes` as the cover `name` and, when validate has nothing against it, stores it under that name. */
export async function storeCover(root: string, name: string, bytes: Uint8Array): Promise<Upload> {
  if (basename(name) !== name || !COVER_FILE.test(name)) {
    throw new PathRefused(`${name}: a cover is a .png, .jpg or .jpeg file name, with no folder`);
  }
  const folder = await coverFolder(root);
  const target = await resolveInside(folder, name, COVER_FILE);
  const publicDir = join(root, "site", "public");
  // Checked under a temporary name in the same folder, then linked to its name: never over an existing file.
  const temporary = `.upload-${randomBytes(6).toString("hex")}${name.slice(name.lastIndexOf("."))}`;
  const temporaryPath = join(folder, temporary);
  await writeFile(temporaryPath, bytes, { flag: "wx" });
  try {
    const problem = await checkCoverImage(`${IMAGES_PATH}${temporary}`, publicDir, new Map());
    if (problem) {
      return { ok: false, status: 422, message: problem.message.replace(temporary, name), hint: problem.hint };
    }
    try {
      await link(temporaryPath, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      return {
        ok: false,
        status: 409,
        message: `${IMAGES_PATH}${name} exists already`,
        hint: "give the image another name, or pick the existing one in `image:`",
      };
    }
    return { ok: true, src: `${IMAGES_PATH}${name}` };
  } finally {
    await rm(temporaryPath, { force: true });
  }
}

/**
 * An article's text with `image:` and `imageAlt:` set in its front matter;
 * every other line as it was. UnreadableYaml when the text has no front
 * matter, or one that is not a mapping yaml reads.
 */
export function withCover(text: string, src: string, alt: string): string {
  const parts = splitFrontMatter(text);
  if (!parts) throw new UnreadableYaml("the article has no front matter (--- … ---) to add the cover to");
  const value = readYaml(parts.frontMatter).value ?? {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new UnreadableYaml("the article's front matter is not a list of `key: value` lines");
  }
  // One key at a time, so a new `image:` comes before its `imageAlt:`.
  const withImage = preserveYaml(parts.frontMatter, { ...value, image: src }).text;
  const frontMatter = preserveYaml(withImage, { ...value, image: src, imageAlt: alt }).text;
  const opening = "---\n";
  return `${opening}${frontMatter}${text.slice(opening.length + parts.frontMatter.length)}`;
}
