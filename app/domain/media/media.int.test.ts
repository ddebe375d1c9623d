import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { count, eq, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { mediaFiles } from "~/db/schema";
import { createLocalStorage } from "~/integrations/storage/local.server";
import type { Bucket, Storage } from "~/integrations/storage/storage";
import { MEDIA_MESSAGES } from "~/messages/media";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { pngBomb } from "../../../tests/support/png-bomb";
import { inWords } from "../../../tests/support/words";
import { deleteMedia as deleteCoded, listMedia, uploadMedia as uploadCoded } from "./media.server";
import type { UploadProfile } from "./rules";

/** The domain's answers with the message and status the media API gives them (app/http/errors.ts). */
const uploadMedia = async (...args: Parameters<typeof uploadCoded>) => inWords(await uploadCoded(...args));
const deleteMedia = async (...args: Parameters<typeof deleteCoded>) => inWords(await deleteCoded(...args));

let t: TestDatabase;
let root: string;
let storage: Storage;

/** An upload to the media manager ("mediji", 10 MB profile) unless told otherwise. */
const upload = (
  fileName: string,
  bytes: Buffer,
  bucket: Bucket = "mediji",
  profile: UploadProfile = "manager",
) => uploadMedia(t.db, storage, { bucket, profile, fileName, bytes });

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#1e40af" } })
    .png()
    .toBuffer();

beforeAll(async () => {
  t = await createTestDatabase();
  root = fs.mkdtempSync(path.join(os.tmpdir(), "media-int-"));
  storage = createLocalStorage(root);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describeDb("media files kept in step with storage", () => {
  it("stores a raster upload, its WebP variants and one row", async () => {
    const result = await uploadMedia(t.db, storage, {
      bucket: "images",
      profile: "library",
      fileName: "Moj kamion (1).PNG",
      bytes: await png(1600, 900),
      now: 1732251234567,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.item.name).toBe("1732251234567_1600x900-Moj_kamion_1_.png");
    expect(result.item.url).toBe("/media/images/1732251234567_1600x900-Moj_kamion_1_.png");
    expect(result.item).toMatchObject({ mimeType: "image/png", type: "image", width: 1600, height: 900 });
    for (const w of [400, 800, 1200]) {
      const variant = await storage.get("images", `_v/${result.item.name}/${w}.webp`);
      expect(variant?.contentType).toBe("image/webp");
      const chunks: Buffer[] = [];
      for await (const c of variant!.body as AsyncIterable<Buffer>) chunks.push(c);
      expect((await sharp(Buffer.concat(chunks)).metadata()).width).toBe(w);
    }
    const stored = await storage.get("images", result.item.name);
    expect(stored?.contentType).toBe("image/png");
  });

  it("decides the type by the bytes: a PDF named .png is refused, a JPEG named .png is stored as .jpg", async () => {
    const pdf = await uploadMedia(t.db, storage, {
      bucket: "images",
      profile: "library",
      fileName: "slika.png",
      bytes: Buffer.from("%PDF-1.7\n…"),
    });
    expect(pdf).toMatchObject({ ok: false, message: MEDIA_MESSAGES.notImage });
    const jpeg = await sharp({ create: { width: 50, height: 40, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    const ok = await uploadMedia(t.db, storage, {
      bucket: "images",
      profile: "library",
      fileName: "x.png",
      bytes: jpeg,
    });
    expect(ok.ok && ok.item.name.endsWith("-x.jpg") && ok.item.mimeType).toBe("image/jpeg");
  });

  it("a truncated image (right magic, broken body) is not an image", async () => {
    const broken = (await png(100, 100)).subarray(0, 40);
    const r = await uploadMedia(t.db, storage, {
      bucket: "images",
      profile: "library",
      fileName: "a.png",
      bytes: broken,
    });
    expect(r).toMatchObject({ ok: false, code: "media.not_image" });
  });

  it("applies the 5 MB library limit and the 10 MB manager limit", async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024)]);
    expect(
      await uploadMedia(t.db, storage, {
        bucket: "images",
        profile: "library",
        fileName: "a.png",
        bytes: big,
      }),
    ).toMatchObject({
      ok: false,
      message: MEDIA_MESSAGES.tooLarge,
    });
    const huge = Buffer.alloc(10485761);
    expect(
      await uploadMedia(t.db, storage, {
        bucket: "mediji",
        profile: "manager",
        fileName: "a.png",
        bytes: huge,
      }),
    ).toMatchObject({
      ok: false,
      code: "media.manager_too_large",
    });
  });

  it("SVG: refused in the library, accepted in the manager", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect(
      await uploadMedia(t.db, storage, {
        bucket: "images",
        profile: "library",
        fileName: "a.svg",
        bytes: svg,
      }),
    ).toMatchObject({
      ok: false,
      code: "media.not_image",
    });
    const ok = await uploadMedia(t.db, storage, {
      bucket: "mediji",
      profile: "manager",
      fileName: "logo.svg",
      bytes: svg,
    });
    expect(ok.ok && ok.item.mimeType).toBe("image/svg+xml");
    expect(ok.ok && /^\d{13}-logo\.svg$/.test(ok.item.name)).toBe(true);
  });

  it("SVG: stores the sanitised copy, never the upload as it came (the five that passed the old filter)", async () => {
    const ns = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
    const unsafe = [
      `<svg ${ns}><a xlink:href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)"><rect width="9" height="9"/></a></svg>`,
      `<svg ${ns}><a><animate attributeName="href" values="javascript:alert(1)"/><text y="9">x</text></a></svg>`,
      `<svg ${ns}><a><animate attributeName="href" to="javascript:alert(1)" begin="0s"/><text y="9">x</text></a></svg>`,
      `<svg ${ns}><rect width="9" height="9"><set attributeName="onmouseover" to="alert(1)"/></rect></svg>`,
      `<svg ${ns}><style>@im\\port url(https://evil.example/x.css);</style><rect width="9" height="9"/></svg>`,
      `<svg ${ns} onload="alert(document.cookie)"><rect width="9" height="9"/></svg>`,
    ];
    for (const [i, text] of unsafe.entries()) {
      const r = await upload(`vektor-${i}.svg`, Buffer.from(text));
      if (!r.ok) throw new Error(`vector ${i} refused: ${r.code}`);
      const object = await storage.get("mediji", r.item.name);
      const chunks: Buffer[] = [];
      for await (const c of object!.body as AsyncIterable<Buffer>) chunks.push(c);
      const stored = Buffer.concat(chunks).toString("utf8");
      expect(stored, `vector ${i}`).not.toMatch(
        /javascript|alert|evil\.example|<animate|<set|<style|onload/i,
      );
      expect(stored).toMatch(/^<svg[\s>]/);
      expect(r.item.size).toBe(chunks.reduce((n, c) => n + c.length, 0));
    }
  });

  it("SVG: what is not an SVG document after sanitising is refused with the spec's upload error", async () => {
    const noNamespace = await upload("x.svg", Buffer.from('<svg width="10"><rect/></svg>'));
    expect(noNamespace).toMatchObject({ ok: false, status: 400, message: MEDIA_MESSAGES.uploadFailed });
    const entities = await upload(
      "x.svg",
      Buffer.from('<!DOCTYPE svg [<!ENTITY a "b">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>'),
    );
    // The sniffer already stops at the internal subset; the sanitiser would refuse it too.
    expect(entities).toMatchObject({ ok: false, status: 400 });
  });

  it("refuses a PNG bomb by its header and writes nothing (limits.test.ts times it)", async () => {
    const before = (await t.db.select({ n: count() }).from(mediaFiles))[0].n;
    const r = await upload("bomba.png", pngBomb(16_000, 16_000), "images", "library");
    expect(r).toMatchObject({ ok: false, code: "media.too_many_pixels" });
    expect((await t.db.select({ n: count() }).from(mediaFiles))[0].n).toBe(before);
  });

  it("a store that fails mid-upload leaves neither a row nor the original", async () => {
    const before = (await t.db.select({ n: count() }).from(mediaFiles))[0].n;
    const written: string[] = [];
    const failing: Storage = {
      ...storage,
      async put(bucket, key, body, type) {
        if (key.startsWith("_v/")) throw new Error("disk full");
        written.push(key);
        await storage.put(bucket, key, body, type);
      },
    };
    const r = await uploadMedia(t.db, failing, {
      bucket: "images",
      profile: "library",
      fileName: "f.png",
      bytes: await png(900, 600),
    });
    expect(r).toMatchObject({ ok: false, message: MEDIA_MESSAGES.uploadFailed });
    expect((await t.db.select({ n: count() }).from(mediaFiles))[0].n).toBe(before);
    expect(await storage.exists("images", written[0])).toBe(false);
  });

  it("delete removes the row, the file and the variants; a failing store keeps the row", async () => {
    const up = await uploadMedia(t.db, storage, {
      bucket: "images",
      profile: "library",
      fileName: "d.png",
      bytes: await png(500, 300),
    });
    if (!up.ok) throw new Error("upload failed");
    const failing: Storage = { ...storage, delete: async () => Promise.reject(new Error("S3 down")) };
    expect(await deleteMedia(t.db, failing, "images", up.item.name)).toMatchObject({
      ok: false,
      message: "S3 down",
    });
    expect(
      (await t.db.select({ n: count() }).from(mediaFiles).where(eq(mediaFiles.id, up.item.id)))[0].n,
    ).toBe(1);

    expect(await deleteMedia(t.db, storage, "images", up.item.name)).toEqual({ ok: true });
    expect(
      (await t.db.select({ n: count() }).from(mediaFiles).where(eq(mediaFiles.id, up.item.id)))[0].n,
    ).toBe(0);
    expect(await storage.exists("images", up.item.name)).toBe(false);
    expect(await storage.exists("images", `_v/${up.item.name}/400.webp`)).toBe(false);
    expect(await deleteMedia(t.db, storage, "images", up.item.name)).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});

/** A parameter of a logged query as an SQL literal (for EXPLAIN, which takes no parameters here). */
const literal = (value: unknown) =>
  typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;

describeDb("media listing in SQL", () => {
  beforeAll(async () => {
    await t.db.delete(mediaFiles);
    // 50,000 rows across both buckets, like the spec's manager limit, then statistics (PGlite has no autovacuum).
    await t.db.execute(sql`
      insert into media_files (bucket, name, url, size, mime_type, type, created_at, updated_at)
      select case when g % 2 = 0 then 'images' else 'mediji' end,
             (1700000000000 + g)::text || '-' || case when g % 1000 = 0 then 'Šleper-' else 'kamion-' end || g || case when g % 10 = 0 then '.mp4' else '.jpg' end,
             '/media/x/' || g, 1000 + g, 'image/jpeg',
             case when g % 10 = 0 then 'video' else 'image' end,
             now() - (g || ' seconds')::interval, now()
      from generate_series(1, 50000) g`);
    await t.db.execute(sql`vacuum analyze media_files`);
  });

  it("pages newest first with a total, filtered by bucket, type and diacritic-insensitive search", async () => {
    const first = await listMedia(t.db, { bucket: "images", page: 1, perPage: 30 });
    expect(first.total).toBe(25000);
    expect(first.items).toHaveLength(30);
    expect(first.items[0].name.startsWith("1700000000002-")).toBe(true);
    const last = await listMedia(t.db, { bucket: "images", page: 834, perPage: 30 });
    expect(last.items).toHaveLength(10);

    const videos = await listMedia(t.db, { type: "video", page: 1, perPage: 20 });
    expect(videos.total).toBe(5000);
    expect(videos.items.every((i) => i.type === "video")).toBe(true);

    const search = await listMedia(t.db, { q: "sleper", page: 1, perPage: 20 });
    expect(search.total).toBe(50);
    expect(search.items[0].displayName).toMatch(/^Šleper-/);
    const escaped = await listMedia(t.db, { q: "%", page: 1, perPage: 20 });
    expect(escaped.total).toBe(0);
  });

  it("uses an index for the page and the search at 50,000 rows", async () => {
    const plan = async (query: ReturnType<typeof sql>) =>
      ((await t.db.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] }).rows
        .map((r) => Object.values(r)[0])
        .join("\n");
    const page = await plan(
      sql`select * from media_files where bucket = 'images' order by created_at desc, id desc limit 30 offset 0`,
    );
    expect(page).toMatch(/Index Scan|Index Only Scan/);
    expect(page).not.toMatch(/Seq Scan/);
    const search = await plan(
      sql`select * from media_files where search_norm(name) like '%' || search_norm('sleper') || '%' order by created_at desc limit 30`,
    );
    // PGlite picks the trigram index; PostgreSQL may walk media_files_created_idx for the first 30
    // matches instead. Either way: an index, never a scan of the whole table.
    expect(search).toMatch(/media_files_name_trgm_idx|media_files_created_idx/);
    expect(search).not.toMatch(/Seq Scan/);

    // The queries listMedia itself sends for a deep page and a search (its page and its count),
    // planned by the database: each reads through an index, none walks the 50,000 rows. (Their
    // plans, not their time: a busy machine makes a query slower, not a plan worse.)
    const sent: { sql: string; params: unknown[] }[] = [];
    const logger = { logQuery: (query: string, params: unknown[]) => sent.push({ sql: query, params }) };
    const listing = (t.handle.driver === "pglite"
      ? drizzlePglite(t.handle.client as PGlite, { logger })
      : drizzlePg(t.handle.pool as pg.Pool, { logger })) as unknown as Database;
    await listMedia(listing, { bucket: "mediji", page: 500, perPage: 30 });
    await listMedia(listing, { q: "kamion-4999", page: 1, perPage: 30 });
    expect(sent).toHaveLength(4);
    // The count of a whole bucket reads half the table whatever the plan: PostgreSQL rightly takes
    // a Seq Scan or an Index Only Scan depending on its visibility map. Its pages and the search
    // (the page and its count) must go through an index.
    const planned = sent.filter((q) => !/^select count\(\*\)/i.test(q.sql) || /like/i.test(q.sql));
    expect(planned).toHaveLength(3);
    for (const query of planned) {
      const result = await t.handle.db.execute(
        sql.raw(`explain ${query.sql.replace(/\$(\d+)/g, (_, n) => literal(query.params[Number(n) - 1]))}`),
      );
      const text = (result as unknown as { rows: Record<string, string>[] }).rows
        .map((r) => Object.values(r)[0])
        .join("\n");
      expect(text, query.sql).toMatch(/Index|Bitmap/);
      expect(text, query.sql).not.toMatch(/Seq Scan/);
    }
  });
});
