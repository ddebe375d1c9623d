/**
 * The poster manages their own listing (docs/decisions/300): the management link (signed, random,
 * stored hashed, revocable), an edit of a live listing that waits for approval while the public
 * page keeps the approved version, filled/sold off the lists, renewal, deletion, a new link for a
 * lost one, and the expiry reminder sent once per expiry.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { listingManageLinks, listingPhotos, listings } from "~/db/schema";
import { accessSecret, issueStoredToken } from "~/domain/secrets/access-links.server";
import { createOutbox, type OutboxStore } from "~/integrations/mailgun/outbox.server";
import { createLocalStorage } from "~/integrations/storage/local.server";
import { onContentChange } from "~/lib/content-change.server";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { moderateListings } from "./admin.server";
import { parseJobFilters } from "./filters";
import { changeListingStatus, createListing, getListing, listPublicJobs } from "./listings.server";
import {
  deleteOwn,
  issueManageLink,
  markFilled,
  openManageLink,
  renewOwn,
  saveOwnEdit,
  sendExpiryReminders,
  sendNewManageLink,
  welcomePoster,
} from "./owner.server";
import type { StoredPhoto } from "./photos.server";
import type { JobData, SaleData } from "./validation";

const DAY = 86_400_000;
const ORIGIN = "https://balkanvozaci.test";
let t: TestDatabase;
let dir: string;
let outbox: OutboxStore;
let storage: ReturnType<typeof createLocalStorage>;

beforeAll(async () => {
  t = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "owner-"));
  outbox = createOutbox({ dir: path.join(dir, "outbox"), domain: "mg.balkanvozaci.test" });
  storage = createLocalStorage(path.join(dir, "storage"));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.db.delete(listings);
  fs.rmSync(path.join(dir, "outbox"), { recursive: true, force: true });
});

const job: JobData = {
  kind: "job",
  title: "Vozač CDL-A za OTR ture",
  description: "Tražimo iskusnog vozača za duge ture po celoj Americi.",
  city: "Columbus",
  state: "Ohio",
  contactName: "Marko",
  contactPhone: "+1 614 555 0100",
  contactEmail: null,
  companyName: "Orao Transport",
  position: "company-driver",
  routeType: "otr",
  equipment: ["reefer"],
  cdlClass: "A",
  endorsements: [],
  payMin: null,
  payMax: null,
  payUnit: null,
  homeTime: null,
  requirements: null,
};

const poster = { email: "vlasnik@example.com", script: "lat" as const };

async function posted(
  data: JobData | SaleData = job,
  options: { approved?: Date; photos?: StoredPhoto[] } = {},
) {
  const id = await createListing(t.db, data, options.photos ?? [], { poster, now: options.approved });
  if (options.approved)
    await changeListingStatus(t.db, [id], "approve", { reviewer: "admin@x.com", now: options.approved });
  return id;
}

async function opened(id: number, token: string) {
  const result = await openManageLink(t.db, id, token);
  if (!result.ok) throw new Error(result.code);
  return result.value;
}

async function messages() {
  const { items } = await outbox.list({ page: 1, perPage: 50 });
  return Promise.all(items.map(async (i) => (await outbox.read(i.id))!));
}

const listed = async (q = "") =>
  (await listPublicJobs(t.db, parseJobFilters(new URLSearchParams(q)), 1, 50)).rows.map((r) => r.title);

describeDb("a poster's own listing", () => {
  it("sends the management link after posting; forged, foreign and revoked links are refused", async () => {
    const id = await posted();
    const other = await posted();
    const sent = await welcomePoster(t.db, outbox, {
      listing: { id, kind: "job", title: job.title },
      to: poster.email,
      script: "lat",
      origin: ORIGIN,
    });
    expect(sent.ok).toBe(true);
    const [mail] = await messages();
    expect(mail.to).toEqual([poster.email]);
    const link = new RegExp(`${ORIGIN}/moj-oglas/${id}/([\\w-]+\\.[\\w-]+)`).exec(mail.html)?.[1] ?? "";
    expect(link).toHaveLength(43 + 1 + 22);
    expect((await openManageLink(t.db, id, link)).ok).toBe(true);
    // Only the hash is kept.
    const stored = await t.db.select().from(listingManageLinks).where(eq(listingManageLinks.listingId, id));
    expect(JSON.stringify(stored)).not.toContain(link.split(".")[0]);

    const forged = `${"A".repeat(43)}.${link.split(".")[1]}`;
    expect(await openManageLink(t.db, id, forged)).toMatchObject({ ok: false, code: "listing.link_invalid" });
    expect(await openManageLink(t.db, other, link)).toMatchObject({
      ok: false,
      code: "listing.link_invalid",
    });
    // Signed by us for this listing, but never issued: nothing matches its hash.
    const unissued = issueStoredToken(await accessSecret(t.db), "listing-manage", id).token;
    expect(await openManageLink(t.db, id, unissued)).toMatchObject({
      ok: false,
      code: "listing.link_invalid",
    });

    // "Izgubili ste link?": a wrong address sends nothing; the right one a new link, and the old is revoked.
    await sendNewManageLink(t.db, outbox, { listingId: id, email: "drugi@example.com", origin: ORIGIN });
    expect(await messages()).toHaveLength(1);
    await sendNewManageLink(t.db, outbox, { listingId: id, email: " Vlasnik@Example.com ", origin: ORIGIN });
    const fresh = (await messages()).find((m) => m.subject.startsWith("Novi link"));
    const newLink = new RegExp(`/moj-oglas/${id}/([\\w-]+\\.[\\w-]+)`).exec(fresh?.html ?? "")?.[1] ?? "";
    expect(await openManageLink(t.db, id, link)).toMatchObject({ ok: false, code: "listing.link_revoked" });
    expect((await openManageLink(t.db, id, newLink)).ok).toBe(true);
  });

  it("keeps the approved version public while an edit waits; approving the edit merges it", async () => {
    const photo = (n: number): StoredPhoto => ({
      key: `1_10x10-p${n}.jpg`,
      url: `/media/images/1_10x10-p${n}.jpg`,
      width: 10,
      height: 10,
      size: 9,
    });
    const sale: SaleData = {
      kind: "sale",
      title: "Freightliner Cascadia 2019",
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
    const id = await posted(sale, { approved: new Date(Date.now() - DAY), photos: [photo(1), photo(2)] });
    const { token } = await issueManageLink(t.db, id);
    const managed = await opened(id, token);
    const [first] = managed.listing.photos;
    const saved = await saveOwnEdit(
      t.db,
      storage,
      managed,
      { ...sale, title: "Cascadia 2019 — nova cena", priceCents: 3_900_000 },
      { removeIds: [first.id], add: [photo(3)] },
    );
    expect(saved).toMatchObject({ ok: true, value: { awaitingApproval: "edit" } });
    // The public version stays; the edit is a pending row of its own, with the kept and the new photo.
    const live = await getListing(t.db, id);
    expect(live).toMatchObject({ title: sale.title, priceCents: 4_500_000, status: "approved" });
    const edit = (await opened(id, token)).edit;
    expect(edit).toMatchObject({ status: "pending", revisionOf: id, title: "Cascadia 2019 — nova cena" });
    expect(edit?.photos.map((p) => p.url)).toEqual([photo(2).url, photo(3).url]);

    // A second edit changes the same waiting edit.
    const again = await saveOwnEdit(
      t.db,
      storage,
      await opened(id, token),
      { ...sale, title: "Cascadia 2019 — još niža cena", priceCents: 3_500_000 },
      { removeIds: [], add: [] },
    );
    expect(again.ok).toBe(true);
    expect(await t.db.select({ n: count() }).from(listings)).toEqual([{ n: 2 }]);

    const approved = await moderateListings(t.db, storage, {
      change: "approve",
      ids: [edit?.id ?? 0],
      note: "",
      reviewer: "admin@x.com",
    });
    expect(approved).toMatchObject({ ok: true, value: { changed: [id] } });
    const merged = await getListing(t.db, id);
    expect(merged).toMatchObject({
      title: "Cascadia 2019 — još niža cena",
      priceCents: 3_500_000,
      status: "approved",
    });
    expect(merged?.expiresAt).toEqual(live?.expiresAt);
    expect(merged?.photos.map((p) => p.url)).toEqual([photo(2).url, photo(3).url]);
    expect(await t.db.select({ n: count() }).from(listings)).toEqual([{ n: 1 }]);
    expect(await t.db.select({ n: count() }).from(listingPhotos)).toEqual([{ n: 2 }]);
  });

  it("changes a listing that is not public in place, back to the queue", async () => {
    const id = await posted();
    await changeListingStatus(t.db, [id], "reject", { reviewer: "admin@x.com", note: "Nedostaje plata." });
    const { token } = await issueManageLink(t.db, id);
    const saved = await saveOwnEdit(
      t.db,
      storage,
      await opened(id, token),
      { ...job, title: "Vozač CDL-A, 0,70 $ po milji" },
      { removeIds: [], add: [] },
    );
    expect(saved).toMatchObject({ ok: true, value: { awaitingApproval: "listing" } });
    expect(await getListing(t.db, id)).toMatchObject({
      status: "pending",
      title: "Vozač CDL-A, 0,70 $ po milji",
      revisionOf: null,
    });
  });

  it("marks filled (off the lists, the page stays), renews, and deletes", async () => {
    const id = await posted(job, { approved: new Date(Date.now() - DAY) });
    const { token } = await issueManageLink(t.db, id);
    expect(await listed("q=orao")).toEqual([job.title]);
    // Every change of the poster's tells the public caches (the page cache drops its pages).
    const changes: string[] = [];
    const stop = onContentChange((topic) => changes.push(topic));
    expect(await markFilled(t.db, await opened(id, token))).toEqual({ ok: true, value: undefined });
    stop();
    expect(changes).toEqual(["listings"]);
    expect(await listed("q=orao")).toEqual([]);
    expect((await getListing(t.db, id))?.filledAt).not.toBeNull();
    // Filled: not again; a renewal puts it back on the list.
    expect(await markFilled(t.db, await opened(id, token))).toMatchObject({
      ok: false,
      code: "listing.owner_not_allowed",
    });
    expect((await renewOwn(t.db, await opened(id, token))).ok).toBe(true);
    expect((await getListing(t.db, id))?.filledAt).toBeNull();
    expect(await listed("q=orao")).toEqual([job.title]);
    await markFilled(t.db, await opened(id, token));

    const expired = await posted(job, { approved: new Date(Date.now() - 40 * DAY) });
    const link = (await issueManageLink(t.db, expired)).token;
    expect(await listed()).toEqual([]);
    expect((await renewOwn(t.db, await opened(expired, link))).ok).toBe(true);
    const renewed = await getListing(t.db, expired);
    expect(renewed?.status).toBe("approved");
    expect((renewed?.expiresAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(29 * DAY);
    expect(renewed?.reviewedBy).toBe("admin@x.com"); // the poster's renewal is no review
    expect(await listed()).toEqual([job.title]);

    expect((await deleteOwn(t.db, storage, await opened(expired, link))).ok).toBe(true);
    expect(await getListing(t.db, expired)).toBeNull();
    expect(await listed()).toEqual([]);
    expect(await openManageLink(t.db, expired, link)).toMatchObject({
      ok: false,
      code: "listing.link_invalid",
    });
  });

  it("reminds the poster once, three days before the expiry, with a link that renews", async () => {
    const soon = await posted(job, { approved: new Date(Date.now() - 28 * DAY) });
    await posted(job, { approved: new Date(Date.now() - 20 * DAY) }); // 10 days left: not yet
    expect(await sendExpiryReminders(t.db, outbox, ORIGIN)).toBe(1);
    expect(await sendExpiryReminders(t.db, outbox, ORIGIN)).toBe(0);
    const [mail] = await messages();
    expect(mail.subject).toMatch(/^Vaš oglas „Vozač CDL-A za OTR ture“ ističe /);
    const token = new RegExp(`/moj-oglas/${soon}/([\\w-]+\\.[\\w-]+)`).exec(mail.html)?.[1] ?? "";
    expect((await renewOwn(t.db, await opened(soon, token))).ok).toBe(true);
    // A new expiry, a new reminder when it comes near.
    await t.db
      .update(listings)
      .set({ expiresAt: new Date(Date.now() + 2 * DAY) })
      .where(eq(listings.id, soon));
    expect(await sendExpiryReminders(t.db, outbox, ORIGIN)).toBe(1);
  });
});
