import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { articles, emailStats, jobs, loginAttempts, newsletterSubscribers, siteSettings } from "~/db/schema";
import { enqueueJob, getJob } from "~/domain/jobs/queue.server";
import { type JobRunner, startJobRunner } from "~/domain/jobs/runner.server";
import { ensureSettings } from "~/domain/settings/settings.server";
import { storedErrorText } from "~/http/errors";
import { createBrevo } from "~/integrations/brevo/brevo.server";
import { createLocalStorage } from "~/integrations/storage/local.server";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { type FakeBrevo, startFakeBrevo } from "../../../tests/support/fake-brevo";
import { subscribe } from "../../routes/public/newsletter-signup.server";
import { chosenArticles, composeNewsletter, dynamicArticles, offeredArticles } from "./content.server";
import { csvRow, SUBSCRIBER_CSV_HEADER, subscriberCsvLine } from "./csv";
import { emailStatsSummary } from "./stats.server";
import {
  listSubscribers,
  parseSubscriberFilter,
  searchActiveSubscribers,
  subscribersForExport,
} from "./subscribers.server";
import { createSyncHandler, SYNC_JOB_KIND } from "./sync-job.server";
import { unsubscribe } from "./unsubscribe.server";
import { signUnsubscribe, unsubscribeSecret } from "./unsubscribe-link.server";

let t: TestDatabase;
let brevo: FakeBrevo;
let runner: JobRunner | undefined;

beforeAll(async () => {
  t = await createTestDatabase();
});
beforeEach(async () => {
  brevo = await startFakeBrevo();
});
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
  await brevo.close();
  await t.db.delete(newsletterSubscribers);
  await t.db.delete(loginAttempts);
  await t.db.delete(jobs);
});
afterAll(async () => t?.close());

const client = () => createBrevo({ apiKey: brevo.apiKey, baseUrl: brevo.url });
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
async function subscriber(email: string) {
  const [row] = await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return row;
}

describeDb("newsletter signup", () => {
  it("stores a new subscriber (source website) and adds the contact at Brevo", async () => {
    const result = await subscribe(t.db, client(), form({ email: "  Novi.Vozac@Example.com " }), "10.0.0.1");
    expect(result).toMatchObject({ ok: true, message: "Uspešno ste se pretplatili na naš newsletter!" });
    const row = await subscriber("novi.vozac@example.com");
    expect(row).toMatchObject({ isActive: true, source: "website" });
    const contact = brevo.contacts.get("novi.vozac@example.com");
    expect(row.brevoContactId).toBe(String(contact?.id));
    const post = brevo.requests.find((r) => r.method === "POST");
    expect(post?.body).toEqual({
      email: "novi.vozac@example.com",
      attributes: { FIRSTNAME: "", LASTNAME: "" },
      listIds: [],
      updateEnabled: false,
    });
    expect(brevo.requests[0]).toMatchObject({ method: "GET", path: "/v3/contacts/novi.vozac%40example.com" });
  });

  it("answers 'already subscribed' for an active subscriber, a Brevo contact (200) and a duplicate (400)", async () => {
    await subscribe(t.db, null, form({ email: "vec@example.com" }), null);
    expect(await subscribe(t.db, client(), form({ email: "vec@example.com" }), null)).toMatchObject({
      ok: true,
      already: true,
      message: "Već ste pretplaćeni na naš newsletter",
    });

    brevo.add("brevo@example.com");
    expect(await subscribe(t.db, client(), form({ email: "brevo@example.com" }), null)).toMatchObject({
      already: true,
    });
    expect(await subscribe(t.db, client(), form({ email: "brevo@example.com" }), null)).toMatchObject({
      already: true,
    });
    expect((await subscriber("brevo@example.com")).brevoContactId).toBe(
      String(brevo.contacts.get("brevo@example.com")?.id),
    );

    // Added elsewhere between our GET (404) and our POST: Brevo answers 400 duplicate_parameter.
    brevo.duplicateOnCreate.add("trka@example.com");
    expect(await subscribe(t.db, client(), form({ email: "trka@example.com" }), null)).toMatchObject({
      ok: true,
      message: "Već ste pretplaćeni na naš newsletter",
    });
    expect((await subscriber("trka@example.com")).isActive).toBe(true);
  });

  it("refuses an invalid e-mail without counting it, and welcomes back someone who had left", async () => {
    for (const bad of ["", "bez-majmuna", "a@b", "a @b.c", `${"a".repeat(250)}@b.rs`]) {
      expect(await subscribe(t.db, null, form({ email: bad }), "10.0.0.2")).toMatchObject({
        ok: false,
        status: 400,
        message: "Molimo unesite validnu email adresu",
        fieldErrors: { email: "Molimo unesite validnu email adresu" },
      });
    }
    expect(await t.db.select().from(loginAttempts)).toHaveLength(0);

    await subscribe(t.db, null, form({ email: "povratnik@example.com" }), null);
    await t.db
      .update(newsletterSubscribers)
      .set({ isActive: false, unsubscribedAt: new Date() })
      .where(eq(newsletterSubscribers.email, "povratnik@example.com"));
    expect(await subscribe(t.db, null, form({ email: "povratnik@example.com" }), null)).toMatchObject({
      message: "Uspešno ste se pretplatili na naš newsletter!",
    });
    expect(await subscriber("povratnik@example.com")).toMatchObject({ isActive: true, unsubscribedAt: null });
  });

  it("keeps the visitor's signup when Brevo is down (the sync pushes it later)", async () => {
    brevo.failAll(503);
    expect(await subscribe(t.db, client(), form({ email: "dole@example.com" }), null)).toMatchObject({
      ok: true,
    });
    expect(await subscriber("dole@example.com")).toMatchObject({ isActive: true, brevoContactId: null });
  });

  it("stores nothing for a filled honeypot and limits an address to 5 per 15 minutes", async () => {
    expect(
      await subscribe(t.db, null, form({ email: "bot@example.com", [HONEYPOT_FIELD]: "x" }), "10.0.0.3"),
    ).toMatchObject({ ok: true });
    expect(await subscriber("bot@example.com")).toBeUndefined();
    for (let i = 0; i < 4; i++) {
      expect((await subscribe(t.db, null, form({ email: `r${i}@example.com` }), "10.0.0.3")).ok).toBe(true);
    }
    const sixth = await subscribe(t.db, null, form({ email: "r9@example.com" }), "10.0.0.3");
    expect(sixth).toMatchObject({ ok: false, status: 429 });
    expect(await subscriber("r9@example.com")).toBeUndefined();
  });
});

describeDb("newsletter unsubscribe", () => {
  it("sets the subscriber inactive with a valid link only, and stays idempotent", async () => {
    await subscribe(t.db, null, form({ email: "odlazim@example.com" }), null);
    const row = await subscriber("odlazim@example.com");
    const secret = await unsubscribeSecret(t.db);
    const token = signUnsubscribe(secret, row.id, row.email);
    expect(await unsubscribe(t.db, String(row.id), `${token.slice(0, -1)}x`)).toBe(false);
    expect(await unsubscribe(t.db, String(row.id + 1), token)).toBe(false);
    expect(await unsubscribe(t.db, "abc", token)).toBe(false);
    expect((await subscriber("odlazim@example.com")).isActive).toBe(true);
    expect(await unsubscribe(t.db, String(row.id), token)).toBe(true);
    const after = await subscriber("odlazim@example.com");
    expect(after.isActive).toBe(false);
    expect(after.unsubscribedAt).toBeInstanceOf(Date);
    expect(await unsubscribe(t.db, String(row.id), token)).toBe(true);
  });
});

describeDb("Brevo sync", () => {
  function startSync(pageSize = 50) {
    runner = startJobRunner({
      db: t.db,
      handlers: { [SYNC_JOB_KIND]: createSyncHandler({ contacts: client(), pageSize }) },
      pollMs: 50,
      heartbeatMs: 100,
    });
  }
  async function runSync() {
    const { job } = await enqueueJob(t.db, { kind: SYNC_JOB_KIND });
    const end = Date.now() + 30_000;
    for (;;) {
      const row = await getJob(t.db, job.id);
      if (row && ["done", "failed"].includes(row.status)) return row;
      if (Date.now() > end) throw new Error("sync timed out");
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it("pages through the contacts, follows the blacklist, deactivates the missing and pushes the local ones", async () => {
    for (let i = 0; i < 120; i++)
      brevo.add(`brevo${String(i).padStart(3, "0")}@example.com`, { blacklisted: i % 10 === 0 });
    // Local: one known to Brevo (to be updated), one synced earlier but gone from Brevo, one never pushed.
    const known = brevo.contacts.get("brevo005@example.com");
    await t.db.insert(newsletterSubscribers).values([
      { email: "brevo005@example.com", isActive: false, source: "website" },
      { email: "nestao@example.com", isActive: true, source: "brevo_sync", brevoContactId: "99" },
      { email: "lokalni@example.com", isActive: true, source: "website" },
    ]);
    startSync();
    const job = await runSync();
    expect(job.lastError).toBeNull();
    expect(job.status).toBe("done");
    expect(job.progress.counts).toEqual({ created: 119, updated: 1, deactivated: 1, pushed: 1, errors: 0 });
    expect(job.progress.message).toBe(
      "Novih: 119, ažuriranih: 1, deaktiviranih: 1, grešaka: 0 (poslato u Brevo: 1).",
    );
    const offsets = brevo.requests.filter((r) => r.path.startsWith("/v3/contacts?")).map((r) => r.path);
    expect(offsets).toEqual([
      "/v3/contacts?limit=50&offset=0",
      "/v3/contacts?limit=50&offset=50",
      "/v3/contacts?limit=50&offset=100",
    ]);
    expect(brevo.requests.some((r) => r.path === "/v3/contacts/lists")).toBe(true);
    expect(await subscriber("brevo005@example.com")).toMatchObject({
      isActive: true,
      brevoContactId: String(known?.id),
    });
    expect(await subscriber("brevo010@example.com")).toMatchObject({ isActive: false, source: "brevo_sync" });
    expect(await subscriber("nestao@example.com")).toMatchObject({ isActive: false });
    expect((await subscriber("lokalni@example.com")).brevoContactId).toBe(
      String(brevo.contacts.get("lokalni@example.com")?.id),
    );

    // A second run changes nothing.
    const again = await runSync();
    expect(again.progress.counts).toEqual({ created: 0, updated: 0, deactivated: 0, pushed: 0, errors: 0 });
  });

  it("never undoes an unsubscribe made after the contact last changed at Brevo, and blacklists it there", async () => {
    brevo.add("otisao@example.com", { modifiedAt: "2026-01-01T00:00:00Z" });
    await t.db.insert(newsletterSubscribers).values({
      email: "otisao@example.com",
      isActive: false,
      unsubscribedAt: new Date("2026-02-01T00:00:00Z"),
      source: "website",
    });
    startSync();
    expect((await runSync()).status).toBe("done");
    expect((await subscriber("otisao@example.com")).isActive).toBe(false);
    expect(brevo.contacts.get("otisao@example.com")?.emailBlacklisted).toBe(true);
  });

  it("counts a contact added elsewhere meanwhile (duplicate) by its id, and fails with the spec's message on an outage", async () => {
    brevo.add("tamo@example.com");
    await t.db.insert(newsletterSubscribers).values({ email: "dupli@example.com", source: "website" });
    brevo.duplicateOnCreate.add("dupli@example.com");
    startSync();
    const job = await runSync();
    // Brevo says "already exists" but cannot find it either: an error, counted, the sync goes on.
    expect(job.progress.counts).toMatchObject({ created: 1, errors: 1 });

    brevo.failAll(500);
    const failed = await runSync();
    expect(failed.status).toBe("failed");
    expect(storedErrorText(failed.lastError ?? "")).toMatch(/^Greška prilikom sinhronizacije: Brevo 500/);
  });
});

describeDb("subscriber table, export and stats", () => {
  beforeEach(async () => {
    const rows = Array.from({ length: 45 }, (_, i) => ({
      email: i === 44 ? "=cmd|' /c calc'!a0@example.com" : `marko${i}@primer.com`,
      isActive: i % 3 !== 0,
      source: i % 2 ? "website" : "brevo_sync",
      subscribedAt: new Date(Date.UTC(2026, 0, 1 + i)),
    }));
    await t.db.insert(newsletterSubscribers).values(rows);
  });

  it("searches a case-insensitive substring of the e-mail, filters and pages by 20, newest first", async () => {
    const all = await listSubscribers(t.db, parseSubscriberFilter(new URLSearchParams()), 1);
    expect(all.total).toBe(45);
    expect(all.rows).toHaveLength(20);
    expect(all.rows[0].email).toContain("calc");
    const search = await listSubscribers(t.db, parseSubscriberFilter(new URLSearchParams("q=MARKO1")), 1);
    expect(search.total).toBe(11);
    const literal = await listSubscribers(t.db, parseSubscriberFilter(new URLSearchParams("q=_")), 1);
    expect(literal.total).toBe(0);
    const inactive = await listSubscribers(
      t.db,
      parseSubscriberFilter(new URLSearchParams("status=inactive&izvor=website")),
      1,
    );
    expect(inactive.rows.every((r) => !r.isActive && r.source === "website")).toBe(true);
    expect(inactive.total).toBe(7);
    const page3 = await listSubscribers(t.db, parseSubscriberFilter(new URLSearchParams()), 3);
    expect(page3.rows).toHaveLength(5);
    expect((await searchActiveSubscribers(t.db, "marko4")).every((r) => r.email.includes("marko4"))).toBe(
      true,
    );
  });

  it("exports the whole filtered list in chunks, each cell safe for a spreadsheet", async () => {
    let csv = csvRow([...SUBSCRIBER_CSV_HEADER]);
    let chunks = 0;
    for await (const rows of subscribersForExport(t.db, parseSubscriberFilter(new URLSearchParams()), 10)) {
      chunks++;
      for (const row of rows) csv += subscriberCsvLine(row);
    }
    expect(chunks).toBe(5);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(46);
    expect(csv).toContain("'=cmd|' /c calc'!a0@example.com");
  });

  it("sums recipients sent by Mailgun in New York days and months, and the last 12 months", async () => {
    const now = new Date("2026-03-10T03:00:00Z"); // 9 March, 22:00 in New York
    await t.db.insert(emailStats).values([
      {
        recipientCount: 500,
        emailType: "newsletter",
        provider: "mailgun",
        sentAt: new Date("2026-03-09T05:30:00Z"),
      },
      {
        recipientCount: 7,
        emailType: "transactional",
        provider: "mailgun",
        sentAt: new Date("2026-03-01T06:00:00Z"),
      },
      {
        recipientCount: 300,
        emailType: "newsletter",
        provider: "mailgun",
        sentAt: new Date("2026-03-01T04:00:00Z"),
      },
      {
        recipientCount: 900,
        emailType: "newsletter",
        provider: "mailgun",
        sentAt: new Date("2024-01-01T12:00:00Z"),
      },
      {
        recipientCount: 40,
        emailType: "newsletter",
        provider: "outbox",
        sentAt: new Date("2026-03-09T12:00:00Z"),
      },
    ]);
    const stats = await emailStatsSummary(t.db, now);
    expect(stats).toMatchObject({
      totalSent: 1707,
      sentThisMonth: 507,
      sentToday: 500,
      outboxRecipients: 40,
    });
    expect(stats.subscribers).toEqual({ total: 45, active: 30 });
    expect(stats.months).toHaveLength(12);
    expect(stats.months.at(-1)).toEqual({ month: "2026-03", count: 507 });
    expect(stats.months.at(-2)).toEqual({ month: "2026-02", count: 300 });
    await t.db.delete(emailStats);
  });
});

describeDb("newsletter content", () => {
  it("offers the 20 newest published articles and renders real e-mail HTML with a text part", async () => {
    const base = Date.UTC(2026, 5, 1);
    await t.db.insert(articles).values(
      Array.from({ length: 25 }, (_, i) => ({
        title: i === 24 ? "Najnoviji članak o novim pravilima za kamione u državi Ilinois" : `Vest broj ${i}`,
        excerpt: "Kratak opis vesti za vozače.",
        content: "<p>Tekst</p>",
        author: "Redakcija",
        category: "Vesti" as const,
        status: i === 23 ? ("draft" as const) : ("publish" as const),
        featuredImage: i === 24 ? "/demo/truck-1.svg" : "/media/images/1700000000000_800x600-kamion.jpg",
        publishedDate: new Date(base + i * 3_600_000),
      })),
    );
    await ensureSettings(t.db);
    await t.db.update(siteSettings).set({ contactEmail: "marketing@balkanvozaci.test" });
    const offered = await offeredArticles(t.db);
    expect(offered).toHaveLength(20);
    expect(offered[0].title).toContain("Najnoviji");
    expect(offered.every((a) => a.status === "publish")).toBe(true);
    const dynamic = await dynamicArticles(t.db);
    expect(dynamic.map((a) => a.title)).toEqual([offered[0].title, offered[1].title, offered[2].title]);

    const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "nl-storage-")));
    const chosen = await chosenArticles(t.db, [offered[0].id, offered[1].id, 999999]);
    expect(chosen).toHaveLength(2);
    const composed = await composeNewsletter(t.db, {
      kind: "dynamic",
      articles: chosen,
      origin: "https://balkanvozaci.test",
      storage,
    });
    const { html, text } = composed;
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain('role="presentation"');
    expect(html).not.toMatch(/<link|<style|class="/);
    expect(html).toContain('href="https://balkanvozaci.test/article/');
    expect(html).toContain('href="%recipient.unsubscribe_url%"');
    expect(html).toContain("2.700.000+ pregleda mesečno");
    expect(html).toContain("marketing@balkanvozaci.test");
    // The SVG became a JPEG in the images bucket; the raster one is linked as it is, with its height.
    expect(html).toMatch(
      /<img[^>]+alt="Najnoviji članak[^"]*"[^>]+src="https:\/\/balkanvozaci\.test\/media\/images\/newsletter\/[0-9a-f]{24}\.jpg"|<img[^>]+src="https:\/\/balkanvozaci\.test\/media\/images\/newsletter\/[0-9a-f]{24}\.jpg"[^>]*alt="Najnoviji/,
    );
    expect(html).toMatch(/<img[^>]*width="560"/);
    expect(html).toContain('src="https://balkanvozaci.test/media/images/1700000000000_800x600-kamion.jpg"');
    expect(html).toContain('height="420"');
    for (const label of html.matchAll(/Pročitajte više: (?:<!-- -->)?([^<]+)</g)) {
      expect(Array.from(label[1].replace("…", "")).length).toBeLessThanOrEqual(30);
    }
    expect(html).toContain("Poslovi za vozače");
    expect(html).toContain("CDL-A vozač");
    expect(text).toContain("Najnoviji članak o novim pravilima");
    expect(text).toContain("%recipient.unsubscribe_url%");
    expect(text).not.toContain("<");
    expect(composed.subject).toMatch(/^Balkan Vozači: nove vesti i poslovi – /);
    expect(composed.articleIds).toEqual([offered[0].id, offered[1].id]);
  });
});
