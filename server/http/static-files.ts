/**
 * The built client files (build/client: hashed assets, the favicon, demo and placeholder images),
 * read into memory once at boot and served only under their own prefixes, so that a page URL
 * never costs a file-system lookup. Text files are compressed once per encoding and kept.
 * Hashed assets are immutable for a year; so are the files that never change under their name (the
 * favicons, the demo's and the placeholder images: a changed one gets a new name); the service
 * worker (`/sw.js`, built with each deployment) is revalidated on every use, so that a deployment
 * reaches every reader at once (docs/decisions/311); the others may be cached for an hour.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { chooseEncoding, compressBody, type Encoding, isCompressible, MIN_COMPRESS_BYTES } from "./compress";

type StaticFile = {
  body: Buffer;
  type: string;
  etag: string;
  immutable: boolean;
  /** Long-lived without being hashed (see LONG_LIVED). */
  longLived: boolean;
  /** Revalidated on every use (see ALWAYS_REVALIDATED). */
  noCache: boolean;
  encoded: Partial<Record<Encoding, Buffer>>;
};

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".map": "application/json; charset=utf-8",
};

/** Files kept under one name for good: the favicons, the demo's and the placeholder images. */
const LONG_LIVED = /^\/(?:favicon\.(?:ico|svg)$|demo\/|images\/)/;
const YEAR_S = 31_536_000;
/** The service worker: browsers and proxies must ask for it again every time. */
const ALWAYS_REVALIDATED = new Set(["/sw.js"]);

function walk(dir: string, base: string, out: Map<string, StaticFile>): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name.startsWith(".")) continue;
    if (entry.isDirectory()) {
      walk(full, base, out);
      continue;
    }
    const urlPath = `/${path.relative(base, full).split(path.sep).join("/")}`;
    const body = fs.readFileSync(full);
    out.set(urlPath, {
      body,
      type: TYPES[path.extname(entry.name).toLowerCase()] ?? "application/octet-stream",
      etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`,
      immutable: urlPath.startsWith("/assets/"),
      longLived: LONG_LIVED.test(urlPath),
      noCache: ALWAYS_REVALIDATED.has(urlPath),
      encoded: {},
    });
  }
}

/** The URL prefixes the static files live under (everything else is a page). */
export function staticPrefixes(files: Map<string, StaticFile>): string[] {
  const prefixes = new Set<string>();
  for (const key of files.keys()) {
    const second = key.indexOf("/", 1);
    prefixes.add(second === -1 ? key : key.slice(0, second + 1));
  }
  return [...prefixes];
}

export function loadStaticFiles(clientDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (fs.existsSync(clientDir)) walk(clientDir, clientDir, files);
  return files;
}

/** Express middleware serving the preloaded files; anything else goes on to the pages. */
export function serveStaticFiles(files: Map<string, StaticFile>) {
  const prefixes = staticPrefixes(files);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const pathname = req.path;
    if (!prefixes.some((p) => (p.endsWith("/") ? pathname.startsWith(p) : pathname === p))) return next();
    const file = files.get(pathname);
    if (!file) {
      // Under a static prefix but not a file: a plain 404, no page render.
      res.status(404).type("text/plain; charset=utf-8").send("Datoteka nije pronađena.");
      return;
    }
    res.setHeader(
      "Cache-Control",
      file.immutable
        ? `public, max-age=${YEAR_S}, immutable`
        : file.longLived
          ? `public, max-age=${YEAR_S}`
          : file.noCache
            ? "no-cache"
            : "public, max-age=3600",
    );
    res.setHeader("ETag", file.etag);
    res.setHeader("Content-Type", file.type);
    if (req.headers["if-none-match"] === file.etag) {
      res.status(304).end();
      return;
    }
    let body = file.body;
    if (isCompressible(file.type) && body.length >= MIN_COMPRESS_BYTES) {
      res.setHeader("Vary", "Accept-Encoding");
      const encoding = chooseEncoding(req.headers["accept-encoding"]);
      if (encoding !== "identity") {
        file.encoded[encoding] ??= compressBody(file.body, encoding, "static");
        body = file.encoded[encoding];
        res.setHeader("Content-Encoding", encoding);
      }
    }
    res.setHeader("Content-Length", String(body.length));
    if (req.method === "HEAD") res.end();
    else res.end(body);
  };
}
