import { pipeline } from "node:stream/promises";
import type { Request, Response } from "express";
import { logger } from "~/lib/logger.server";
import { isBucket, isValidKey, type Storage } from "./storage";

/** Headers every stored file is served with (names are time-stamped, so they never change). */
export function mediaHeaders(contentType: string): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Type": contentType,
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-site",
  };
  if (contentType === "image/svg+xml") {
    // Opened directly, an SVG is a document on our origin: no script, no plug-ins, no requests.
    headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
  } else if (!contentType.startsWith("image/")) {
    headers["Content-Disposition"] = "attachment";
    headers["Content-Security-Policy"] = "default-src 'none'; sandbox";
  }
  return headers;
}

/** `GET /media/{bucket}/{key…}`: the stored object with its stored content type. */
export function serveMedia(getStorage: () => Storage) {
  return async (req: Request, res: Response) => {
    const bucket = req.params.bucket;
    const raw = (req.params as unknown as { key: string[] | string }).key;
    const key = Array.isArray(raw) ? raw.join("/") : String(raw ?? "");
    if (!isBucket(bucket) || !isValidKey(key)) {
      res.status(404).type("text/plain; charset=utf-8").send("Nije pronađeno.");
      return;
    }
    try {
      const object = await getStorage().get(bucket, key);
      if (!object) {
        res
          .status(404)
          .set("Cache-Control", "no-store")
          .type("text/plain; charset=utf-8")
          .send("Nije pronađeno.");
        return;
      }
      res.status(200).set(mediaHeaders(object.contentType));
      if (object.size) res.set("Content-Length", String(object.size));
      if (req.method === "HEAD") {
        (object.body as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
        res.end();
        return;
      }
      await pipeline(object.body, res);
    } catch (error) {
      if ((error as { code?: string }).code === "ERR_STREAM_PREMATURE_CLOSE" && req.destroyed) {
        // The visitor went away (closed the page, or the browser dropped a lazy image): not a fault.
        logger.debug({ bucket, key }, "media download aborted by the client");
        return;
      }
      logger.error({ err: error, bucket, key }, "media read failed");
      if (!res.headersSent) res.status(500).type("text/plain; charset=utf-8").send("Greška.");
      else res.destroy();
    }
  };
}
