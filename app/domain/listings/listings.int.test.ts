import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { companies, jobs, listingPhotos, listings, loginAttempts } from "~/db/schema";
import { getJob } from "~/domain/jobs/queue.server";
import { type JobRunner, startJobRunner } from "~/domain/jobs/runner.server";
import { createLocalStorage } from "~/integrations/storage/local.server";
import { onContentChange } from "~/lib/content-change.server";
import { sitemapFile, sitemapPlan } from "~/routes/public/sitemap.server";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import {
  EXPIRE_JOB_KEY,
  EXPIRE_JOB_KIND,
  ensureListingExpiryScheduled,
  expireListingsHandler,
  LISTING_EXPIRY_SCHEDULE,
} from "./expiry.server";
import { parseJobFilters, parseSaleFilters } from "./filters";
import {
  addFeaturedDays,
  changeListingStatus,
  countListingsByStatus,
  countPendingListings,
  createListing,
  deleteListings,
  getListing,
  latestApprovedJobs,
  listAdminListings,
  listPublicJobs,
  listPublicSales,
  sitemapListings,
  updateListing,
} from "./listings.server";
import { checkPhotos, deleteUnreferencedPhotos, PHOTO_BUCKET, processPhotos } from "./photos.server";
import type { JobData, SaleData } from "./validation";

const DAY = 86_400_000;
const NOW = new Date("2026-06-15T12:00:00Z");
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

let t: TestDatabase;
let storageRoot: string;
let storage: ReturnType<typeof createLocalStorage>;
beforeAll(async () => {
  t = await createTestDatabase();
  storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), "listings-media-"));
  storage = createLocalStorage(storageRoot);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(storageRoot, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.db.delete(listings);
  await t.db.delete(companies);
  await t.db.delete(loginAttempts);
  await t.db.delete(jobs);
});

const job: JobData = {
  kind: "job",
  title: "Vozač CDL-A za OTR ture",
  description: "Tražimo iskusnog vozača za duge ture.",
  city: "Čikago",
  state: "Illinois",
  contactName: "Marko",
  contactPhone: "+1 312 555 0100",
  contactEmail: null,
  companyName: "Orao Transport",
  position: "company-driver",
  routeType: "otr",
  equipment: ["dry-van"],
  cdlClass: "A",
  endorsements: [],
  payMin: 0.65,
  payMax: null,
  payUnit: "per-mile",
  homeTime: "weekly",
  requirements: null,
};
const sale: SaleData = {
  kind: "sale",
  title: "Freightliner Cascadia",
  description: "Kamion u odličnom stanju, redovno servisiran.",
  city: "Houston",
  state: "Texas",
  contactName: "Jovan",
  contactPhone: null,
  contactEmail: "jovan@primer.com",
  saleCategory: "truck",
  make: "Freightliner",
  model: "Cascadia",
  year: 2019,
  mileage: 412000,
  priceCents: 4_500_000,
  condition: "used",
};

/** A listing approved `daysAgo` days before NOW (so it expires 30 days after that). */
async function approvedListing(
  data: JobData | SaleData,
  daysAgo = 1,
  extra: Partial<typeof listings.$inferInsert> = {},
  reference = NOW,
) {
  const when = new Date(reference.getTime() - daysAgo * DAY);
  const id = await createListing(t.db, data, [], { now: when });
  await changeListingStatus(t.db, [id], "approve", { reviewer: "admin@x.com", now: when });
  if (Object.keys(extra).length) await t.db.update(listings).set(extra).where(eq(listings.id, id));
  return id;
}

/** The photos checked, decoded and stored as a submission's are. */
async function storedPhotos(files: File[], now: number) {
  const uploads = await Promise.all(
    files.map(async (f) => {
      const bytes = Buffer.from(await f.arrayBuffer());
      return { name: f.name, size: bytes.length, path: null, bytes };
    }),
  );
  const checked = await checkPhotos(uploads);
  if (!checked.ok) throw new Error(checked.photoError);
  const result = await processPhotos(storage, checked.photos, "Cascadia", now);
  if (!result.ok) throw new Error(result.photoError);
  return result.stored;
}

const jpeg = (width: number, height: number, background = "#1e40af") =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

describeDb("listings queries", () => {
  it("lists live jobs only, featured first then newest, with the URL's filters", async () => {
    const older = await approvedListing(job, 5);
    const newer = await approvedListing(
      { ...job, title: "Timski vozači za reefer", equipment: ["reefer"], position: "team" },
      2,
    );
    const featured = await approvedListing(
      { ...job, title: "Istaknuti posao", state: "Texas", routeType: "regional" },
      10,
      {
        featuredUntil: at(3),
      },
    );
    await approvedListing({ ...job, title: "Istekao posao" }, 40); // past its 30 days
    await createListing(t.db, { ...job, title: "Na čekanju" }, [], { now: at(-1) });
    await approvedListing(sale, 1);

    const all = await listPublicJobs(t.db, parseJobFilters(new URLSearchParams()), 1, 20, NOW);
    expect(all.rows.map((r) => r.id)).toEqual([featured, newer, older]);
    expect(all.total).toBe(3);
    expect(all.rows[0].featured).toBe(true);
    expect(all.rows[1].featured).toBe(false);

    const filter = (qs: string) =>
      listPublicJobs(t.db, parseJobFilters(new URLSearchParams(qs)), 1, 20, NOW).then((p) =>
        p.rows.map((r) => r.id),
      );
    expect(await filter("drzava=Texas")).toEqual([featured]);
    expect(await filter("oprema=reefer")).toEqual([newer]);
    expect(await filter("ruta=regional")).toEqual([featured]);
    expect(await filter("pozicija=team")).toEqual([newer]);
    expect(await filter("drzava=Illinois&oprema=dry-van")).toEqual([older]);
    // Diacritic-insensitive search over title, company, city and description.
    expect(await filter("q=cikago")).toHaveLength(3);
    expect(await filter("q=TIMSKI")).toEqual([newer]);
    expect(await filter("q=100%25")).toEqual([]);

    const page2 = await listPublicJobs(t.db, parseJobFilters(new URLSearchParams()), 2, 2, NOW);
    expect(page2.rows.map((r) => r.id)).toEqual([older]);
    expect(page2.total).toBe(3);
  });

  it("filters buy/sell by kind of item, price range (leaving out 'po dogovoru') and year range", async () => {
    const cheap = await approvedListing({ ...sale, priceCents: 1_500_000, year: 2012 });
    const dear = await approvedListing({ ...sale, priceCents: 9_000_000, year: 2022 });
    const deal = await approvedListing({ ...sale, priceCents: null, year: 2018 });
    const parts = await approvedListing({
      ...sale,
      saleCategory: "parts",
      make: null,
      priceCents: 50_000,
      year: null,
    });
    const filter = (qs: string) =>
      listPublicSales(t.db, parseSaleFilters(new URLSearchParams(qs)), 1, 20, NOW).then((p) =>
        p.rows.map((r) => r.id).sort((a, b) => a - b),
      );
    expect(await filter("")).toEqual([cheap, dear, deal, parts]);
    expect(await filter("vrsta=parts")).toEqual([parts]);
    expect(await filter("cena-od=10000&cena-do=50000")).toEqual([cheap]);
    expect(await filter("cena-do=100000")).toEqual([cheap, dear, parts]);
    expect(await filter("godiste-od=2015")).toEqual([dear, deal]);
    expect(await filter("godiste-od=2010&godiste-do=2019")).toEqual([cheap, deal]);
  });

  it("gives the newest approved jobs for the home page and the newsletter, and the sitemap's live listings", async () => {
    const a = await approvedListing(job, 3);
    const b = await approvedListing({ ...job, title: "Drugi posao" }, 2);
    const c = await approvedListing({ ...job, title: "Treći posao" }, 1);
    await approvedListing({ ...job, title: "Stari posao" }, 45);
    const s = await approvedListing(sale, 1);
    const latest = await latestApprovedJobs(t.db, 2, NOW);
    expect(latest.map((j) => j.id)).toEqual([c, b]);
    expect(latest[0]).toMatchObject({ companyName: "Orao Transport", path: `/poslovi/treci-posao-${c}` });
    expect((await sitemapListings(t.db, undefined, NOW)).map((r) => r.id)).toEqual([a, b, c, s]);
  });

  it("puts the list pages and every live listing in /sitemap.xml", async () => {
    const now = new Date();
    const live = await approvedListing({ ...job, title: "Treći posao" }, 1, {}, now);
    const sold = await approvedListing(sale, 2, {}, now);
    await approvedListing({ ...job, title: "Stari posao" }, 45, {}, now);
    await createListing(t.db, { ...job, title: "Neodobren posao" }, [], { now });
    const xml = await sitemapFile(t.db, "https://bv.example", 1, await sitemapPlan(t.db));
    expect(xml).toContain("<loc>https://bv.example/poslovi</loc>");
    expect(xml).toContain("<loc>https://bv.example/kupoprodaja</loc>");
    expect(xml).toContain(`<loc>https://bv.example/poslovi/treci-posao-${live}</loc>`);
    expect(xml).toContain(`<loc>https://bv.example/kupoprodaja/freightliner-cascadia-${sold}</loc>`);
    expect(xml).not.toContain("stari-posao");
    expect(xml).not.toContain("neodobren-posao");
  });

  it("moves listings through the moderation statuses, only from the statuses allowed", async () => {
    const id = await createListing(t.db, job, [], { now: at(-1) });
    const other = await createListing(t.db, job, [], { now: at(-1) });
    expect(await countPendingListings(t.db)).toBe(2);

    expect(await changeListingStatus(t.db, [id, other], "renew", { reviewer: "a@x.com", now: NOW })).toEqual(
      [],
    );
    expect(
      await changeListingStatus(t.db, [id], "approve", { reviewer: "a@x.com", now: NOW, note: " ok " }),
    ).toEqual([id]);
    let row = await getListing(t.db, id);
    expect(row).toMatchObject({
      status: "approved",
      approvedAt: NOW,
      expiresAt: at(30),
      reviewedBy: "a@x.com",
      adminNote: "ok",
    });
    // A second approval (another admin's stale screen) changes nothing.
    expect(await changeListingStatus(t.db, [id], "approve", { reviewer: "b@x.com", now: at(1) })).toEqual([]);

    await changeListingStatus(t.db, [other], "reject", { reviewer: "a@x.com", note: "Nepotpuno", now: NOW });
    expect(await getListing(t.db, other)).toMatchObject({ status: "rejected", adminNote: "Nepotpuno" });
    expect(await countListingsByStatus(t.db)).toEqual({
      all: 2,
      pending: 0,
      approved: 1,
      rejected: 1,
      expired: 0,
    });

    await changeListingStatus(t.db, [id], "pending", { reviewer: "a@x.com", now: NOW });
    expect(await getListing(t.db, id)).toMatchObject({ status: "pending", expiresAt: null });
    await changeListingStatus(t.db, [id], "approve", { reviewer: "a@x.com", now: NOW });
    await t.db.update(listings).set({ status: "expired" }).where(eq(listings.id, id));
    await changeListingStatus(t.db, [id], "renew", { reviewer: "a@x.com", now: at(40) });
    row = await getListing(t.db, id);
    expect(row).toMatchObject({ status: "approved", expiresAt: at(70) });

    const admin = await listAdminListings(t.db, {
      status: "approved",
      kind: "job",
      q: "otr",
      page: 1,
      pageSize: 20,
    });
    expect(admin.rows.map((r) => r.id)).toEqual([id]);
    expect(await countListingsByStatus(t.db, { kind: "sale" })).toMatchObject({ all: 0 });
  });

  it("adds paid promotion days: a live listing at once (extended, not overlapped), a pending one on approval", async () => {
    const live = await approvedListing(job, 1);
    const first = await addFeaturedDays(t.db, live, 7, NOW);
    expect(first).toMatchObject({ featuredUntil: at(7), featuredDaysPending: 0 });
    const second = await addFeaturedDays(t.db, live, 30, at(2));
    expect(second?.featuredUntil).toEqual(at(37));
    // It stays public at least as long as it is promoted.
    expect(second?.expiresAt).toEqual(at(37));

    const pending = await createListing(t.db, job, [], { now: NOW });
    expect(await addFeaturedDays(t.db, pending, 7, NOW)).toMatchObject({
      featuredUntil: null,
      featuredDaysPending: 7,
    });
    await changeListingStatus(t.db, [pending], "approve", { reviewer: "a@x.com", now: at(2) });
    expect(await getListing(t.db, pending)).toMatchObject({
      featuredUntil: at(9),
      featuredDaysPending: 0,
      expiresAt: at(32),
    });
    expect(await addFeaturedDays(t.db, 999_999, 7, NOW)).toBeNull();

    const page = await listPublicJobs(t.db, parseJobFilters(new URLSearchParams()), 1, 20, at(3));
    expect(
      page.rows
        .filter((r) => r.featured)
        .map((r) => r.id)
        .sort(),
    ).toEqual([live, pending].sort());
  });

  it("edits a listing with its photos (removed and added, positions renumbered) and deletes it with them", async () => {
    const photos = await storedPhotos(
      [new File([await jpeg(900, 600)], "a.jpg"), new File([await jpeg(600, 900, "#b91c1c")], "b.jpg")],
      NOW.getTime(),
    );
    const id = await createListing(t.db, sale, photos, { now: NOW });
    const stored = await getListing(t.db, id);
    expect(stored?.photos.map((p) => [p.position, p.width, p.height])).toEqual([
      [0, 900, 600],
      [1, 600, 900],
    ]);
    expect(await storage.exists(PHOTO_BUCKET, photos[0].key)).toBe(true);
    // The lists show the first photo and the admin list counts them.
    await changeListingStatus(t.db, [id], "approve", { reviewer: "a@x.com", now: NOW });
    const card = (await listPublicSales(t.db, parseSaleFilters(new URLSearchParams()), 1, 20, NOW)).rows[0];
    expect(card).toMatchObject({ id, photoUrl: photos[0].url });
    const adminRow = (await listAdminListings(t.db, { page: 1, pageSize: 20 })).rows[0];
    expect(adminRow).toMatchObject({ id, photoCount: 2 });
    expect(await storage.exists(PHOTO_BUCKET, `_v/${photos[0].key}/400.webp`)).toBe(true);

    const extra = await storedPhotos([new File([await jpeg(500, 500)], "c.jpg")], NOW.getTime() + 10);
    const result = await updateListing(
      t.db,
      id,
      { ...sale, title: "Cascadia 2019" },
      {
        photos: { removeIds: [stored!.photos[0].id], add: extra },
      },
    );
    expect(result?.removedKeys).toEqual([photos[0].key]);
    await deleteUnreferencedPhotos(t.db, storage, result!.removedKeys);
    expect(await storage.exists(PHOTO_BUCKET, photos[0].key)).toBe(false);
    const edited = await getListing(t.db, id);
    expect(edited?.title).toBe("Cascadia 2019");
    expect(edited?.photos.map((p) => [p.position, p.width])).toEqual([
      [0, 600],
      [1, 500],
    ]);
    // The kind of a listing never changes through an edit.
    expect(await updateListing(t.db, id, job)).toBeNull();

    const { deleted, photoKeys } = await deleteListings(t.db, [id, 999_999]);
    expect(deleted).toEqual([id]);
    expect(photoKeys.sort()).toEqual([photos[1].key, extra[0].key].sort());
    expect((await t.db.select({ n: count() }).from(listingPhotos))[0].n).toBe(0);
  });
});

describeDb("listing expiry job", () => {
  it("expires what is due, tells the caches, and keeps exactly one next run scheduled", async () => {
    // The runner works on the real clock.
    const due = await approvedListing(job, 31, {}, new Date());
    const fresh = await approvedListing(job, 2, {}, new Date());
    const topics: string[] = [];
    const off = onContentChange((topic) => topics.push(topic));
    let runner: JobRunner | undefined;
    try {
      await ensureListingExpiryScheduled(t.db);
      await ensureListingExpiryScheduled(t.db); // a second boot: still one
      runner = startJobRunner({
        db: t.db,
        handlers: { [EXPIRE_JOB_KIND]: expireListingsHandler },
        periodic: [LISTING_EXPIRY_SCHEDULE],
        pollMs: 50,
      });
      const end = Date.now() + 10_000;
      while ((await getListing(t.db, due))?.status !== "expired") {
        if (Date.now() > end) throw new Error("the expiry job did not run");
        await new Promise((r) => setTimeout(r, 50));
      }
      // Let the first run finish (done) and its successor be queued.
      let rows = await t.db.select().from(jobs).where(eq(jobs.kind, EXPIRE_JOB_KIND));
      while (!rows.some((r) => r.status === "done")) {
        if (Date.now() > end) throw new Error("the expiry job did not finish");
        await new Promise((r) => setTimeout(r, 50));
        rows = await t.db.select().from(jobs).where(eq(jobs.kind, EXPIRE_JOB_KIND));
      }
      expect((await getListing(t.db, fresh))?.status).toBe("approved");
      expect(topics).toContain("listings");
      const queued = rows.filter((r) => r.status === "queued");
      expect(queued).toHaveLength(1);
      expect(queued[0].uniqueKey).toBe(EXPIRE_JOB_KEY);
      expect(queued[0].runAfter.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
      const done = rows.find((r) => r.status === "done");
      expect((await getJob(t.db, done!.id))?.progress).toMatchObject({ expired: 1 });
      // The public list dropped it already by its date, before the job ran.
      const page = await listPublicJobs(t.db, parseJobFilters(new URLSearchParams()), 1, 20);
      expect(page.rows.map((r) => r.id)).toEqual([fresh]);
    } finally {
      off();
      await runner?.stop();
    }
  });
});
