/**
 * The public page cache (docs/decisions/064): finished public responses — HTML, feeds, sitemaps —
 * kept in memory by URL, so that a popular article is rendered once, not once per reader.
 *
 * A response is stored only when it is a 200 to a GET, marked `Cache-Control: public` by its
 * route and sets no cookie. Every entry is dropped when public content changes (the content-change
 * signal: any admin write, a job, another process via PostgreSQL NOTIFY), and none is served
 * after `ttlMs` anyway, so that time-based content (banner dates, scheduled articles) moves on.
 * Compressed variants are made once per entry and kept with it.
 */
import { isSharedCacheControl } from "~/lib/http-cache";
import type { Encoding } from "./compress";

export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  /** The page's Content-Security-Policy, by script hashes (a nonce must not be reused). */
  csp: string | null;
  encoded: Partial<Record<Encoding, Buffer>>;
  storedAt: number;
};

export type PageCacheOptions = { maxEntries?: number; maxBytes?: number; ttlMs?: number };

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;
  private generation = 0;
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly ttlMs: number;
  hits = 0;
  misses = 0;

  constructor(options: PageCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 2000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.ttlMs = options.ttlMs ?? 60_000;
  }

  /** A token taken before rendering: a render that started before a clear() is not stored. */
  currentGeneration(): number {
    return this.generation;
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    const page = this.entries.get(key);
    if (!page) {
      this.misses++;
      return undefined;
    }
    if (now - page.storedAt > this.ttlMs) {
      this.delete(key);
      this.misses++;
      return undefined;
    }
    // Least recently used goes first: re-insert on every hit.
    this.entries.delete(key);
    this.entries.set(key, page);
    this.hits++;
    return page;
  }

  set(key: string, page: CachedPage, generation: number): void {
    if (generation !== this.generation) return;
    const size = sizeOf(page);
    if (size > this.maxBytes / 10) return;
    this.delete(key);
    this.entries.set(key, page);
    this.bytes += size;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  /** Keeps a compressed variant with its entry (accounted in the byte budget). */
  addEncoding(page: CachedPage, encoding: Encoding, body: Buffer): void {
    page.encoded[encoding] = body;
    this.bytes += body.length;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get byteSize(): number {
    return this.bytes;
  }

  private delete(key: string): void {
    const page = this.entries.get(key);
    if (!page) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(page);
  }
}

function sizeOf(page: CachedPage): number {
  let size = page.body.length + 512;
  for (const encoded of Object.values(page.encoded)) size += encoded?.length ?? 0;
  return size;
}

/** Whether a finished response may be stored (see the module comment). */
export function isCacheable(method: string, status: number, headers: Headers): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (status !== 200) return false;
  if (headers.has("set-cookie")) return false;
  return isSharedCacheControl(headers.get("cache-control"));
}
