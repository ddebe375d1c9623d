import { describe, expect, it } from "vitest";
import { type CachedPage, isCacheable, PageCache } from "./page-cache";

const page = (body: string, storedAt = Date.now()): CachedPage => ({
  status: 200,
  headers: [["content-type", "text/html"]],
  body: Buffer.from(body),
  etag: '"x"',
  csp: null,
  encoded: {},
  storedAt,
  route: "/vesti",
  compressible: false,
  varyCookie: false,
  setsCyrillicCookie: false,
  wire: {},
  recorders: [],
});

describe("public page cache", () => {
  it("stores and serves by key, and drops everything on clear", () => {
    const cache = new PageCache();
    cache.set("/vesti", page("a"), cache.currentGeneration());
    expect(cache.get("/vesti")?.body.toString()).toBe("a");
    cache.clear();
    expect(cache.get("/vesti")).toBeUndefined();
  });

  it("does not store a render that began before a clear", () => {
    const cache = new PageCache();
    const generation = cache.currentGeneration();
    cache.clear(); // an article was saved while the page was rendering
    cache.set("/vesti", page("stale"), generation);
    expect(cache.get("/vesti")).toBeUndefined();
  });

  it("expires entries after the TTL", () => {
    const cache = new PageCache({ ttlMs: 1000 });
    cache.set("/", page("a", 0), cache.currentGeneration());
    expect(cache.get("/", 500)).toBeDefined();
    expect(cache.get("/", 1500)).toBeUndefined();
  });

  it("evicts the least recently used entry past its limits", () => {
    const cache = new PageCache({ maxEntries: 2 });
    const g = cache.currentGeneration();
    cache.set("/a", page("a"), g);
    cache.set("/b", page("b"), g);
    cache.get("/a");
    cache.set("/c", page("c"), g);
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")).toBeDefined();
    expect(cache.get("/c")).toBeDefined();
  });

  it("peek looks without counting or reordering; touch counts the hit and makes it the newest", () => {
    const cache = new PageCache({ maxEntries: 2 });
    const g = cache.currentGeneration();
    cache.set("/a", page("a"), g);
    cache.set("/b", page("b"), g);
    const a = cache.peek("/a");
    expect(a?.body.toString()).toBe("a");
    expect(cache.hits).toBe(0);
    expect(cache.misses).toBe(0);
    if (a) cache.touch("/a", a);
    expect(cache.hits).toBe(1);
    cache.set("/c", page("c"), g);
    expect(cache.peek("/b")).toBeUndefined();
    expect(cache.peek("/a")).toBeDefined();
  });

  it("peek drops an entry past the TTL", () => {
    const cache = new PageCache({ ttlMs: 1000 });
    cache.set("/", page("a", 0), cache.currentGeneration());
    expect(cache.peek("/", 1500)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("counts a compressed variant in its byte budget only while the page is held", () => {
    const cache = new PageCache();
    const held = page("a".repeat(100));
    cache.set("/a", held, cache.currentGeneration());
    const before = cache.byteSize;
    cache.addEncoding(held, "gzip", Buffer.alloc(40));
    expect(cache.byteSize).toBe(before + 40);
    cache.clear();
    cache.addEncoding(held, "br", Buffer.alloc(30));
    expect(cache.byteSize).toBe(0);
  });

  it("stores only public 200s to GET without cookies", () => {
    const h = (init: Record<string, string>) => new Headers(init);
    expect(isCacheable("GET", 200, h({ "cache-control": "public, max-age=5" }))).toBe(true);
    expect(isCacheable("HEAD", 200, h({ "cache-control": "public, max-age=5" }))).toBe(true);
    expect(isCacheable("POST", 200, h({ "cache-control": "public" }))).toBe(false);
    expect(isCacheable("GET", 404, h({ "cache-control": "public" }))).toBe(false);
    expect(isCacheable("GET", 200, h({ "cache-control": "private, no-cache" }))).toBe(false);
    expect(isCacheable("GET", 200, h({}))).toBe(false);
    expect(isCacheable("GET", 200, h({ "cache-control": "public", "set-cookie": "a=b" }))).toBe(false);
  });
});
