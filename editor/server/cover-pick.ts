// Choosing a cover already in the site instead of uploading one: the images
// of the covers' folder (site/public/images/insights/, the only place
// validate takes a cover from), and an article's text given the chosen one
// after validate's own cover check has passed it.
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { Hono } from "hono";
import { z } from "zod";
import { checkCoverImage, IMAGES_PATH } from "../../content/index.ts";
import { COVER_FILE, withCover } from "./cover.ts";
import { resolveInside } from "./paths.ts";
import { jsonBody } from "./requests.ts";

const PickBody = z.object({ path: z.string(), src: z.string(), alt: z.string(), text: z.string() });

/** The cover images there are, by address (`/images/insights/x.png`), with their size in bytes. */
export async function coverImages(root: string): Promise<{ src: string; bytes: number }[]> {
  const folder = join(root, "site", "public", ...IMAGES_PATH.split("/").filter(Boolean));
  const names = await readdir(folder).catch(() => []);
  const images: { src: string; bytes: number }[] = [];
  for (const name of names.sort()) {
    if (!COVER_FILE.test(name) || name.startsWith(".")) continue;
    const info = await lstat(join(folder, name)).catch(() => undefined);
    if (info?.isFile()) images.push({ src: `${IMAGES_PATH}${name}`, bytes: info.size });
  }
  return images;
}

export function coverPickRoutes(app: Hono, root: string, dataDir: string) {
  app.get("/api/images", async (c) => c.json({ images: await coverImages(root) }));

  app.post("/api/cover-pick", async (c) => {
    const body = await jsonBody(c, PickBody);
    await resolveInside(dataDir, body.path);
    if (!/^insights\/[a-z0-9-]+\.md$/.test(body.path))
      return c.json({ error: `${body.path} is not an English article` }, 400);
    const alt = body.alt.trim();
    if (!alt) return c.json({ error: "a cover image needs its alt text (`imageAlt:`), what the image shows" }, 422);
    if (!(await coverImages(root)).some((image) => image.src === body.src)) {
      return c.json({ error: `${body.src} is not an image of site/public${IMAGES_PATH}` }, 404);
    }
    const problem = await checkCoverImage(body.src, join(root, "site", "public"), new Map());
    if (problem) return c.json({ error: `not chosen: ${problem.message}`, hint: problem.hint }, 422);
    return c.json({ src: body.src, text: withCover(body.text, body.src, alt) });
  });
}
