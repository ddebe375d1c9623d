/**
 * The demo pictures as real uploads. The illustrations in `public/demo` are SVG, which social
 * networks do not show as share images and which get no WebP variants; the seed renders each of
 * them ONCE to JPEG and stores it through the media manager's own path (`uploadMedia`: storage,
 * WebP variants, a media_files row). Every demo article then points at those few uploads.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { DbOrTx } from "~/db/client.server";
import { uploadMedia, variantKeysOf } from "~/domain/media/media.server";
import type { Bucket, Storage } from "~/integrations/storage/storage";
import { DEMO_TRUCK_IMAGES } from "./articles";
import { DEMO_COMPANY_LOGO } from "./companies";

/** Which illustrations become uploads: the article pictures and the company placeholder logo. */
export const RASTERISED_DEMO_IMAGES: readonly string[] = [...DEMO_TRUCK_IMAGES, DEMO_COMPANY_LOGO];
export const DEMO_IMAGE_BUCKET: Bucket = "images";

export type RenderedImage = { demoPath: string; fileName: string; bytes: Buffer };

/**
 * Where `public/demo` is: beside the sources (tsx, vite dev, tests) or, in a production build,
 * copied to `build/client/demo`. Looked up from the working directory and from this module.
 */
export function findDemoDir(): string | null {
  const starts = [process.cwd(), import.meta.dirname];
  for (const start of starts) {
    let dir = start;
    for (let depth = 0; depth < 5; depth++) {
      for (const candidate of ["public/demo", "build/client/demo", "client/demo"]) {
        const full = path.join(dir, candidate);
        if (fs.existsSync(path.join(full, "truck-1.svg"))) return full;
      }
      dir = path.dirname(dir);
    }
  }
  return null;
}

/** Renders each illustration once to JPEG at its own size (the trucks are 1200×675). */
export async function renderDemoImages(dir: string): Promise<RenderedImage[]> {
  return Promise.all(
    RASTERISED_DEMO_IMAGES.map(async (demoPath) => {
      const svg = await fs.promises.readFile(path.join(dir, path.basename(demoPath)));
      const bytes = await sharp(svg).flatten({ background: "#ffffff" }).jpeg({ quality: 85 }).toBuffer();
      return { demoPath, fileName: path.basename(demoPath).replace(/\.svg$/, ".jpg"), bytes };
    }),
  );
}

/**
 * Uploads the rendered images through the media manager's path, one after the other (`db` may be a
 * transaction: one connection answers one query at a time); throws if any upload fails. Returns
 * `/demo/truck-3.svg` → `/media/images/{ms}_1200x675-truck-3.jpg`; every object written
 * (originals and variants) is added to `written` as it lands, so a rolled-back seed can remove
 * them again.
 */
export async function storeDemoImages(
  db: DbOrTx,
  storage: Storage,
  images: RenderedImage[],
  now: Date,
  written: string[],
): Promise<Map<string, string>> {
  const stored = new Map<string, string>();
  for (const [i, image] of images.entries()) {
    const result = await uploadMedia(db, storage, {
      bucket: DEMO_IMAGE_BUCKET,
      profile: "library",
      fileName: image.fileName,
      bytes: image.bytes,
      // One millisecond apart: the media manager lists them in a stable order (newest first).
      now: now.getTime() + i,
    });
    if (!result.ok) throw new Error(`demo image ${image.fileName}: ${result.code}`);
    written.push(result.item.name, ...variantKeysOf(result.item.name));
    stored.set(image.demoPath, result.item.url);
  }
  return stored;
}

const DEMO_PATH = /\/demo\/[a-z0-9-]+\.svg/g;

/** A stored value (an image URL or article HTML) with every rendered illustration's path replaced. */
export function withStoredImages<T extends string | null | undefined>(
  value: T,
  urls: Map<string, string>,
): T {
  if (!value) return value;
  return value.replace(DEMO_PATH, (demoPath) => urls.get(demoPath) ?? demoPath) as T;
}
