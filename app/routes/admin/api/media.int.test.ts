import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { mediaFiles } from "~/db/schema";
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
