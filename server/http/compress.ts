import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

/** Bodies smaller than this are sent as they are: compressing them costs more than it saves. */
export const MIN_COMPRESS_BYTES = 1024;

const COMPRESSIBLE =
  /^(text\/|application\/(javascript|json|xml|rss\+xml|atom\+xml|manifest\+json)|image\/svg\+xml)/i;

export function isCompressible(contentType: string | null | undefined): boolean {
  return Boolean(contentType && COMPRESSIBLE.test(contentType));
}

/** The best encoding the client accepts (brotli, then gzip), honouring q=0. */
export function chooseEncoding(acceptEncoding: string | undefined | null): Encoding {
  if (!acceptEncoding) return "identity";
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return "identity";
}

/**
 * Compresses a whole body once. Brotli at quality 5 and gzip at level 6 are the usual
 * speed/size balance for dynamic pages; static assets are compressed once and kept.
 */
export function compressBody(
  body: Buffer,
  encoding: Encoding,
  quality: "dynamic" | "static" = "dynamic",
): Buffer {
  if (encoding === "br") {
    return brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality === "static" ? 11 : 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  if (encoding === "gzip") return gzipSync(body, { level: quality === "static" ? 9 : 6 });
  return body;
}
