import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { articleRevisions, articles, mediaFiles } from "~/db/schema";
import { createLocalStorage } from "~/integrations/storage/local.server";
import { MEDIA_MESSAGES } from "~/messages/media";
import { setServices } from "~/services.server";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../../tests/support/db";
import { insertUser, requestAs } from "../../../../tests/support/fixtures";
import { action, loader } from "./media";

let t: TestDatabase;
let root: string;
const context = { requestId: "t", clientIp: "127.0.0.1" };
beforeAll(async () => {
  t = await createTestDatabase();
  root = fs.mkdtempSync(path.join(os.tmpdir(), "media-api-"));
  setServices({
    handle: t.handle,
    storage: createLocalStorage(path.join(root, "storage")),
    uploadDir: path.join(root, "uploads"),
  });
});
afterAll(async () => {
  setServices(undefined);
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function multipart(user: { id: number } | null, file: File, profile = "library") {
  const base = await requestAs(t.db, user, "/admin/api/media");
  const form = new FormData();
  form.set("intent", "upload");
  form.set("bucket", "images");
  form.set("profile", profile);
  form.set("file", file);
  return new Request(base.url, {
    method: "POST",
    headers: { Cookie: base.headers.get("Cookie") ?? "", Origin: "http://localhost" },
    body: form,
  });
}
const rows = async () => (await t.db.select({ n: count() }).from(mediaFiles))[0].n;

describeDb("media API (multipart upload)", () => {
  it("refuses the anonymous before reading anything, and stores nothing", async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const request = await multipart(null, new File([png], "a.png", { type: "image/png" }));
    const thrown = await action({ request, params: {}, context } as never).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await rows()).toBe(0);
  });

  it("an editor uploads (201 with the item), lists, and gets the spec messages for bad files", async () => {
    const editor = await insertUser(t.db, { email: "e@x.com", role: "editor" });
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#f00" } })
      .png()
      .toBuffer();
    const ok = (await action({
      request: await multipart(editor, new File([png], "Kamion Šleper.png", { type: "image/png" })),
      params: {},
      context,
    } as never)) as Response;
    expect(ok.status).toBe(201);
    const body = (await ok.json()) as { ok: boolean; item: { url: string; displayName: string } };
    expect(body.item.displayName).toBe("Kamion_Sleper.png");
    expect(body.item.url).toMatch(/^\/media\/images\/\d{13}_640x480-Kamion_Sleper\.png$/);

    const fake = (await action({
      request: await multipart(editor, new File(["<html>"], "x.png", { type: "image/png" })),
      params: {},
      context,
    } as never)) as Response;
    expect(fake.status).toBe(400);
    expect(((await fake.json()) as { message: string }).message).toBe(MEDIA_MESSAGES.notImage);

    const list = (await loader({
      request: await requestAs(t.db, editor, "/admin/api/media?bucket=images&q=sleper"),
      params: {},
      context,
    } as never)) as Response;
    const page = (await list.json()) as { total: number; items: unknown[] };
    expect(page.total).toBe(1);
    // Each upload went through a temporary file, removed after the answer.
    expect(fs.readdirSync(path.join(root, "uploads"))).toEqual([]);
  });
});

describeDb("media API (deleting a used image, decision 295)", () => {
  it("refuses to delete a used image without a replacement, then puts the replacement everywhere and deletes it", async () => {
    const editor = await insertUser(t.db, { email: "brisanje@x.com", role: "editor" });
    const upload = async (name: string, background: string) => {
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background } })
        .png()
        .toBuffer();
      const res = (await action({
        request: await multipart(editor, new File([png], name, { type: "image/png" })),
        params: {},
        context,
      } as never)) as Response;
      return ((await res.json()) as { item: { url: string; name: string } }).item;
    };
    const old = await upload("stara.png", "#f00");
    const fresh = await upload("nova.png", "#0f0");
    const [article] = await t.db
      .insert(articles)
      .values({
        title: "Sa slikom",
        category: "Vesti",
        status: "publish",
        featuredImage: old.url,
        content: `<figure><img src="${old.url}" alt="Stara"></figure><p><a href="${old.url}">original</a></p>`,
      })
      .returning({ id: articles.id, version: articles.version });
    await t.db.insert(articleRevisions).values({
      articleId: article.id,
      title: "Sa slikom",
      excerpt: "",
      content: `<p><img src="${old.url}"></p>`,
      featuredImage: old.url,
      status: "publish",
      publishedDate: new Date(),
    });
    const remove = async (replaceWith?: string) => {
      const base = await requestAs(t.db, editor, "/admin/api/media", {
        form: { intent: "delete", bucket: "images", name: old.name, ...(replaceWith ? { replaceWith } : {}) },
      });
      return (await action({ request: base, params: {}, context } as never)) as Response;
    };
    const refused = await remove();
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { code: string; usage: { articles: { id: number }[] } };
    expect(body.code).toBe("media.in_use");
    expect(body.usage.articles.map((a) => a.id)).toEqual([article.id]);
    // Not an image of the library: refused, nothing changed.
    expect((await remove("/demo/truck-1.svg")).status).toBe(400);
    expect((await remove(old.url)).status).toBe(400);

    const done = await remove(fresh.url);
    expect(done.status).toBe(200);
    const [after] = await t.db.select().from(articles).where(eq(articles.id, article.id));
    expect(after.featuredImage).toBe(fresh.url);
    expect(after.content).toBe(
      `<figure><img src="${fresh.url}" alt="Stara"></figure><p><a href="${fresh.url}">original</a></p>`,
    );
    expect(after.version).toBe(article.version + 1);
    const [revision] = await t.db
      .select()
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, article.id));
    expect(revision).toMatchObject({ featuredImage: fresh.url, content: `<p><img src="${fresh.url}"></p>` });
    const left = await t.db
      .select({ url: mediaFiles.url })
      .from(mediaFiles)
      .where(eq(mediaFiles.url, old.url));
    expect(left).toEqual([]);
  });
});
