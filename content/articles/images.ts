// The site's own images in articles: a body image must exist in the images
// folder; a cover image (the article's social card) must also be a PNG or a
// JPEG by its bytes, large enough for the card and small enough to be shown.
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { imageSize } from "image-size";
import { suggestion } from "../../schemas/suggest.ts";
import { displayPath, formatBytes } from "../read-text.ts";

export const IMAGES_PATH = "/images/insights/";
/** A cover image is the article's social card: at least the card's size, so it is never scaled up. */
export const COVER_MIN = { width: 1200, height: 630 } as const;
/** The largest cover image X (Twitter) shows on a card; Facebook and LinkedIn take more. */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;

/** An article's cover image (`image:`): in the images folder, there, a PNG or a JPEG by its bytes, at least 1200×630, at most 5 MiB. */
export async function checkCoverImage(src: string, publicDir: string, imageCache: Map<string, Promise<boolean>>) {
  if (!src.startsWith(IMAGES_PATH) || src.includes("..") || src.length === IMAGES_PATH.length) {
    return {
      severity: "error" as const,
      message: `cover image "${src}" is not in ${IMAGES_PATH}`,
      hint: `put the file in site/public${IMAGES_PATH} and write \`image: ${IMAGES_PATH}<file>.png\``,
    };
  }
  const missing = await checkImage(src, publicDir, imageCache);
  if (missing) return missing;
  const path = join(publicDir, src);
  const bytes = await readFile(path);
  if (bytes.length > COVER_MAX_BYTES) {
    return {
      severity: "error" as const,
      message: `cover image ${displayPath(path)} is ${formatBytes(bytes.length)}, over ${formatBytes(COVER_MAX_BYTES)}`,
      hint: `social sites refuse larger cards: save it smaller (a ${COVER_MIN.width}×${COVER_MIN.height} JPEG is far below)`,
    };
  }
  let size: { type?: string | undefined; width?: number | undefined; height?: number | undefined };
  try {
    size = imageSize(bytes);
  } catch {
    size = {};
  }
  if (size.type !== "png" && size.type !== "jpg") {
    return {
      severity: "error" as const,
      message: `cover image ${displayPath(path)} is ${size.type ? `a ${size.type.toUpperCase()} file` : "not an image"}, not a PNG or a JPEG`,
      hint: "social sites read PNG and JPEG: save the image as .png or .jpg",
    };
  }
  const { width = 0, height = 0 } = size;
  if (width < COVER_MIN.width || height < COVER_MIN.height) {
    return {
      severity: "error" as const,
      message: `cover image ${displayPath(path)} is ${width}×${height}, smaller than ${COVER_MIN.width}×${COVER_MIN.height}`,
      hint: `the card is ${COVER_MIN.width}×${COVER_MIN.height}: use an image at least that wide and that high`,
    };
  }
  return undefined;
}

export async function checkImage(src: string, publicDir: string, imageCache: Map<string, Promise<boolean>>) {
  if (!src.startsWith(IMAGES_PATH) || src.includes("..") || src.length === IMAGES_PATH.length) {
    return {
      severity: "error" as const,
      message: `image "${src}" is not in ${IMAGES_PATH}`,
      hint: `the site shows only its own images: put the file in site/public${IMAGES_PATH} and write ![alt](${IMAGES_PATH}<file>)`,
    };
  }
  const path = join(publicDir, src);
  let exists = imageCache.get(path);
  if (!exists) {
    exists = stat(path).then(
      (info) => info.isFile(),
      () => false,
    );
    imageCache.set(path, exists);
  }
  if (await exists) return undefined;
  const name = src.slice(IMAGES_PATH.length);
  const present = await readdir(join(publicDir, IMAGES_PATH)).catch(() => [] as string[]);
  return {
    severity: "error" as const,
    message: `image file not found: ${displayPath(join(publicDir, src))}`,
    hint: present.length
      ? suggestion(name, present, "images", IMAGES_PATH)
      : `add the file to ${displayPath(join(publicDir, IMAGES_PATH))}`,
  };
}
