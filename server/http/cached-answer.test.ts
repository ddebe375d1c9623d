import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { clientAddress, createCachedAnswers, isHttps, type TrustFunction } from "./cached-answer";
import { type CachedPage, PageCache } from "./page-cache";

const HTML = `<!doctype html><html><body>${"<p>Vesti za vozače</p>".repeat(100)}</body></html>`;

function page(overrides: Partial<CachedPage> = {}): CachedPage {
  return {
    status: 200,
    headers: [
      ["content-type", "text/html; charset=utf-8"],
      ["cache-control", "public, max-age=5, stale-while-revalidate=5"],
    ],
    body: Buffer.from(HTML),
    etag: '"abc"',
    csp: "default-src 'self'",
    encoded: {},
    storedAt: Date.now(),
    route: "/vesti",
    compressible: true,
    varyCookie: true,
    setsCyrillicCookie: false,
    wire: {},
    recorders: [],
    ...overrides,
  };
}

const loopback: TrustFunction = (address) => address === "127.0.0.1" || address === "::ffff:127.0.0.1";
const nobody: TrustFunction = () => false;

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

let server: http.Server | undefined;
afterEach(async () => {
  const open = server;
  server = undefined;
  if (open) await new Promise((resolve) => open.close(resolve));
});

/** A server whose early path answers from `cache`; anything else gets "framework" (418). */
async function serve(cache: PageCache, options: { trust?: TrustFunction; draining?: boolean } = {}) {
  const recorded: { route: string; method: string; status: number; seconds: number }[] = [];
  const answer = createCachedAnswers({
    cache,
    trust: options.trust ?? nobody,
    isDraining: () => options.draining ?? false,
    hitRecorder: (route, method, status) => (seconds) => recorded.push({ route, method, status, seconds }),
  });
  server = http.createServer((req, res) => {
    if (answer(req, res)) return;
    res.statusCode = 418;
    res.end("framework");
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const request = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
    new Promise<Reply>((resolve, reject) => {
      const req = http.request(
        { port, host: "127.0.0.1", path, method: init.method ?? "GET", headers: init.headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on("error", reject);
      req.end();
    });
  return { request, recorded };
}

function cacheWith(key: string, entry: CachedPage): PageCache {
  const cache = new PageCache();
  cache.set(key, entry, cache.currentGeneration());
  return cache;
}

describe("cache hits answered before the framework", () => {
  it("a hit: the stored page gzipped, its headers, the security headers, a request id, counted once", async () => {
    const cache = cacheWith("/vesti", page());
    const { request, recorded } = await serve(cache);
    const reply = await request("/vesti", { headers: { "accept-encoding": "gzip, br;q=0" } });
    expect(reply.status).toBe(200);
    expect(reply.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(reply.body).toString()).toBe(HTML);
    expect(reply.headers["content-length"]).toBe(String(reply.body.length));
    expect(reply.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(reply.headers["cache-control"]).toBe("public, max-age=5, stale-while-revalidate=5");
    expect(reply.headers.etag).toBe('"abc"');
    expect(reply.headers.vary).toBe("Cookie, Accept-Encoding");
    expect(reply.headers["content-security-policy"]).toBe("default-src 'self'");
    expect(reply.headers["x-cache"]).toBe("HIT");
    expect(reply.headers["x-content-type-options"]).toBe("nosniff");
    expect(reply.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(reply.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(reply.headers["strict-transport-security"]).toBeUndefined();
    expect(reply.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(reply.headers["set-cookie"]).toBeUndefined();
    expect(cache.hits).toBe(1);
    expect(recorded).toEqual([{ route: "/vesti", method: "GET", status: 200, seconds: expect.any(Number) }]);
    // The compressed variant is kept with the entry.
    expect(cache.peek("/vesti")?.encoded.gzip?.length).toBe(reply.body.length);
  });

  it("no encoding accepted: the page as stored; HEAD: the same headers and no body", async () => {
    const { request, recorded } = await serve(cacheWith("/vesti", page()));
    const plain = await request("/vesti");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(HTML);
    const head = await request("/vesti", { method: "HEAD", headers: { "accept-encoding": "gzip" } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-encoding"]).toBe("gzip");
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    expect(recorded.map((r) => `${r.method} ${r.status}`)).toEqual(["GET 200", "HEAD 200"]);
  });

  it("If-None-Match with the page's ETag: 304 without a body, with its ETag and Vary", async () => {
    const { request, recorded } = await serve(cacheWith("/vesti", page()));
    const reply = await request("/vesti", {
      headers: { "if-none-match": '"abc"', "accept-encoding": "gzip" },
    });
    expect(reply.status).toBe(304);
    expect(reply.body.length).toBe(0);
    expect(reply.headers.etag).toBe('"abc"');
    expect(reply.headers.vary).toBe("Cookie, Accept-Encoding");
    expect(reply.headers["content-encoding"]).toBeUndefined();
    expect(recorded[0].status).toBe(304);
    const other = await request("/vesti", { headers: { "if-none-match": '"old"' } });
    expect(other.status).toBe(200);
  });

  it("a reader who chose Cyrillic asking for a Latin page with a twin goes to the framework (its redirect)", async () => {
    const { request } = await serve(cacheWith("/vesti", page()));
    expect((await request("/vesti", { headers: { cookie: "a=1; pismo=cir" } })).status).toBe(418);
    expect((await request("/vesti", { headers: { cookie: "pismo=lat" } })).status).toBe(200);
    expect((await request("/vesti", { headers: { cookie: "other=1" } })).status).toBe(200);
  });

  it("a Cyrillic page remembers the choice for a reader without the cookie", async () => {
    const entry = page({ varyCookie: false, setsCyrillicCookie: true, route: "/vesti" });
    const { request } = await serve(cacheWith("/cir/vesti", entry));
    const fresh = await request("/cir/vesti");
    expect(fresh.headers["set-cookie"]?.[0]).toMatch(/^pismo=cir; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect(fresh.headers.vary).toBe("Accept-Encoding");
    const chosen = await request("/cir/vesti", { headers: { cookie: "pismo=cir" } });
    expect(chosen.status).toBe(200);
    expect(chosen.headers["set-cookie"]).toBeUndefined();
  });

  it("over HTTPS from a believed proxy: HSTS and a Secure cookie; an unbelieved X-Forwarded-Proto changes nothing", async () => {
    const entry = page({ varyCookie: false, setsCyrillicCookie: true });
    const behind = await serve(cacheWith("/cir/vesti", entry), { trust: loopback });
    const secure = await behind.request("/cir/vesti", { headers: { "x-forwarded-proto": "https" } });
    expect(secure.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(secure.headers["set-cookie"]?.[0]).toContain("; Secure");
    const first = server;
    if (first) await new Promise((resolve) => first.close(resolve));
    const direct = await serve(
      cacheWith("/cir/vesti", page({ varyCookie: false, setsCyrillicCookie: true })),
    );
    const forged = await direct.request("/cir/vesti", { headers: { "x-forwarded-proto": "https" } });
    expect(forged.headers["strict-transport-security"]).toBeUndefined();
    expect(forged.headers["set-cookie"]?.[0]).not.toContain("Secure");
  });

  it("keeps a sane incoming request id and replaces a strange one", async () => {
    const { request } = await serve(cacheWith("/vesti", page()));
    expect(
      (await request("/vesti", { headers: { "x-request-id": "nginx-123.abc" } })).headers["x-request-id"],
    ).toBe("nginx-123.abc");
    expect(
      (await request("/vesti", { headers: { "x-request-id": "a b<c>" } })).headers["x-request-id"],
    ).not.toBe("a b<c>");
  });

  it("a bad Host, a post, a miss or an expired entry go to the framework", async () => {
    const cache = new PageCache({ ttlMs: 1000 });
    cache.set("/vesti", page(), cache.currentGeneration());
    cache.set("/old", page({ storedAt: Date.now() - 5000 }), cache.currentGeneration());
    const { request, recorded } = await serve(cache);
    expect((await request("/vesti", { headers: { host: "bad host" } })).status).toBe(418);
    expect((await request("/vesti", { headers: { "x-forwarded-host": "bad/host" } })).status).toBe(418);
    expect((await request("/vesti", { method: "POST" })).status).toBe(418);
    expect((await request("/vesti?page=2")).status).toBe(418);
    expect((await request("/old")).status).toBe(418);
    expect(recorded).toEqual([]);
    expect(cache.hits).toBe(0);
  });

  it("says Connection: close once shutdown has begun", async () => {
    const { request } = await serve(cacheWith("/vesti", page()), { draining: true });
    expect((await request("/vesti")).headers.connection).toBe("close");
  });

  it("a page not worth compressing is sent as it is, without Vary: Accept-Encoding", async () => {
    const entry = page({
      headers: [
        ["content-type", "application/xml"],
        ["cache-control", "public, max-age=5"],
      ],
      body: Buffer.from("<urlset/>"),
      compressible: false,
      varyCookie: false,
      csp: null,
    });
    const { request } = await serve(cacheWith("/sitemap.xml", entry));
    const reply = await request("/sitemap.xml", {
      headers: { "accept-encoding": "gzip", cookie: "pismo=cir" },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.toString()).toBe("<urlset/>");
    expect(reply.headers.vary).toBeUndefined();
    expect(reply.headers["content-security-policy"]).toBeUndefined();
  });
});

describe("the request as Express sees it", () => {
  const req = (remoteAddress: string, headers: http.IncomingHttpHeaders) =>
    ({ socket: { remoteAddress }, headers }) as unknown as http.IncomingMessage;

  it("https only from a believed hop's X-Forwarded-Proto (its first value)", () => {
    expect(isHttps(req("127.0.0.1", { "x-forwarded-proto": "https, http" }), loopback)).toBe(true);
    expect(isHttps(req("127.0.0.1", { "x-forwarded-proto": "http" }), loopback)).toBe(false);
    expect(isHttps(req("203.0.113.9", { "x-forwarded-proto": "https" }), loopback)).toBe(false);
  });

  it("the client's address: the nearest hop not believed", () => {
    expect(clientAddress(req("127.0.0.1", { "x-forwarded-for": "198.51.100.7" }), loopback)).toBe(
      "198.51.100.7",
    );
    expect(clientAddress(req("127.0.0.1", { "x-forwarded-for": "1.2.3.4, 198.51.100.7" }), loopback)).toBe(
      "198.51.100.7",
    );
    expect(clientAddress(req("203.0.113.9", { "x-forwarded-for": "198.51.100.7" }), loopback)).toBe(
      "203.0.113.9",
    );
    expect(clientAddress(req("127.0.0.1", {}), loopback)).toBe("127.0.0.1");
  });
});

describe("the same answers as Express's own", () => {
  it("req.ip and req.secure for TRUST_PROXY settings, from Express's compiled trust function", async () => {
    const { default: express } = await import("express");
    for (const setting of [false, 1, ["loopback"], ["10.0.0.0/8"]] as const) {
      const app = express();
      app.set("trust proxy", setting);
      const trust = app.get("trust proxy fn") as TrustFunction;
      app.get("/", (req, res) => {
        res.json({ express: [req.ip, req.secure], ours: [clientAddress(req, trust), isHttps(req, trust)] });
      });
      const listening = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => listening.once("listening", resolve));
      const port = (listening.address() as AddressInfo).port;
      const variants: Record<string, string>[] = [
        {},
        { "x-forwarded-for": "198.51.100.7", "x-forwarded-proto": "https" },
        { "x-forwarded-for": "1.2.3.4, 10.1.2.3", "x-forwarded-proto": "http, https" },
      ];
      for (const headers of variants) {
        const body = await (await fetch(`http://127.0.0.1:${port}/`, { headers })).json();
        expect(body.ours, `${JSON.stringify(setting)} ${JSON.stringify(headers)}`).toEqual(body.express);
      }
      await new Promise((resolve) => listening.close(resolve));
    }
  });
});
