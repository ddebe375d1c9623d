import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, countDistinct, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  adminUsers,
  articles,
  bannerAnalytics,
  bannerPeriods,
  banners,
  companies,
  companySubmissions,
  forumComments,
  forumTopics,
  listingPhotos,
  listings,
  mediaFiles,
  newsletterSubscribers,
  siteSettings,
  stripeOrders,
} from "~/db/schema";
import { articleImageUrl } from "~/domain/articles/image-url";
import { responsiveImage } from "~/domain/media/responsive";
import { verifyPassword } from "~/domain/users/password.server";
import { createLocalStorage } from "~/integrations/storage/local.server";
import type { Storage } from "~/integrations/storage/storage";
import { createTestDatabase, describeDb, type TestDatabase } from "../../tests/support/db";
import { buildArticles } from "./articles";
import { COMPANY_CATEGORIES, COMPANY_COUNT } from "./companies";
import { RASTERISED_DEMO_IMAGES } from "./images.server";
import { US_STATES } from "./places";
import { REFERENCE_DATE } from "./random";
import { type SeedSummary, seedDemo } from "./seed.server";

const TIMEOUT = 120_000;

/** Spec §9: every banner position slot. */
const BANNER_POSITIONS = [
  "home-top",
  "home-hero",
  "home-sidebar",
  "home-section-1",
  "home-section-2",
  "home-section-3",
  "home-section-4",
  "home-middle",
  "home-bottom",
  "vesti-top",
  "vesti-bottom",
  "vesti-sidebar",
  "oglasi-top",
  "oglasi-bottom",
  "oglasi-sidebar",
];

// The integration set-up picks the driver (TEST_DB): in-memory PGlite or a PostgreSQL database.
let t: TestDatabase;
let summary: SeedSummary;
let storageDir: string;
let storage: Storage;
/** Node's warnings while the seed ran: pg warns (once per process) when a client is handed a query
 * while it still executes another — several queries at once on the transaction's one connection. */
const warnings: Error[] = [];
const recordWarning = (warning: Error) => warnings.push(warning);

beforeAll(async () => {
  t = await createTestDatabase();
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-media-"));
  storage = createLocalStorage(storageDir);
  process.on("warning", recordWarning);
  try {
    summary = await seedDemo(t.db, { storage });
  } finally {
    process.off("warning", recordWarning);
  }
}, TIMEOUT);

afterAll(async () => {
  await t?.close();
  if (storageDir) fs.rmSync(storageDir, { recursive: true, force: true });
});

describeDb("seedDemo", () => {
  const db = () => t.db;
  const total = async (table: PgTable, where?: SQL) => {
    const [row] = await db().select({ n: count() }).from(table).where(where);
    return row.n;
  };

  it("reports what it inserted and the demo credentials", () => {
    expect(summary.skipped).toBe(false);
    if (summary.skipped) return;
    expect(summary.counts.articles).toBeGreaterThanOrEqual(5000);
    expect(summary.credentials.map((c) => c.email).sort()).toEqual([
      "admin@balkanvozaci.com",
      "urednik@balkanvozaci.com",
    ]);
  });

  it("issues one query at a time on its transaction (pg prints no deprecation warning)", () => {
    expect(warnings.filter((w) => w.name === "DeprecationWarning").map((w) => w.message)).toEqual([]);
  });

  it("writes at least 5,000 articles in both categories, with drafts, Cyrillic and tags", async () => {
    expect(await total(articles)).toBeGreaterThanOrEqual(5000);
    const byCategory = await db()
      .select({ category: articles.category, n: count() })
      .from(articles)
      .groupBy(articles.category);
    expect(byCategory.map((r) => r.category).sort()).toEqual(["Oglasi", "Vesti"]);
    const statuses = await db().selectDistinct({ status: articles.status }).from(articles);
    expect(statuses.map((r) => r.status).sort()).toEqual(["draft", "publish"]);
    expect(await total(articles, sql`${articles.title} ~ '[А-Яа-яЂђЈјЉљЊњЋћЏџ]'`)).toBeGreaterThan(100);
    expect(await total(articles, sql`${articles.slug} !~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)).toBe(0);
    expect(await total(articles, sql`cardinality(${articles.tags}) not between 2 and 4`)).toBe(0);
    expect(
      await total(
        articles,
        sql`(${articles.content} not like '%<h2>%' and ${articles.content} not like '%<p><strong>%') or ${articles.content} like '%http%'`,
      ),
    ).toBe(0);
    // Every 8th article has its headings typed as paragraphs (the AI headings screen's work).
    const legacy = await total(articles, sql`${articles.content} not like '%<h2>%'`);
    expect(legacy).toBe(buildArticles().filter((a) => !a.content?.includes("<h2>")).length);
    expect(legacy).toBeGreaterThan(500);
  });

  it("features at least five recent published news articles", async () => {
    const recent = await db()
      .select({ date: articles.publishedDate })
      .from(articles)
      .where(and(eq(articles.featured, true), eq(articles.status, "publish")))
      .orderBy(sql`${articles.publishedDate} desc`)
      .limit(5);
    expect(recent).toHaveLength(5);
    for (const { date } of recent)
      expect(REFERENCE_DATE.getTime() - date.getTime()).toBeLessThan(30 * 86_400_000);
  });

  it("is deterministic: the 1234th article is the one the generator builds again", async () => {
    const [row] = await db()
      .select({ title: articles.title })
      .from(articles)
      .orderBy(articles.id)
      .offset(1233)
      .limit(1);
    expect(row.title).toBe(buildArticles()[1233].title);
  });

  it("writes 200 directory companies in every category and state, plus one per approved request", async () => {
    const approved = await total(companySubmissions, eq(companySubmissions.status, "approved"));
    expect(await total(companies)).toBe(COMPANY_COUNT + approved);
    const states = await db().selectDistinct({ state: companies.state }).from(companies);
    expect(states.map((r) => r.state).sort()).toEqual(US_STATES.map((s) => s.name).sort());
    const categories = await db().selectDistinct({ category: companies.category }).from(companies);
    expect(categories.map((r) => r.category)).toEqual(expect.arrayContaining([...COMPANY_CATEGORIES]));
    expect(await total(companies, eq(companies.active, false))).toBeGreaterThan(0);
  });

  it("writes 30 company requests in all three states, decided ones reviewed", async () => {
    expect(await total(companySubmissions)).toBe(30);
    expect(await total(companySubmissions, eq(companySubmissions.status, "pending"))).toBeGreaterThanOrEqual(
      8,
    );
    expect(await total(companySubmissions, eq(companySubmissions.status, "approved"))).toBeGreaterThan(0);
    expect(await total(companySubmissions, eq(companySubmissions.status, "rejected"))).toBeGreaterThan(0);
    const unreviewed = sql`${companySubmissions.status} <> 'pending' and (${companySubmissions.reviewedAt} is null or ${companySubmissions.reviewedBy} is null)`;
    expect(await total(companySubmissions, unreviewed)).toBe(0);
    expect(
      await total(
        companySubmissions,
        and(eq(companySubmissions.status, "rejected"), isNull(companySubmissions.adminNotes)),
      ),
    ).toBe(0);
  });

  it("gives every approved request the company its approval created (spec §4), and only one", async () => {
    // The same fields, active, created when the request was approved.
    const withoutCompany = sql`${companySubmissions.status} = 'approved' and (
      select count(*) from ${companies} c
      where c.name = ${companySubmissions.name}
        and c.email is not distinct from ${companySubmissions.email}
        and c.phone is not distinct from ${companySubmissions.phone}
        and c.state is not distinct from ${companySubmissions.state}
        and c.category is not distinct from ${companySubmissions.category}
        and c.logo is not distinct from ${companySubmissions.logo}
        and c.services = ${companySubmissions.services}
        and c.active
        and c.created_at = ${companySubmissions.reviewedAt}
    ) <> 1`;
    expect(await total(companySubmissions, eq(companySubmissions.status, "approved"))).toBe(12);
    expect(await total(companySubmissions, withoutCompany)).toBe(0);
    // Company names stay unique across the directory and the requests.
    const [names] = await db()
      .select({ all: count(), distinct: countDistinct(companies.name) })
      .from(companies);
    expect(names.distinct).toBe(names.all);
  });

  it("never dates an article's last change before its publication", async () => {
    expect(await total(articles, sql`${articles.updatedAt} < ${articles.publishedDate}`)).toBe(0);
    // Some were edited after publishing, the rest last saved when published.
    expect(await total(articles, sql`${articles.updatedAt} > ${articles.publishedDate}`)).toBeGreaterThan(
      100,
    );
  });

  it("writes meta texts as the article form does: empty, so the page follows the title and excerpt (decision 290)", async () => {
    expect(
      await total(
        articles,
        sql`${articles.metaTitle} is not null or ${articles.metaDescription} is not null`,
      ),
    ).toBe(0);
  });

  it("shares raster pictures: the illustrations are uploaded once as JPEG with WebP variants", async () => {
    const files = await db().select().from(mediaFiles).orderBy(mediaFiles.id);
    expect(files).toHaveLength(RASTERISED_DEMO_IMAGES.length);
    for (const file of files) {
      expect(file).toMatchObject({ bucket: "images", mimeType: "image/jpeg", type: "image" });
      expect(file.name).toMatch(/^\d{13}_\d+x\d+-[a-z0-9-]+\.jpg$/);
      expect(await storage.exists("images", file.name)).toBe(true);
      const { srcSet } = responsiveImage(file.url);
      expect(srcSet).toBeTruthy();
      for (const entry of srcSet?.split(", ") ?? []) {
        const key = decodeURI(entry.split(" ")[0]).replace("/media/images/", "");
        expect(await storage.exists("images", key), key).toBe(true);
      }
    }
    const urls = new Set(files.map((f) => f.url));

    expect(await total(articles, sql`${articles.featuredImage} like '%.svg'`)).toBe(0);
    expect(await total(articles, sql`${articles.content} like '%/demo/%'`)).toBe(0);
    const featured = await db().selectDistinct({ url: articles.featuredImage }).from(articles);
    expect(featured.length).toBeGreaterThan(1);
    for (const { url } of featured) expect(urls.has(url ?? "")).toBe(true);
    const [inline] = await db()
      .select({ content: articles.content })
      .from(articles)
      .where(sql`${articles.content} like '%<img%'`)
      .limit(1);
    const src = /<img src="([^"]+)"/.exec(inline.content)?.[1];
    expect(urls.has(src ?? "")).toBe(true);

    // What og:image becomes for an article, and the defaults used when an article has no picture.
    const [settings] = await db().select().from(siteSettings);
    expect(urls.has(settings.defaultArticleImage ?? "")).toBe(true);
    expect(urls.has(settings.defaultCompanyImage ?? "")).toBe(true);
    expect(articleImageUrl(null, settings.defaultArticleImage)).toMatch(/\.jpg$/);
    expect(await total(companies, sql`${companies.logo} like '%.svg'`)).toBe(0);
    expect(await total(companies, sql`${companies.logo} like '/media/images/%'`)).toBeGreaterThan(0);
  });

  it("fills every banner position slot, each banner with one running period and recent clicks", async () => {
    const positions = await db().selectDistinct({ position: banners.position }).from(banners);
    expect(positions.map((r) => r.position).sort()).toEqual([...BANNER_POSITIONS].sort());
    const heroes = await db()
      .select({ title: banners.title })
      .from(banners)
      .where(eq(banners.position, "home-hero"))
      .orderBy(sql`${banners.priority} desc`);
    expect(heroes.map((r) => r.title)).toEqual(["Hero 1", "Hero 2", "Hero 3", "Hero 4", "Hero 5"]);
    const [running] = await db()
      .select({ n: countDistinct(bannerPeriods.bannerId) })
      .from(bannerPeriods)
      .where(isNull(bannerPeriods.endDate));
    expect(running.n).toBe(await total(banners));
    expect(await total(banners, eq(banners.active, false))).toBeGreaterThan(0);
    expect(await total(banners, sql`${banners.endDate} < current_date`)).toBeGreaterThan(0);
    const clicks = await total(bannerAnalytics);
    expect(clicks).toBeGreaterThan(15_000);
    expect(
      await total(bannerAnalytics, gt(bannerAnalytics.clickedAt, sql`now() - interval '1 day'`)),
    ).toBeGreaterThan(0);
  });

  it("writes 100 forum topics and comments in every moderation state", async () => {
    expect(await total(forumTopics)).toBe(100);
    const statuses = await db().selectDistinct({ status: forumComments.status }).from(forumComments);
    expect(statuses.map((r) => r.status).sort()).toEqual(["approved", "pending", "rejected"]);
    expect(await total(forumComments)).toBe(400);
    // Every topic's activity is its newest approved comment, or its own creation without one.
    const stale = await total(
      forumTopics,
      sql`${forumTopics.lastActivityAt} <> greatest(${forumTopics.createdAt}, coalesce((select max(c.created_at) from forum_comments c where c.topic_id = ${forumTopics.id} and c.status = 'approved'), ${forumTopics.createdAt}))`,
    );
    expect(stale).toBe(0);
  });

  it("writes 600 unique lowercase subscribers and 60 orders in every payment state", async () => {
    expect(await total(newsletterSubscribers)).toBe(600);
    const [emails] = await db()
      .select({ n: countDistinct(sql`lower(${newsletterSubscribers.email})`) })
      .from(newsletterSubscribers);
    expect(emails.n).toBe(600);
    expect(await total(stripeOrders)).toBe(60);
    const statuses = await db().selectDistinct({ status: stripeOrders.paymentStatus }).from(stripeOrders);
    expect(statuses.map((r) => r.status)).toEqual(expect.arrayContaining(["paid", "pending", "failed"]));
  });

  it("writes the orders as the webhook does: promotions of demo listings, paid ones applied", async () => {
    expect(await total(stripeOrders, sql`${stripeOrders.listingId} is null`)).toBe(0);
    expect(
      await total(
        stripeOrders,
        sql`${stripeOrders.metadata}->>'listing_id' <> ${stripeOrders.listingId}::text`,
      ),
    ).toBe(0);
    expect(
      await total(
        stripeOrders,
        sql`${stripeOrders.productId} not in ('featured-job-7', 'featured-job-30', 'featured-sale-7', 'featured-sale-30')`,
      ),
    ).toBe(0);
    expect(
      await total(
        stripeOrders,
        sql`${stripeOrders.paymentStatus} in ('paid', 'refunded') and ${stripeOrders.promotedAt} is null`,
      ),
    ).toBe(0);
    expect(
      await total(
        stripeOrders,
        sql`${stripeOrders.paymentStatus} in ('pending', 'failed') and ${stripeOrders.promotedAt} is not null`,
      ),
    ).toBe(0);
    // Every listing featured today was promoted by a paid order whose days end exactly then.
    expect(
      await total(
        listings,
        sql`${listings.featuredUntil} > now() and not exists (select 1 from stripe_orders o where o.listing_id = ${listings.id} and o.payment_status = 'paid' and o.created_at + o.featured_days * interval '1 day' = ${listings.featuredUntil})`,
      ),
    ).toBe(0);
    // A promotion never outlives its listing's public time.
    expect(await total(listings, sql`${listings.featuredUntil} > ${listings.expiresAt}`)).toBe(0);
  });

  it("writes 150 jobs and 120 buy/sell listings in every status, some promoted, with stored photos", async () => {
    expect(await total(listings, eq(listings.kind, "job"))).toBe(150);
    expect(await total(listings, eq(listings.kind, "sale"))).toBe(120);
    const statuses = await db().selectDistinct({ status: listings.status }).from(listings);
    expect(statuses.map((r) => r.status).sort()).toEqual(["approved", "expired", "pending", "rejected"]);
    // Approved ones are live today, expired ones are past their date, rejected ones carry a note.
    expect(
      await total(listings, sql`${listings.status} = 'approved' and ${listings.expiresAt} <= now()`),
    ).toBe(0);
    expect(await total(listings, sql`${listings.status} = 'expired' and ${listings.expiresAt} > now()`)).toBe(
      0,
    );
    expect(
      await total(listings, sql`${listings.status} = 'rejected' and ${listings.adminNote} is null`),
    ).toBe(0);
    expect(
      await total(listings, sql`${listings.status} = 'approved' and ${listings.kind} = 'job'`),
    ).toBeGreaterThan(80);
    expect(
      await total(listings, sql`${listings.featuredUntil} > now() and ${listings.kind} = 'job'`),
    ).toBeGreaterThan(0);
    expect(
      await total(listings, sql`${listings.featuredUntil} > now() and ${listings.kind} = 'sale'`),
    ).toBeGreaterThan(0);
    expect(await total(listings, sql`${listings.companyId} is not null`)).toBeGreaterThan(0);
    const [states] = await db()
      .select({ n: countDistinct(listings.state) })
      .from(listings);
    expect(states.n).toBeGreaterThan(25);
    const photos = await db().select({ key: listingPhotos.key }).from(listingPhotos);
    expect(photos.length).toBeGreaterThan(120);
    const keys = [...new Set(photos.map((p) => p.key))];
    for (const key of keys) {
      expect(await storage.exists("images", key)).toBe(true);
      expect(await storage.exists("images", `_v/${key}/400.webp`)).toBe(true);
    }
  });

  it("creates the demo editor with a working random password, printed once", async () => {
    const [editor] = await db()
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.email, "urednik@balkanvozaci.com"));
    expect(editor.role).toBe("editor");
    if (summary.skipped) throw new Error("the seed ran");
    const printed = summary.credentials.find((c) => c.email === "urednik@balkanvozaci.com");
    expect(printed?.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await verifyPassword(printed?.password ?? "", editor.passwordHash)).toBe(true);
    // No fixed password: the administrator's differs from the editor's.
    expect(summary.credentials.find((c) => c.role === "admin")?.password).not.toBe(printed?.password);
  });

  it("does nothing on a database that already has articles", async () => {
    expect(await seedDemo(t.db, { storage })).toEqual({ skipped: true });
  });
});
