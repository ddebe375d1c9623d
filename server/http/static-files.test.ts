import fs from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadStaticFiles, serveStaticFiles } from "./static-files";

/**
 * The built client files as browsers and nginx's cache see them: how long each kind may be kept.
 * The service worker must be asked for again every time (docs/decisions/311), so that a deployment
 * replaces it at once.
 */
let dir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "static-files-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.mkdirSync(path.join(dir, "images/app"), { recursive: true });
  fs.writeFileSync(
    path.join(dir, "sw.js"),
    `self.addEventListener("fetch", () => {}); // ${"x".repeat(2000)}`,
  );
  fs.writeFileSync(path.join(dir, "assets/enhance-AbC123.js"), "console.log(1);");
  fs.writeFileSync(path.join(dir, "images/app/icon-192.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const app = express();
  app.use(serveStaticFiles(loadStaticFiles(dir)));
  app.use((_req, res) => {
    res.status(418).end();
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("static files", () => {
  it("serves /sw.js as JavaScript that is revalidated on every use, compressed, with a 304", async () => {
    const response = await fetch(`${base}/sw.js`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const etag = response.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    const again = await fetch(`${base}/sw.js`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("keeps hashed assets for a year, the app's icons for a year, and a page path goes on", async () => {
    expect((await fetch(`${base}/assets/enhance-AbC123.js`)).headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable",
    );
    const icon = await fetch(`${base}/images/app/icon-192.png`);
    expect(icon.headers.get("content-type")).toBe("image/png");
    expect(icon.headers.get("cache-control")).toBe("public, max-age=31536000");
    expect((await fetch(`${base}/sw.json`)).status).toBe(418);
  });
});
