import { randomBytes } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import type { Database, DbOrTx } from "~/db/client.server";
import {
  adminUsers,
  articles,
  bannerAnalytics,
  bannerPeriods,
  banners,
  companies,
  companySubmissions,
  emailStats,
  forumComments,
  forumTopics,
  listingPhotos,
  listings,
  newsletterSubscribers,
  siteSettings,
  stripeOrders,
} from "~/db/schema";
import { companyFromRequest } from "~/domain/companies/submissions.server";
import { hashPassword } from "~/domain/users/password.server";
import type { Role } from "~/domain/users/permissions";
import type { Storage } from "~/integrations/storage/storage";
import { buildArticles, DEMO_TRUCK_IMAGES } from "./articles";
import { type BannerPlan, buildBannerPlans, buildClicks } from "./banners";
import {
  buildCompanies,
  buildCompanySubmissions,
  DEMO_COMPANY_LOGO,
  type NewCompanySubmission,
} from "./companies";
import { buildForum, type TopicPlan } from "./forum";
import {
  DEMO_IMAGE_BUCKET,
  findDemoDir,
  type RenderedImage,
  renderDemoImages,
  storeDemoImages,
  withStoredImages,
} from "./images.server";
import {
  buildJobs,
  buildSales,
  type DemoPhoto,
  type ListingPlan,
  photosFor,
  storeDemoPhotos,
} from "./listings";
import { buildEmailStats, buildSubscribers } from "./newsletter";
import { planOrders } from "./orders";

export type SeedCredentials = { email: string; password: string; role: Role };
export type SeedCounts = Record<
  | "articles"
  | "companies"
  | "companySubmissions"
  | "banners"
  | "bannerPeriods"
  | "bannerClicks"
  | "forumTopics"
  | "forumComments"
  | "newsletterSubscribers"
  | "emailStats"
  | "stripeOrders"
  | "listings"
  | "listingPhotos"
  | "adminUsers"
  | "mediaFiles",
  number
>;
export type SeedSummary =
  | { skipped: true }
  | { skipped: false; counts: SeedCounts; credentials: SeedCredentials[]; durationMs: number };

export type SeedOptions = {
  /** Where the demo pictures and listing photos are uploaded (the media manager's storage). */
  storage: Storage;
  log?: (msg: string) => void;
  /** The moment banner campaigns and clicks are relative to (default: now). */
  now?: Date;
};

/**
 * The demo staff; created only when no user has the e-mail yet, each with a random password that
 * the seeder prints once (no password is written in the code, decision 003).
 */
const DEMO_USERS = [
  { email: "urednik@balkanvozaci.com", role: "editor", firstName: "Jelena", lastName: "Marković" },
  { email: "admin@balkanvozaci.com", role: "admin", firstName: "Nikola", lastName: "Petrović" },
] as const;

/** 16 random characters of [A-Za-z0-9_-] (96 bits). */
function randomPassword(): string {
  return randomBytes(12).toString("base64url");
}

/** Serialises concurrent seeders on PostgreSQL (two app instances starting together). */
const SEED_LOCK_KEY = 727_001;

const SEEDED_TABLES = [
  "articles",
  "companies",
  "company_submissions",
  "banners",
  "banner_periods",
  "banner_analytics",
  "forum_topics",
  "forum_comments",
  "newsletter_subscribers",
  "email_stats",
  "stripe_orders",
  "listings",
  "listing_photos",
  "admin_users",
  "site_settings",
  "media_files",
];

/** Multi-row inserts in batches, well below PostgreSQL's 65,535 bind-parameter limit. */
async function insertAll<T extends PgTable>(db: DbOrTx, table: T, rows: PgInsertValue<T>[], batchSize = 500) {
  for (let i = 0; i < rows.length; i += batchSize) {
    await db.insert(table).values(rows.slice(i, i + batchSize));
  }
}

async function hasArticles(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: articles.id }).from(articles).limit(1);
  return rows.length > 0;
}

type NewUser = typeof adminUsers.$inferInsert;

/** Hashes only the passwords of demo users that do not exist yet (bcrypt cost 12 ≈ 200 ms each). */
async function prepareUsers(db: DbOrTx): Promise<{ row: NewUser; credentials: SeedCredentials }[]> {
  const emails = DEMO_USERS.map((user) => user.email);
  const rows = await db
    .select({ email: adminUsers.email })
    .from(adminUsers)
    .where(inArray(adminUsers.email, emails));
  const existing = new Set(rows.map((u) => u.email));
  const missing = DEMO_USERS.filter((user) => !existing.has(user.email));
  return Promise.all(
    missing.map(async (user) => {
      const password = randomPassword();
      return {
        row: { ...user, passwordHash: await hashPassword(password), isActive: true },
        credentials: { email: user.email, password, role: user.role },
      };
    }),
  );
}

async function insertUsers(tx: DbOrTx, users: Awaited<ReturnType<typeof prepareUsers>>) {
  if (users.length === 0) return [];
  const created = await tx
    .insert(adminUsers)
    .values(users.map((u) => u.row))
    .onConflictDoNothing({ target: adminUsers.email })
    .returning({ email: adminUsers.email });
  const createdEmails = new Set(created.map((u) => u.email));
  return users.filter((u) => createdEmails.has(u.row.email)).map((u) => u.credentials);
}

/** The settings row: inserted with the demo default images, or those filled in where empty. */
async function upsertSettings(tx: DbOrTx, images: Map<string, string>) {
  await tx
    .insert(siteSettings)
    .values({
      id: 1,
      defaultArticleImage: withStoredImages(DEMO_TRUCK_IMAGES[0], images),
      defaultCompanyImage: withStoredImages(DEMO_COMPANY_LOGO, images),
      contactEmail: "info@balkanvozaci.com",
    })
    .onConflictDoUpdate({
      target: siteSettings.id,
      set: {
        defaultArticleImage: sql`coalesce(${siteSettings.defaultArticleImage}, excluded.default_article_image)`,
        defaultCompanyImage: sql`coalesce(${siteSettings.defaultCompanyImage}, excluded.default_company_image)`,
      },
    });
}

async function insertForum(tx: DbOrTx, plans: TopicPlan[]): Promise<number> {
  const ids = await tx
    .insert(forumTopics)
    .values(plans.map((p) => p.topic))
    .returning({ id: forumTopics.id });
  // RETURNING lists a multi-row INSERT … VALUES in the order of its rows.
  const comments = plans.flatMap((plan, i) =>
    plan.comments.map((comment) => ({ ...comment, topicId: ids[i].id })),
  );
  await insertAll(tx, forumComments, comments);
  return comments.length;
}

/**
 * The demo jobs (some linked to the directory's carriers, whose ids exist only now) and buy/sell
 * listings, then their photo rows, then the card-payment orders that promoted some of them (the
 * orders set the listings' featured windows, so they are planned before the listings are written).
 */
async function insertListings(
  tx: DbOrTx,
  now: Date,
  pool: Awaited<ReturnType<typeof storeDemoPhotos>> | null,
): Promise<{ listings: number; photos: number; orders: number }> {
  const carriers = await tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.category, "Transportne Kompanije"))
    .orderBy(asc(companies.id));
  const plans: ListingPlan[] = [...buildJobs(now, carriers), ...buildSales(now)];
  const orders = planOrders(
    plans.map((p) => p.listing),
    now,
  );
  const ids: { id: number }[] = [];
  for (let i = 0; i < plans.length; i += 500) {
    const chunk = plans.slice(i, i + 500);
    ids.push(
      ...(await tx
        .insert(listings)
        .values(chunk.map((p) => p.listing))
        .returning({ id: listings.id })),
    );
  }
  const photos = pool
    ? plans.flatMap((plan, i) =>
        photosFor(plan, pool, i).map((photo: DemoPhoto & { position: number }) => ({
          ...photo,
          listingId: ids[i].id,
          createdAt: plan.listing.createdAt,
        })),
      )
    : [];
  await insertAll(tx, listingPhotos, photos);
  await insertAll(
    tx,
    stripeOrders,
    orders.map(({ listingIndex, order }) => {
      const listingId = ids[listingIndex].id;
      return {
        ...order,
        listingId,
        metadata: { listing_id: String(listingId), ...(order.metadata as object) },
      };
    }),
  );
  return { listings: plans.length, photos: photos.length, orders: orders.length };
}

async function insertBanners(tx: DbOrTx, plans: BannerPlan[], now: Date) {
  const ids = await tx
    .insert(banners)
    .values(plans.map((p) => p.banner))
    .returning({ id: banners.id });
  const periods = await tx
    .insert(bannerPeriods)
    .values(plans.flatMap((plan, i) => plan.periods.map((period) => ({ ...period, bannerId: ids[i].id }))))
    .returning({
      id: bannerPeriods.id,
      bannerId: bannerPeriods.bannerId,
      startDate: bannerPeriods.startDate,
      endDate: bannerPeriods.endDate,
    });
  const clicks = plans.flatMap((plan, i) => {
    const bannerId = ids[i].id;
    return buildClicks(
      plan,
      bannerId,
      periods.filter((p) => p.bannerId === bannerId),
      now,
    );
  });
  await insertAll(tx, bannerAnalytics, clicks, 2000);
  return { banners: ids.length, periods: periods.length, clicks: clicks.length };
}

/** The company an approval created, for every approved request (spec §4), made when it was approved. */
function approvedCompanies(submissions: NewCompanySubmission[]) {
  return submissions
    .filter((request) => request.status === "approved")
    .map((request) => ({
      ...companyFromRequest(request),
      createdAt: request.reviewedAt ?? undefined,
      updatedAt: request.reviewedAt ?? undefined,
    }));
}

/** The demo illustrations rendered to JPEG, or none (with a note) when `public/demo` is missing. */
async function renderImages(log: (msg: string) => void): Promise<RenderedImage[]> {
  const dir = findDemoDir();
  if (!dir) {
    log("public/demo nije pronađen – demo članci zadržavaju SVG ilustracije.");
    return [];
  }
  return renderDemoImages(dir);
}

/**
 * Fills a migrated database with the demo content: thousands of Serbian articles over three years,
 * companies in every state, banners in every slot with campaigns and clicks, forum, newsletter,
 * orders and the demo staff. Does nothing when articles already exist. Everything but the banner
 * clicks (relative to `now`) is identical on every run.
 */
export async function seedDemo(db: Database, options: SeedOptions): Promise<SeedSummary> {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const started = performance.now();
  if (await hasArticles(db)) {
    log("Baza već ima članke – demo podaci se ne ubacuju.");
    return { skipped: true };
  }

  const usersReady = prepareUsers(db);
  const imagesReady = renderImages(log);
  const directory = buildCompanies();
  const submissions = buildCompanySubmissions(
    undefined,
    directory.map((c) => c.name),
  );
  const data = {
    articles: buildArticles(),
    companies: [...directory, ...approvedCompanies(submissions)],
    submissions,
    banners: buildBannerPlans(now),
    forum: buildForum(),
    subscribers: buildSubscribers(),
    emailStats: buildEmailStats(),
  };
  const [users, images, photoPool] = await Promise.all([
    usersReady,
    imagesReady,
    storeDemoPhotos(options.storage),
  ]);
  log(`Demo podaci pripremljeni (${Math.round(performance.now() - started)} ms), upis u bazu…`);

  const written: string[] = [];
  const transaction = db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasArticles(tx)) return null;
    // One query at a time on the transaction's one connection: the pictures (their WebP variants
    // are encoded on sharp's threads, their rows written here) are stored first, then the tables.
    const imagesStarted = performance.now();
    const urls = await storeDemoImages(tx, options.storage, images, now, written);
    log(`  slike: ${urls.size} JPEG + WebP varijante (${Math.round(performance.now() - imagesStarted)} ms)`);
    const bannerCounts = await insertBanners(tx, data.banners, now);
    log(`  baneri: ${bannerCounts.banners}, klikovi: ${bannerCounts.clicks}`);
    const commentCount = await insertForum(tx, data.forum);
    await insertAll(tx, newsletterSubscribers, data.subscribers);
    await insertAll(tx, emailStats, data.emailStats);
    const pictured = data.articles.map((article) => ({
      ...article,
      featuredImage: withStoredImages(article.featuredImage, urls),
      content: withStoredImages(article.content, urls),
    }));
    await insertAll(tx, articles, pictured);
    log(`  članci: ${data.articles.length}`);
    await insertAll(
      tx,
      companies,
      data.companies.map((company) => ({ ...company, logo: withStoredImages(company.logo, urls) })),
    );
    await insertAll(
      tx,
      companySubmissions,
      data.submissions.map((request) => ({ ...request, logo: withStoredImages(request.logo, urls) })),
    );
    const listingCounts = await insertListings(tx, now, photoPool);
    log(
      `  oglasi: ${listingCounts.listings}, fotografije: ${listingCounts.photos}, narudžbine: ${listingCounts.orders}`,
    );
    await upsertSettings(tx, urls);
    const credentials = await insertUsers(tx, users);
    const counts: SeedCounts = {
      articles: data.articles.length,
      companies: data.companies.length,
      companySubmissions: data.submissions.length,
      banners: bannerCounts.banners,
      bannerPeriods: bannerCounts.periods,
      bannerClicks: bannerCounts.clicks,
      forumTopics: data.forum.length,
      forumComments: commentCount,
      newsletterSubscribers: data.subscribers.length,
      emailStats: data.emailStats.length,
      stripeOrders: listingCounts.orders,
      listings: listingCounts.listings,
      listingPhotos: listingCounts.photos,
      adminUsers: credentials.length,
      mediaFiles: urls.size,
    };
    return { counts, credentials };
  });
  const result = await transaction.catch(async (error: unknown) => {
    // The rows are rolled back; the stored pictures would be orphans.
    await Promise.allSettled(written.map((key) => options.storage.delete(DEMO_IMAGE_BUCKET, key)));
    throw error;
  });
  if (!result) {
    log("Drugi proces je upravo ubacio demo podatke – preskačem.");
    return { skipped: true };
  }

  // PGlite has no autovacuum: without fresh statistics the planner ignores the trigram indexes.
  await db.execute(sql.raw(`VACUUM ANALYZE ${SEEDED_TABLES.join(", ")}`));
  const durationMs = Math.round(performance.now() - started);
  log(`Demo podaci ubačeni za ${(durationMs / 1000).toFixed(1)} s.`);
  return { skipped: false, ...result, durationMs };
}
