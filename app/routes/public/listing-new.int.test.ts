/**
 * Posting a listing through the route (`/poslovi/novi`, `/kupoprodaja/novi`), the public form's
 * order end to end (decision 150): the limiter before the body is read, photos to temporary files
 * only when admitted, the honeypot, the fields (a typo is not counted), the photos' headers (a
 * refused photo is not counted), and only then the decoding in the bounded pool.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { listings, loginAttempts } from "~/db/schema";
import { getListing } from "~/domain/listings/listings.server";
import { imageWorkStats } from "~/domain/media/image-work.server";
import { createLocalStorage } from "~/integrations/storage/local.server";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { FIELD_MESSAGES, LISTING_MESSAGES, PHOTO_MESSAGES } from "~/messages/listings";
import { MEDIA_MESSAGES } from "~/messages/media";
import { setServices } from "~/services.server";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { pngBomb } from "../../../tests/support/png-bomb";
import { action } from "./listing-new";

let t: TestDatabase;
let root: string;
let uploadDir: string;
beforeAll(async () => {
  t = await createTestDatabase();
  root = fs.mkdtempSync(path.join(os.tmpdir(), "listing-new-"));
  uploadDir = path.join(root, "uploads");
  setServices({ handle: t.handle, storage: createLocalStorage(path.join(root, "storage")), uploadDir });
});
afterAll(async () => {
  setServices(undefined);
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.db.delete(listings);
  await t.db.delete(loginAttempts);
});

const sale = {
  title: "Utility reefer prikolica 2018",
  description: "Prikolica u dobrom stanju, Carrier agregat, nove gume.",
  city: "Chicago",
  state: "Illinois",
  contactName: "Petar",
  contactPhone: "312-555-0111",
  contactEmail: "",
  saleCategory: "trailer",
  make: "Utility",
  model: "3000R",
  year: "2018",
  mileage: "",
  price: "32.500",
  condition: "used",
};
const job = {
  title: "Dispečer sa znanjem engleskog",
  description: "Tražimo dispečera za rad u kancelariji u Čikagu.",
  city: "Chicago",
  state: "Illinois",
  contactName: "Ana",
  contactPhone: "",
  contactEmail: "posao@orao.example.com",
  companyName: "ORAO transport",
  position: "dispatcher",
  routeType: "local",
  cdlClass: "none",
  payMin: "",
  payMax: "",
  payUnit: "",
  homeTime: "",
  requirements: "",
};

type Answer = {
  sent: boolean;
  id?: number | null;
  message?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, unknown>;
  photosLost?: boolean;
};

/** The action's answer as status, headers and body (React Router's `data()` or a plain object). */
async function call(request: Request, ip = "10.0.0.1") {
  const result = (await action({
    request,
    params: {},
    context: { requestId: "t", clientIp: ip },
  } as never)) as Answer | { type: "DataWithResponseInit"; data: Answer; init: ResponseInit | null };
  if (result && "type" in result && result.type === "DataWithResponseInit") {
    return {
      status: result.init?.status ?? 200,
      headers: new Headers(result.init?.headers),
      body: result.data,
    };
  }
  return { status: 200, headers: new Headers(), body: result as Answer };
}

function salePost(values: Record<string, string>, photos: { name: string; bytes: Buffer }[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.append(k, v);
  for (const p of photos) form.append("photos", new File([new Uint8Array(p.bytes)], p.name));
  return new Request("http://localhost/kupoprodaja/novi", { method: "POST", body: form });
}
const jobPost = (values: Record<string, string>) =>
  new Request("http://localhost/poslovi/novi", { method: "POST", body: new URLSearchParams(values) });

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#1e40af" } })
    .jpeg()
    .toBuffer();
const total = async () => (await t.db.select({ n: count() }).from(listings))[0].n;
const attempts = async () => (await t.db.select({ n: count() }).from(loginAttempts))[0].n;
const leftInUploadDir = () => (fs.existsSync(uploadDir) ? fs.readdirSync(uploadDir) : []);
const decodes = () => imageWorkStats().started;
const storedFiles = () => {
  const dir = path.join(root, "storage");
  if (!fs.existsSync(dir)) return [];
  // Files only: the local store leaves emptied variant folders behind.
  const entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
};

describeDb("posting a listing through the route", () => {
  it("stores a job and a truck with photos re-encoded, and removes the temporary files", async () => {
    const jobAnswer = await call(jobPost(job));
    expect(jobAnswer.body).toMatchObject({ sent: true });

    const before = decodes();
    const answer = await call(
      salePost(sale, [
        { name: "IMG_0001.JPG", bytes: await jpeg(3000, 2000) },
        { name: "b.png", bytes: await jpeg(800, 600) },
      ]),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.sent).toBe(true);
    const row = await getListing(t.db, answer.body.id!);
    expect(row).toMatchObject({ status: "pending", priceCents: 3_250_000, year: 2018 });
    expect(row?.photos.map((p) => [p.width, p.height])).toEqual([
      [2000, 1333],
      [800, 600],
    ]);
    expect(row?.photos[0].url).not.toContain("IMG_0001");
    // One decode per photo, in the pool; nothing left on disk.
    expect(decodes() - before).toBe(2);
    expect(leftInUploadDir()).toEqual([]);
    expect(await attempts()).toBe(2);
  });

  it("a post over the limit is never decoded nor written to disk, keeps what was typed, and costs little CPU", async () => {
    // Five posts fill the limit of this address (a honeypot hit counts like any post).
    for (let i = 0; i < 5; i++) {
      const trap = await call(salePost({ ...sale, [HONEYPOT_FIELD]: "x" }), "10.0.0.9");
      expect(trap.body).toMatchObject({ sent: true, id: null });
    }
    expect(await total()).toBe(0);
    // The post: eight 7000×7000 PNGs (49 megapixels each, ~50 KB of bytes in all).
    const bombs = Array.from({ length: 8 }, (_, i) => ({ name: `p${i}.png`, bytes: pngBomb(7000, 7000) }));
    // Serialised beforehand, so that only the server's work is measured.
    const serialised = salePost(sale, bombs);
    const request = new Request(serialised.url, {
      method: "POST",
      headers: { "Content-Type": serialised.headers.get("content-type")! },
      body: await serialised.arrayBuffer(),
    });
    const before = decodes();
    const cpu = process.cpuUsage();
    const answer = await call(request, "10.0.0.9");
    const used = process.cpuUsage(cpu);
    expect(answer.status).toBe(429);
    expect(answer.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(answer.body.message).toMatch(/^Poslali ste previše zahteva\. Pokušajte ponovo za \d+ min\.$/);
    expect(answer.body.values).toMatchObject({ title: sale.title, city: sale.city, price: sale.price });
    expect(answer.body.photosLost).toBe(true);
    expect(decodes()).toBe(before);
    expect(leftInUploadDir()).toEqual([]);
    // Decoding these eight photos costs over a second of CPU; refusing them, a few milliseconds
    // (the bound is loose on purpose: it includes the limiter's transaction and the test's GC).
    expect((used.user + used.system) / 1000).toBeLessThan(100);
    expect(await total()).toBe(0);
  });

  it("a typo, a wrong file, too many pixels, files or bytes are refused before any decode, and not counted", async () => {
    const before = decodes();
    const typo = await call(
      salePost({ ...sale, state: "" }, [{ name: "a.jpg", bytes: await jpeg(400, 300) }]),
    );
    expect(typo.status).toBe(400);
    expect(typo.body.fieldErrors?.state).toBeTruthy();
    expect(typo.body.values).toMatchObject({ title: sale.title, state: "" });
    expect(typo.body.photosLost).toBe(true);

    const fake = await call(
      salePost(sale, [{ name: "kamion.jpg", bytes: Buffer.from("<html>nije slika</html>") }]),
    );
    expect(fake.status).toBe(400);
    expect(fake.body.fieldErrors?.photos).toBe(`kamion.jpg: ${MEDIA_MESSAGES.notImage}`);

    const bombs = Array.from({ length: 3 }, (_, i) => ({ name: `p${i}.png`, bytes: pngBomb(7000, 7000) }));
    const together = await call(salePost(sale, bombs));
    expect(together.body.fieldErrors?.photos).toBe(PHOTO_MESSAGES.tooManyPixelsTogether);

    const small = await jpeg(200, 150);
    const nine = Array.from({ length: 9 }, (_, i) => ({ name: `${i}.jpg`, bytes: small }));
    const many = await call(salePost(sale, nine));
    expect(many.body.fieldErrors?.photos).toBe(FIELD_MESSAGES.photosCount);

    const big = Buffer.concat([await jpeg(400, 300), Buffer.alloc(5 * 1024 * 1024)]);
    const heavy = await call(salePost(sale, [{ name: "veliki.jpg", bytes: big }]));
    expect(heavy.body.fieldErrors?.photos).toBe(`veliki.jpg: ${MEDIA_MESSAGES.tooLarge}`);

    expect(decodes()).toBe(before);
    expect(leftInUploadDir()).toEqual([]);
    expect(await attempts()).toBe(0);
    expect(await total()).toBe(0);
  });

  it("a photo that passes its header check but does not decode is refused, counted, and leaves nothing stored", async () => {
    const good = await jpeg(1200, 900);
    const truncated = (await jpeg(1200, 900)).subarray(0, 3000);
    const storedBefore = storedFiles();
    const before = decodes();
    const answer = await call(
      salePost(sale, [
        { name: "a.jpg", bytes: good },
        { name: "b.jpg", bytes: truncated },
      ]),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors?.photos).toBe(`b.jpg: ${PHOTO_MESSAGES.failed}`);
    expect(decodes() - before).toBe(2);
    // The first photo was stored before the second failed, and removed again.
    expect(storedFiles()).toEqual(storedBefore);
    expect(await attempts()).toBe(1);
    expect(await total()).toBe(0);
    expect(leftInUploadDir()).toEqual([]);
  });

  it("limits each form to 5 per 15 minutes per address", async () => {
    for (let i = 0; i < 5; i++) expect((await call(jobPost(job), "10.0.0.3")).body.sent).toBe(true);
    const limited = await call(jobPost(job), "10.0.0.3");
    expect(limited.status).toBe(429);
    expect(limited.body.values).toMatchObject({ companyName: job.companyName });
    expect(await total()).toBe(5);
    // Another form has its own count.
    expect((await call(salePost(sale), "10.0.0.3")).body.sent).toBe(true);
  });

  it("a broken body, or a client that leaves mid-upload, leaves no temporary file", async () => {
    const broken = await call(
      new Request("http://localhost/kupoprodaja/novi", {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=xx" },
        body: '--xx\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\n\r\nabc',
      }),
    );
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe(LISTING_MESSAGES.failed);

    const whole = salePost(sale, [{ name: "a.jpg", bytes: await jpeg(1600, 1200) }]);
    const bytes = new Uint8Array(await whole.arrayBuffer());
    const cut = bytes.length - 2000;
    const leaving = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, cut));
      },
      pull(controller) {
        controller.error(new Error("client went away"));
      },
    });
    const aborted = await call(
      new Request("http://localhost/kupoprodaja/novi", {
        method: "POST",
        headers: { "Content-Type": whole.headers.get("content-type")! },
        body: leaving,
        duplex: "half",
      } as RequestInit),
    );
    expect(aborted.status).toBe(400);
    expect(leftInUploadDir()).toEqual([]);
    expect(await total()).toBe(0);
  });
});
