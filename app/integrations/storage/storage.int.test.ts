/**
 * Both storage drivers behind one set of tests: local files, and S3 against s3rver (an
 * S3-compatible server) on 127.0.0.1 with a free port. Also the public serving path's headers.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteMedia, listMedia, uploadMedia } from "~/domain/media/media.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/db";
import { createBucketDestination } from "./backup-destination.server";
import { createLocalStorage } from "./local.server";
import { createS3Storage } from "./s3.server";
import { serveMedia } from "./serve.server";
import type { Storage } from "./storage";

let tmp: string;
let s3server: { run(): Promise<AddressInfo>; close(): Promise<void> };
let s3: Storage;
let local: Storage;
let t: TestDatabase;

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body as AsyncIterable<Buffer | Uint8Array>) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "storage-int-"));
  s3server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.join(tmp, "s3"),
    configureBuckets: [{ name: "bv-images" }, { name: "bv-mediji" }, { name: "bv-backups" }],
  });
  const address = await s3server.run();
  s3 = createS3Storage({
    endpoint: `http://127.0.0.1:${address.port}`,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
    bucketNames: { images: "bv-images", mediji: "bv-mediji" },
  });
  local = createLocalStorage(path.join(tmp, "local"));
  t = await createTestDatabase();
});
afterAll(async () => {
  await s3server?.close();
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

for (const driver of ["local", "s3"] as const) {
  describe(`storage driver: ${driver}`, () => {
    const storage = () => (driver === "local" ? local : s3);

    it("put, exists, get with the stored content type, delete", async () => {
      const body = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>");
      await storage().put("mediji", "1700000000000-a.svg", body, "image/svg+xml");
      expect(await storage().exists("mediji", "1700000000000-a.svg")).toBe(true);
      const got = await storage().get("mediji", "1700000000000-a.svg");
      expect(got?.contentType).toBe("image/svg+xml");
      expect((await readAll(got!.body)).equals(body)).toBe(true);
      await storage().delete("mediji", "1700000000000-a.svg");
      expect(await storage().exists("mediji", "1700000000000-a.svg")).toBe(false);
      expect(await storage().get("mediji", "1700000000000-a.svg")).toBeNull();
      await storage().delete("mediji", "1700000000000-a.svg");
    });

    it("lists every key of a bucket, nested ones too (what a backup walks)", async () => {
      await storage().put("mediji", "1700000000001-lista.txt", Buffer.from("a"), "text/plain");
      await storage().put("mediji", "_v/1700000000001_2x2-b.png/2.webp", Buffer.from("b"), "image/webp");
      const keys: string[] = [];
      for await (const key of storage().list("mediji")) keys.push(key);
      expect(keys).toEqual(
        expect.arrayContaining(["1700000000001-lista.txt", "_v/1700000000001_2x2-b.png/2.webp"]),
      );
      await storage().delete("mediji", "1700000000001-lista.txt");
      await storage().delete("mediji", "_v/1700000000001_2x2-b.png/2.webp");
    });

    it("nested variant keys work; unsafe keys are refused", async () => {
      await storage().put("images", "_v/1_2x2-a.png/2.webp", Buffer.from("x"), "image/webp");
      expect(await storage().exists("images", "_v/1_2x2-a.png/2.webp")).toBe(true);
      await expect(
        storage().put("images", "../escape.txt", Buffer.from("x"), "text/plain"),
      ).rejects.toThrow();
      await expect(storage().get("images", "a/../../b")).rejects.toThrow();
    });

    it("uploadMedia and deleteMedia keep rows and objects in step", async () => {
      const png = await sharp({ create: { width: 900, height: 500, channels: 3, background: "#0a0" } })
        .png()
        .toBuffer();
      const up = await uploadMedia(t.db, storage(), {
        bucket: "images",
        profile: "library",
        fileName: `${driver}.png`,
        bytes: png,
      });
      if (!up.ok) throw new Error(up.code);
      expect(await storage().exists("images", up.item.name)).toBe(true);
      expect(await storage().exists("images", `_v/${up.item.name}/800.webp`)).toBe(true);
      const listed = await listMedia(t.db, { bucket: "images", q: driver, page: 1, perPage: 20 });
      expect(listed.items.map((i) => i.id)).toContain(up.item.id);
      expect(await deleteMedia(t.db, storage(), "images", up.item.name)).toEqual({ ok: true });
      expect(await storage().exists("images", up.item.name)).toBe(false);
      expect(await storage().exists("images", `_v/${up.item.name}/800.webp`)).toBe(false);
    });

    it("serves /media/{bucket}/{key} with the stored type, a long cache, nosniff, and a sandbox for SVG", async () => {
      const app = express();
      app.get("/media/:bucket/*key", serveMedia(storage));
      const server = app.listen(0, "127.0.0.1");
      await new Promise((r) => server.once("listening", r));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        // A PNG body stored under a .svg name: the stored type wins, never the name.
        const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#000" } })
          .png()
          .toBuffer();
        await storage().put("images", "1700000000001-trick.svg", png, "image/png");
        const r1 = await fetch(`${base}/media/images/1700000000001-trick.svg`);
        expect(r1.status).toBe(200);
        expect(r1.headers.get("content-type")).toBe("image/png");
        expect(r1.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(r1.headers.get("x-content-type-options")).toBe("nosniff");
        expect(Buffer.from(await r1.arrayBuffer()).equals(png)).toBe(true);

        await storage().put(
          "mediji",
          "1700000000002-logo.svg",
          Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
          "image/svg+xml",
        );
        const r2 = await fetch(`${base}/media/mediji/1700000000002-logo.svg`);
        expect(r2.headers.get("content-type")).toBe("image/svg+xml");
        expect(r2.headers.get("content-security-policy")).toBe(
          "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        );

        await storage().put("images", "_v/1700000000003_2x2-a.png/2.webp", Buffer.from("RIFF"), "image/webp");
        const r3 = await fetch(`${base}/media/images/_v/1700000000003_2x2-a.png/2.webp`);
        expect(r3.headers.get("content-type")).toBe("image/webp");

        expect((await fetch(`${base}/media/images/nema.png`)).status).toBe(404);
        expect((await fetch(`${base}/media/drugi/a.png`)).status).toBe(404);
        expect((await fetch(`${base}/media/images/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
      } finally {
        await new Promise((r) => server.close(r));
      }
    });
  });
}

describe("nightly backups into a bucket (BACKUP_BUCKET)", () => {
  it("stores an archive under its name, lists it and removes it", async () => {
    const client = (s3 as Storage & { client: import("@aws-sdk/client-s3").S3Client }).client;
    const destination = createBucketDestination(client, "bv-backups");
    const file = path.join(tmp, "archive.tar");
    fs.writeFileSync(file, Buffer.alloc(64 * 1024, 7));
    const name = "balkan-vozaci-20261125T080000Z.tar";
    expect(await destination.store(file, name)).toBe(`s3://bv-backups/${name}`);
    expect(await destination.list()).toEqual([name]);
    await destination.remove(name);
    expect(await destination.list()).toEqual([]);
  });
});
