/**
 * Images an e-mail client can show. Gmail and Outlook show no SVG, and desktop Outlook no WebP,
 * so an image of ours in one of those formats is converted once to a JPEG (white background,
 * 1120 px wide for sharp phones) kept in the images bucket under `newsletter/`; JPEG, PNG and GIF
 * are used as they are. Every URL is absolute (the site's public origin). Remote images are linked
 * as they are: we never fetch other sites' URLs from the server.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { responsiveImage } from "~/domain/media/responsive";
import type { Storage } from "~/integrations/storage/storage";
import { logger } from "~/lib/logger.server";
import { CONTENT_WIDTH } from "./email/newsletter-email";

export type EmailImage = { url: string; width: number; height: number | null };

const EMAIL_SAFE = /\.(jpe?g|png|gif)$/i;
const OWN_MEDIA = /^\/media\/(images|mediji)\/(.+)$/;
const CONVERTED_WIDTH = CONTENT_WIDTH * 2;

/** Where the site's static files (/demo, /images) live: the source tree, or the built client. */
const STATIC_ROOTS = ["public", "build/client"];

async function readStatic(urlPath: string): Promise<Buffer | null> {
  const relative = decodeURIComponent(urlPath).replace(/^\/+/, "");
  if (relative.split("/").some((part) => part === ".." || part === "")) return null;
  for (const root of STATIC_ROOTS) {
    const base = path.resolve(root);
    const file = path.resolve(base, relative);
    if (!file.startsWith(`${base}${path.sep}`)) return null;
    try {
      return await fs.readFile(file);
    } catch {
      // Try the next root.
    }
  }
  return null;
}

async function readOwn(storage: Storage, urlPath: string): Promise<Buffer | null> {
  const media = OWN_MEDIA.exec(urlPath);
  if (!media) return readStatic(urlPath);
  const object = await storage.get(media[1] as "images" | "mediji", decodeURIComponent(media[2]));
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

function scaledHeight(width: number | undefined, height: number | undefined): number | null {
  return width && height ? Math.round((CONTENT_WIDTH * height) / width) : null;
}

/**
 * The e-mail version of an image value already resolved for the site (`articleImageUrl`), or
 * null when there is none we can show.
 */
export async function emailImage(
  src: string | null,
  options: { origin: string; storage: Storage },
): Promise<EmailImage | null> {
  if (!src || src.startsWith("data:")) return null;
  const { origin, storage } = options;
  let urlPath = src;
  if (/^https?:\/\//i.test(src)) {
    const url = new URL(src);
    if (url.origin !== origin) return { url: src, width: CONTENT_WIDTH, height: null };
    urlPath = url.pathname;
  }
  if (!urlPath.startsWith("/") || urlPath.startsWith("//")) return null;
  urlPath = urlPath.split(/[?#]/)[0];

  if (EMAIL_SAFE.test(urlPath)) {
    const known = responsiveImage(urlPath);
    return {
      url: `${origin}${urlPath}`,
      width: CONTENT_WIDTH,
      height: scaledHeight(known.width, known.height),
    };
  }
  try {
    const bytes = await readOwn(storage, urlPath);
    if (!bytes) return null;
    const { data, info } = await sharp(bytes, { density: 144 })
      .resize({ width: CONVERTED_WIDTH, withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const key = `newsletter/${createHash("sha256").update(bytes).digest("hex").slice(0, 24)}.jpg`;
    if (!(await storage.exists("images", key))) await storage.put("images", key, data, "image/jpeg");
    return {
      url: `${origin}${storage.publicUrl("images", key)}`,
      width: CONTENT_WIDTH,
      height: scaledHeight(info.width, info.height),
    };
  } catch (error) {
    logger.error(
      { err: error, src: urlPath },
      "newsletter image could not be converted for e-mail; left out",
    );
    return null;
  }
}
