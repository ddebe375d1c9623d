/**
 * The permission matrix: every admin route and action, for anonymous, editor and admin, run
 * against the real route modules and a real database. A route added under /admin without an
 * entry here fails the first test.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  adminUsers,
  articleHeadings,
  articlePresence,
  articles,
  auditLog,
  bannerPeriods,
  banners,
  companies,
  companySubmissions,
  forumComments,
  forumTopics,
  jobs,
  listings,
  mediaFiles,
  newsletterSends,
  newsletterSubscribers,
  promotionProducts,
  siteSettings,
} from "~/db/schema";
import type { AuditArea } from "~/domain/audit/labels";
import { bannerCacheGeneration } from "~/domain/banners/cache.server";
import { convertArticle } from "~/domain/headings/headings.server";
import type { Permission } from "~/domain/users/permissions";
import { createOutbox } from "~/integrations/mailgun/outbox.server";
import { createLocalStorage } from "~/integrations/storage/local.server";
import routes from "~/routes";
import { setServices } from "~/services.server";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { insertUser, requestAs } from "../../../tests/support/fixtures";

type Actor = "anonymous" | "editor" | "admin";
/** "forbidden" is exactly 403; any other 4xx/5xx is reported as "status NNN" and fails the row. */
type Outcome = "login" | "forbidden" | "ok" | "notFound" | "redirect" | `status ${number}`;
type ActionCase = {
  name: string;
  form: Record<string, string>;
  /** A number that must not change when the action is refused. */
  probe: (t: TestDatabase) => Promise<number>;
  /**
   * The audit area an accepted action records (decision 195): every admin write leaves an entry.
   * `false` only with a reason: the form's own background calls (presence), which are not edits.
   */
  audit: AuditArea | false;
  /** When this action answers otherwise than the route's other actions (a fetcher's reply, not a redirect). */
  outcome?: Record<Actor, Outcome>;
};
type MatrixEntry = {
  file: string;
  /** The path requested for the test (the route's own path with sample parameters). */
  path: string;
  permission: Permission | "signedIn" | "public";
  loader: Record<Actor, Outcome>;
  actions?: ActionCase[];
  actionOutcome?: Record<Actor, Outcome>;
  /** Route parameters (for example `{ id }` of an edit page); none when absent. */
  params?: Record<string, string>;
};

/** The company editor sends every field it overwrites (decision 061); empty ones as "". */
const COMPANY_FORM = Object.fromEntries(
  [
    "description",
    "location",
    "state",
    "phone",
    "email",
    "website",
    "logo",
    "category",
    "yearEstablished",
    "fleetSize",
  ].map((field) => [field, ""]),
);

const VIEW_ADMIN_ONLY = { anonymous: "login", editor: "forbidden", admin: "ok" } as const;
const VIEW_BOTH = { anonymous: "login", editor: "ok", admin: "ok" } as const;
const userCount = async (t: TestDatabase) => (await t.db.select({ n: count() }).from(adminUsers))[0].n;
const activeCount = async (t: TestDatabase) =>
  (await t.db.select({ n: count() }).from(adminUsers).where(eq(adminUsers.isActive, true)))[0].n;

/** A fixture row created on the first probe only, so the probe after an accepted delete sees it gone. */
const fixtures = new Set<string>();
async function fixtureOnce(key: string, create: () => Promise<unknown>): Promise<void> {
  if (fixtures.has(key)) return;
  fixtures.add(key);
  await create();
}
const companyFixture = (t: TestDatabase, id: number) =>
  fixtureOnce(`company-${id}`, () =>
    t.db
      .insert(companies)
      .values({ id, name: `Matrica ${id}`, active: true })
      .onConflictDoNothing(),
  );
const submissionFixture = (t: TestDatabase, id: number) =>
  fixtureOnce(`submission-${id}`, () =>
    t.db
      .insert(companySubmissions)
      .values({ id, name: `Zahtev ${id}` })
      .onConflictDoNothing(),
  );
const bannerFixture = (t: TestDatabase, id: number) =>
  fixtureOnce(`banner-${id}`, () =>
    t.db
      .insert(banners)
      .values({
        id,
        title: `Matrica ${id}`,
        section: "home",
        position: "home-top",
        link: "https://m.example.com",
      })
      .onConflictDoNothing(),
  );
const listingFixture = (t: TestDatabase, id: number) =>
  fixtureOnce(`listing-${id}`, () =>
    t.db
      .insert(listings)
      .values({
        id,
        kind: "job",
        title: `Oglas ${id}`,
        description: "Opis oglasa iz matrice dozvola.",
        city: "Chicago",
        state: "Illinois",
        contactName: "Matrica",
        contactPhone: "+1 312 555 0100",
        companyName: "Matrica Trucking",
        position: "company-driver",
        routeType: "otr",
        cdlClass: "A",
      })
      .onConflictDoNothing(),
  );
const listingsWhere = async (t: TestDatabase, where?: ReturnType<typeof eq>) =>
  (await t.db.select({ n: count() }).from(listings).where(where))[0].n;
const forumTopicFixture = (t: TestDatabase, id: number) =>
  fixtureOnce(`forum-topic-${id}`, () =>
    t.db
      .insert(forumTopics)
      .values({ id, title: `Tema ${id}`, content: "Tekst", author: "Matrica" })
      .onConflictDoNothing(),
  );
const forumCommentFixture = (t: TestDatabase, id: number) =>
  fixtureOnce(`forum-comment-${id}`, async () => {
    await forumTopicFixture(t, 900200);
    await t.db
      .insert(forumComments)
      .values({ id, topicId: 900200, content: "Komentar", author: "Matrica" })
      .onConflictDoNothing();
  });
/** A published article for the newsletter generate case, and a draft with one subscriber for the send case. */
const newsletterFixtures = (t: TestDatabase) =>
  fixtureOnce("newsletter", async () => {
    await t.db
      .insert(articles)
      .values({ id: 920001, title: "Za newsletter", category: "Vesti", status: "publish" })
      .onConflictDoNothing();
    await t.db.insert(newsletterSubscribers).values({ email: "citalac@matrica.rs" }).onConflictDoNothing();
    await t.db
      .insert(newsletterSends)
      .values({
        id: 920100,
        kind: "manual",
        subject: "Matrica",
        html: "<p>x</p>",
        text: "x",
        origin: "http://localhost",
      })
      .onConflictDoNothing();
  });
const newsletterSendCount = async (t: TestDatabase, status?: "queued") => {
  await newsletterFixtures(t);
  const where = status ? eq(newsletterSends.status, status) : undefined;
  return (await t.db.select({ n: count() }).from(newsletterSends).where(where))[0].n;
};
const companyCount = async (t: TestDatabase) => (await t.db.select({ n: count() }).from(companies))[0].n;
const companiesNamed = async (t: TestDatabase, name: string) =>
  (await t.db.select({ n: count() }).from(companies).where(eq(companies.name, name)))[0].n;
const submissionsWhere = async (t: TestDatabase, where: ReturnType<typeof eq>) =>
  (await t.db.select({ n: count() }).from(companySubmissions).where(where))[0].n;

/** The media row the delete case removes: re-created before each actor's attempt (odd probe calls). */
const MATRIX_MEDIA = "1700000000000-matrica.png";
let mediaProbeCalls = 0;
async function mediaProbe(t: TestDatabase): Promise<number> {
  if (mediaProbeCalls++ % 2 === 0) {
    await t.db
      .insert(mediaFiles)
      .values({
        bucket: "images",
        name: MATRIX_MEDIA,
        url: `/media/images/${MATRIX_MEDIA}`,
        size: 1,
        mimeType: "image/png",
        type: "image",
      })
      .onConflictDoNothing();
  }
  return (await t.db.select({ n: count() }).from(mediaFiles).where(eq(mediaFiles.name, MATRIX_MEDIA)))[0].n;
}

/**
 * Article fixtures: before each action the row is (re)made as it was, after it the probe measures
 * and then restores it again, so that the next actor's GET and action find it unchanged.
 */
function articleProbe(id: number, measure: (t: TestDatabase) => Promise<number>) {
  let calls = 0;
  const restore = (t: TestDatabase) =>
    t.db
      .insert(articles)
      .values({ id, title: `Članak ${id}`, category: "Vesti", popular: false })
      .onConflictDoUpdate({ target: articles.id, set: { title: `Članak ${id}`, popular: false } });
  return async (t: TestDatabase) => {
    const after = calls++ % 2 === 1;
    if (!after) await restore(t);
    const n = await measure(t);
    if (after) await restore(t);
    return n;
  };
}
const articleCount = async (t: TestDatabase) => (await t.db.select({ n: count() }).from(articles))[0].n;
const articlesWhere = async (t: TestDatabase, where: ReturnType<typeof eq>) =>
  (await t.db.select({ n: count() }).from(articles).where(where))[0].n;
/** Articles with their headings typed as paragraphs (the AI headings screen's work). */
const LEGACY_CONTENT =
  "<p>Uvod. Dve rečenice.</p><p><strong>Šta se menja</strong></p><p>Tekst odeljka. Još jedna.</p>";
const headingState = (id: number) => async (t: TestDatabase) =>
  (
    await t.db
      .select({ n: count() })
      .from(articleHeadings)
      .where(and(eq(articleHeadings.articleId, id), eq(articleHeadings.state, "converted")))
  )[0].n;
/** A converted article for the restore case: made on the first probe. */
const convertedFixture = (id: number) => async (t: TestDatabase) => {
  await fixtureOnce(`converted-${id}`, async () => {
    await t.db
      .insert(articles)
      .values({ id, title: `Naslovi ${id}`, category: "Vesti", status: "publish", content: LEGACY_CONTENT })
      .onConflictDoNothing();
    await convertArticle(t.db, id);
  });
  return headingState(id)(t);
};
const jobCount = async (t: TestDatabase) => (await t.db.select({ n: count() }).from(jobs))[0].n;

const VALID_ARTICLE = {
  title: "Iz matrice",
  excerpt: "Opis",
  content: "<p>Tekst</p>",
  author: "Matrica",
  publishedDate: "2026-01-01T10:00",
  category: "Vesti",
  featuredImage: "/demo/truck-1.svg",
  intent: "publish",
};

const MATRIX: Record<string, MatrixEntry> = {
  "admin/login": {
    file: "routes/admin/login.tsx",
    path: "/admin/login",
    permission: "public",
    loader: { anonymous: "ok", editor: "redirect", admin: "redirect" },
  },
  "admin/login/link": {
    file: "routes/admin/login-link.tsx",
    path: "/admin/login/link",
    permission: "public",
    loader: { anonymous: "ok", editor: "redirect", admin: "redirect" },
  },
  "admin/logout": {
    file: "routes/admin/logout.tsx",
    path: "/admin/logout",
    permission: "public",
    loader: { anonymous: "redirect", editor: "redirect", admin: "redirect" },
  },
  admin: {
    file: "routes/admin/layout.tsx",
    path: "/admin",
    permission: "signedIn",
    loader: VIEW_BOTH,
  },
  "admin/": {
    file: "routes/admin/dashboard.tsx",
    path: "/admin",
    permission: "canViewDashboard",
    loader: VIEW_BOTH,
  },
  "admin/articles/": {
    file: "routes/admin/articles.tsx",
    path: "/admin/articles?q=sofer&status=published",
    permission: "canViewArticles",
    loader: VIEW_BOTH,
    actionOutcome: VIEW_BOTH,
    actions: [
      {
        name: "popular",
        audit: "articles",
        form: { intent: "popular", id: "910001", popular: "true" },
        probe: articleProbe(910001, (t) => articlesWhere(t, eq(articles.popular, true))),
      },
      {
        name: "delete",
        audit: "articles",
        form: { intent: "delete", id: "910002" },
        probe: articleProbe(910002, articleCount),
      },
    ],
  },
  "admin/articles/new": {
    file: "routes/admin/article-form.tsx",
    path: "/admin/articles/new",
    permission: "canViewArticles",
    loader: VIEW_BOTH,
    actionOutcome: { anonymous: "login", editor: "redirect", admin: "redirect" },
    actions: [{ name: "create", audit: "articles", form: VALID_ARTICLE, probe: articleCount }],
  },
  "admin/articles/edit/:id": {
    file: "routes/admin/article-form.tsx",
    path: "/admin/articles/edit/910003",
    params: { id: "910003" },
    permission: "canViewArticles",
    loader: VIEW_BOTH,
    actionOutcome: { anonymous: "login", editor: "redirect", admin: "redirect" },
    actions: [
      {
        name: "save",
        audit: "articles",
        form: { ...VALID_ARTICLE, title: "Izmenjen iz matrice" },
        probe: articleProbe(910003, (t) => articlesWhere(t, eq(articles.title, "Izmenjen iz matrice"))),
      },
      {
        name: "preview-link",
        audit: "articles",
        outcome: VIEW_BOTH,
        form: { intent: "preview-link" },
        probe: async (t) =>
          (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, "preview-link")))[0].n,
      },
    ],
  },
  "admin/articles/:id": {
    file: "routes/admin/article.tsx",
    path: "/admin/articles/910004",
    params: { id: "910004" },
    permission: "canViewArticles",
    loader: VIEW_BOTH,
    actionOutcome: { anonymous: "login", editor: "redirect", admin: "redirect" },
    actions: [
      {
        name: "delete",
        audit: "articles",
        form: { intent: "delete" },
        probe: articleProbe(910004, articleCount),
      },
    ],
  },
  "admin/headings/": {
    file: "routes/admin/headings.tsx",
    path: "/admin/headings?stanje=pending&page=2",
    permission: "canViewHeadings",
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: VIEW_ADMIN_ONLY,
    actions: [
      {
        name: "convert",
        audit: "headings",
        form: { intent: "convert", id: "910100" },
        probe: headingState(910100),
      },
      {
        name: "restore",
        audit: "headings",
        form: { intent: "restore", id: "910101" },
        probe: convertedFixture(910101),
      },
      { name: "analyze-all", audit: "headings", form: { intent: "analyze-all" }, probe: jobCount },
    ],
  },
  "admin/headings/:id": {
    file: "routes/admin/heading-preview.ts",
    path: "/admin/headings/910100",
    params: { id: "910100" },
    permission: "canViewHeadings",
    loader: VIEW_ADMIN_ONLY,
  },
  "admin/popup": {
    file: "routes/admin/popup.tsx",
    path: "/admin/popup",
    permission: "canViewPopup",
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: VIEW_ADMIN_ONLY,
    actions: [
      {
        name: "save",
        audit: "popup",
        form: {
          enabled: "on",
          image: "/demo/truck-1.svg",
          link: "https://m.example.com",
          maxShowsPerDay: "3",
          minHoursBetween: "2",
        },
        probe: async (t) =>
          (await t.db.select({ n: count() }).from(siteSettings).where(eq(siteSettings.popupEnabled, true)))[0]
            .n,
      },
    ],
  },
  "admin/cache": {
    file: "routes/admin/cache.tsx",
    path: "/admin/cache",
    permission: "canViewSettings",
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: VIEW_ADMIN_ONLY,
    actions: [
      {
        name: "clear",
        audit: "cache",
        form: { intent: "clear" },
        probe: async () => bannerCacheGeneration(),
      },
    ],
  },
  "admin/users/": {
    file: "routes/admin/users.tsx",
    path: "/admin/users",
    permission: "canViewUsers",
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: VIEW_ADMIN_ONLY,
    actions: [
      {
        name: "create",
        audit: "users",
        form: {
          intent: "create",
          email: "novi@x.com",
          password: "dovoljno-duga",
          firstName: "N",
          lastName: "U",
          role: "admin",
        },
        probe: userCount,
      },
      { name: "toggle", audit: "users", form: { intent: "toggle", userId: "TARGET" }, probe: activeCount },
      { name: "delete", audit: "users", form: { intent: "delete", userId: "TARGET" }, probe: userCount },
    ],
  },
  "admin/companies/": {
    file: "routes/admin/companies.tsx",
    path: "/admin/companies",
    permission: "canViewCompanies",
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: VIEW_ADMIN_ONLY,
    actions: [
      {
        name: "toggle",
        audit: "companies",
        form: { intent: "toggle", companyId: "900001" },
        probe: async (t) => {
          await companyFixture(t, 900001);
          return (await t.db.select({ n: count() }).from(companies).where(eq(companies.active, true)))[0].n;
        },
      },
      {
        name: "delete",
        audit: "companies",
        form: { intent: "delete", companyId: "900002" },
        probe: async (t) => {
          await companyFixture(t, 900002);
          return companyCount(t);
        },
      },
    ],
  },
  "admin/companies/new": {
    file: "routes/admin/company-form.tsx",
    path: "/admin/companies/new",
    permission: "canViewCompanies",
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: { anonymous: "login", editor: "forbidden", admin: "redirect" },
    actions: [
      {
        name: "create",
        audit: "companies",
        form: { ...COMPANY_FORM, name: "Nova iz matrice" },
        probe: companyCount,
      },
    ],
  },
  "admin/companies/edit/:id": {
    file: "routes/admin/company-form.tsx",
    path: "/admin/companies/edit/900003",
    params: { id: "900003" },
    permission: "canViewCompanies",
    // The company is created by the first action probe, which runs before the admin's GET.
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: { anonymous: "login", editor: "forbidden", admin: "redirect" },
    actions: [
      {
        name: "update",
        audit: "companies",
        form: { ...COMPANY_FORM, name: "Izmenjena iz matrice" },
        probe: async (t) => {
          await companyFixture(t, 900003);
          return companiesNamed(t, "Izmenjena iz matrice");
        },
      },
    ],
  },
  "admin/company-submissions": {
    file: "routes/admin/company-submissions.tsx",
    path: "/admin/company-submissions",
    permission: "canViewCompanies",
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: VIEW_ADMIN_ONLY,
    actions: [
      {
        name: "update",
        audit: "requests",
        form: { intent: "update", id: "900011", name: "Izmenjen zahtev" },
        probe: async (t) => {
          await submissionFixture(t, 900011);
          return submissionsWhere(t, eq(companySubmissions.name, "Izmenjen zahtev"));
        },
      },
      {
        name: "approve",
        audit: "requests",
        form: { intent: "approve", id: "900012", note: "" },
        probe: async (t) => {
          await submissionFixture(t, 900012);
          return companyCount(t);
        },
      },
      {
        name: "reject",
        audit: "requests",
        form: { intent: "reject", id: "900013", note: "Nepotpuni podaci" },
        probe: async (t) => {
          await submissionFixture(t, 900013);
          return submissionsWhere(t, eq(companySubmissions.status, "rejected"));
        },
      },
      {
        name: "delete",
        audit: "requests",
        form: { intent: "delete", id: "900014" },
        probe: async (t) => {
          await submissionFixture(t, 900014);
          return (await t.db.select({ n: count() }).from(companySubmissions))[0].n;
        },
      },
    ],
  },
  "admin/listings/": {
    file: "routes/admin/listings.tsx",
    path: "/admin/listings?status=odobreno&vrsta=poslovi&q=oglas",
    permission: "canViewListings",
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: VIEW_ADMIN_ONLY,
    actions: [
      {
        name: "approve",
        audit: "listings",
        form: { intent: "approve", id: "900201" },
        probe: async (t) => {
          await listingFixture(t, 900201);
          return listingsWhere(t, eq(listings.status, "approved"));
        },
      },
      {
        name: "reject",
        audit: "listings",
        form: { intent: "reject", id: "900202", note: "Nepotpuni podaci" },
        probe: async (t) => {
          await listingFixture(t, 900202);
          return listingsWhere(t, eq(listings.status, "rejected"));
        },
      },
      {
        name: "delete",
        audit: "listings",
        form: { intent: "delete", id: "900203" },
        probe: async (t) => {
          await listingFixture(t, 900203);
          return listingsWhere(t);
        },
      },
    ],
  },
  "admin/listings/edit/:id": {
    file: "routes/admin/listing-edit.tsx",
    path: "/admin/listings/edit/900204",
    params: { id: "900204" },
    permission: "canViewListings",
    // The listing is created by the first action probe, which runs before the admin's GET.
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: { anonymous: "login", editor: "forbidden", admin: "redirect" },
    actions: [
      {
        name: "save",
        audit: "listings",
        form: {
          title: "Izmenjen iz matrice",
          description: "Opis oglasa iz matrice dozvola.",
          city: "Chicago",
          state: "Illinois",
          contactName: "Matrica",
          contactPhone: "+1 312 555 0100",
          companyName: "Matrica Trucking",
          companyId: "",
          position: "company-driver",
          routeType: "otr",
          cdlClass: "A",
        },
        probe: async (t) => {
          await listingFixture(t, 900204);
          return listingsWhere(t, eq(listings.title, "Izmenjen iz matrice"));
        },
      },
    ],
  },
  "admin/forum": {
    file: "routes/admin/forum-layout.tsx",
    path: "/admin/forum",
    permission: "canViewForum",
    loader: VIEW_ADMIN_ONLY,
  },
  "admin/forum/": {
    file: "routes/admin/forum.tsx",
    path: "/admin/forum",
    permission: "canViewForum",
    loader: VIEW_ADMIN_ONLY,
  },
  "admin/forum/topics": {
    file: "routes/admin/forum-topics.tsx",
    path: "/admin/forum/topics?status=sve&q=tema&otvori=900201",
    permission: "canViewForum",
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: VIEW_ADMIN_ONLY,
    actions: [
      {
        name: "approve",
        audit: "forum",
        form: { intent: "approve", id: "900201" },
        probe: async (t) => {
          await forumTopicFixture(t, 900201);
          return (
            await t.db.select({ n: count() }).from(forumTopics).where(eq(forumTopics.status, "approved"))
          )[0].n;
        },
      },
      {
        name: "delete",
        audit: "forum",
        form: { intent: "delete", id: "900202" },
        probe: async (t) => {
          await forumTopicFixture(t, 900202);
          return (await t.db.select({ n: count() }).from(forumTopics))[0].n;
        },
      },
    ],
  },
  "admin/forum/comments": {
    file: "routes/admin/forum-comments.tsx",
    path: "/admin/forum/comments?tema=900200&otvori=900211",
    permission: "canViewForum",
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: VIEW_ADMIN_ONLY,
    actions: [
      {
        name: "reject",
        audit: "forum",
        form: { intent: "reject", id: "900211" },
        probe: async (t) => {
          await forumCommentFixture(t, 900211);
          return (
            await t.db.select({ n: count() }).from(forumComments).where(eq(forumComments.status, "rejected"))
          )[0].n;
        },
      },
      {
        name: "delete",
        audit: "forum",
        form: { intent: "delete", id: "900212" },
        probe: async (t) => {
          await forumCommentFixture(t, 900212);
          return (await t.db.select({ n: count() }).from(forumComments))[0].n;
        },
      },
    ],
  },
  "admin/banners/": {
    file: "routes/admin/banners.tsx",
    path: "/admin/banners",
    permission: "canViewBanners",
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: VIEW_ADMIN_ONLY,
    actions: [
      {
        name: "toggle",
        audit: "banners",
        form: { intent: "toggle", bannerId: "900101", active: "false" },
        probe: async (t) => {
          await bannerFixture(t, 900101);
          return (await t.db.select({ n: count() }).from(banners).where(eq(banners.active, true)))[0].n;
        },
      },
      {
        name: "delete",
        audit: "banners",
        form: { intent: "delete", bannerId: "900102" },
        probe: async (t) => {
          await bannerFixture(t, 900102);
          return (await t.db.select({ n: count() }).from(banners))[0].n;
        },
      },
      {
        name: "refresh",
        audit: "banners",
        form: { intent: "refresh" },
        probe: async () => bannerCacheGeneration(),
      },
    ],
  },
  // Create mode saves nothing by design (spec §2: every position slot gets its banner
  // automatically, decision 111): the admin is told so with a 400, the editor refused.
  "admin/banners/new": {
    file: "routes/admin/banner-form.tsx",
    path: "/admin/banners/new",
    permission: "canViewBanners",
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: { anonymous: "login", editor: "forbidden", admin: "status 400" },
    actions: [
      {
        name: "create",
        audit: "banners",
        form: { title: "Novi iz matrice", section: "home", position: "home-top", linkType: "url" },
        probe: async (t) => (await t.db.select({ n: count() }).from(banners))[0].n,
      },
    ],
  },
  "admin/banners/edit/:id": {
    file: "routes/admin/banner-form.tsx",
    path: "/admin/banners/edit/900103",
    params: { id: "900103" },
    permission: "canViewBanners",
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: VIEW_ADMIN_ONLY,
    actions: [
      {
        name: "update",
        audit: "banners",
        form: {
          title: "Izmenjen iz matrice",
          section: "home",
          position: "home-top",
          type: "banner",
          linkType: "url",
          link: "https://matrica.example.com",
          priority: "1",
          // The rest of what the form always sends (a post without them is refused, decision 170).
          company: "",
          phone: "",
          message: "",
          backgroundColor: "",
          imageUrl: "",
          startDate: "",
          endDate: "",
        },
        probe: async (t) => {
          await bannerFixture(t, 900103);
          return (
            await t.db.select({ n: count() }).from(banners).where(eq(banners.title, "Izmenjen iz matrice"))
          )[0].n;
        },
      },
    ],
  },
  "admin/analytics/": {
    file: "routes/admin/analytics.tsx",
    path: "/admin/analytics",
    permission: "canViewAnalytics",
    loader: VIEW_ADMIN_ONLY,
  },
  "admin/analytics/:periodId": {
    file: "routes/admin/analytics-campaign.tsx",
    path: "/admin/analytics/900100",
    params: { periodId: "900100" },
    permission: "canViewAnalytics",
    loader: VIEW_ADMIN_ONLY,
  },
  "admin/api/media": {
    file: "routes/admin/api/media.ts",
    path: "/admin/api/media?bucket=images",
    permission: "canViewMedia",
    loader: VIEW_BOTH,
    actionOutcome: VIEW_BOTH,
    actions: [
      {
        name: "delete",
        audit: "media",
        form: { intent: "delete", bucket: "images", name: MATRIX_MEDIA },
        probe: mediaProbe,
      },
    ],
  },
  "admin/api/article-work": {
    file: "routes/admin/api/article-work.ts",
    path: "/admin/api/article-work?clanak=910005&revizija=1",
    permission: "canViewArticles",
    loader: { anonymous: "login", editor: "notFound", admin: "notFound" },
    actionOutcome: VIEW_BOTH,
    actions: [
      {
        name: "heartbeat",
        audit: false,
        form: { intent: "heartbeat", article: "910005" },
        probe: articleProbe(
          910005,
          async (t) => (await t.db.select({ n: count() }).from(articlePresence))[0].n,
        ),
      },
    ],
  },
  "admin/audit": {
    file: "routes/admin/audit.tsx",
    path: "/admin/audit?oblast=articles&od=2026-01-01",
    permission: "canViewAudit",
    loader: VIEW_ADMIN_ONLY,
  },
  "admin/audit/export.csv": {
    file: "routes/admin/audit-export.ts",
    path: "/admin/audit/export.csv?oblast=auth",
    permission: "canViewAudit",
    loader: VIEW_ADMIN_ONLY,
  },
  "admin/stripe-orders": {
    file: "routes/admin/stripe-orders.tsx",
    path: "/admin/stripe-orders?q=example&period=mesec&page=2",
    permission: "canViewUsers",
    loader: VIEW_ADMIN_ONLY,
  },
  "admin/api/promotion-products": {
    file: "routes/admin/api/promotion-products.ts",
    path: "/admin/api/promotion-products",
    permission: "canViewSettings",
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: VIEW_ADMIN_ONLY,
    actions: [
      {
        name: "update",
        audit: "orders",
        form: {
          intent: "update",
          id: "featured-job-7",
          name: "Iz matrice",
          price: "31",
          days: "7",
          active: "on",
        },
        probe: async (t) =>
          (
            await t.db
              .select({ n: count() })
              .from(promotionProducts)
              .where(eq(promotionProducts.name, "Iz matrice"))
          )[0].n,
      },
      {
        name: "create",
        audit: "orders",
        form: { intent: "create", kind: "sale", name: "Matrica paket", price: "5", days: "3", active: "on" },
        probe: async (t) => (await t.db.select({ n: count() }).from(promotionProducts))[0].n,
      },
    ],
  },
  "admin/api/latin-words": {
    file: "routes/admin/api/latin-words.ts",
    path: "/admin/api/latin-words",
    permission: "canViewSettings",
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: VIEW_ADMIN_ONLY,
    actions: [
      {
        name: "save",
        audit: "settings",
        form: { latinOnlyWords: "Matrica Trucking" },
        probe: async (t) =>
          (
            await t.db
              .select({ n: count() })
              .from(siteSettings)
              .where(eq(siteSettings.latinOnlyWords, "Matrica Trucking"))
          )[0].n,
      },
    ],
  },
  "admin/media": {
    file: "routes/admin/media.tsx",
    path: "/admin/media",
    permission: "canViewMedia",
    loader: VIEW_BOTH,
  },
  "admin/settings": {
    file: "routes/admin/settings.tsx",
    path: "/admin/settings",
    permission: "canViewSettings",
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: VIEW_ADMIN_ONLY,
    actions: [
      {
        name: "save",
        audit: "settings",
        form: { defaultArticleImage: "https://m.example.com/matrica.png", defaultCompanyImage: "" },
        probe: async (t) =>
          (
            await t.db
              .select({ n: count() })
              .from(siteSettings)
              .where(eq(siteSettings.defaultArticleImage, "https://m.example.com/matrica.png"))
          )[0].n,
      },
    ],
  },
  "admin/newsletter/": {
    file: "routes/admin/newsletter.tsx",
    path: "/admin/newsletter?q=matrica&status=active",
    permission: "canViewNewsletter",
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: VIEW_ADMIN_ONLY,
    actions: [
      {
        name: "generate",
        audit: "newsletter",
        form: { intent: "generate", kind: "manual", articleIds: "920001" },
        probe: (t) => newsletterSendCount(t),
      },
      {
        name: "send",
        audit: "newsletter",
        form: { intent: "send", draftId: "920100", subject: "Matrica", audience: "all" },
        probe: (t) => newsletterSendCount(t, "queued"),
      },
    ],
  },
  "admin/newsletter/alerts": {
    file: "routes/admin/newsletter-alerts.tsx",
    path: "/admin/newsletter/alerts",
    permission: "canViewNewsletter",
    loader: VIEW_ADMIN_ONLY,
    actionOutcome: VIEW_ADMIN_ONLY,
    actions: [
      {
        name: "run-daily",
        audit: "newsletter",
        form: { intent: "run-daily" },
        probe: async (t) =>
          (
            await t.db
              .select({ n: count() })
              .from(jobs)
              .where(and(eq(jobs.kind, "alerts:daily"), sql`${jobs.runAfter} <= now()`))
          )[0].n,
      },
    ],
  },
  "admin/newsletter/outbox": {
    file: "routes/admin/newsletter-outbox.tsx",
    path: "/admin/newsletter/outbox",
    permission: "canViewNewsletter",
    loader: VIEW_ADMIN_ONLY,
  },
  "admin/newsletter/export.csv": {
    file: "routes/admin/newsletter-export.ts",
    path: "/admin/newsletter/export.csv?status=active",
    permission: "canViewNewsletter",
    loader: VIEW_ADMIN_ONLY,
  },
  "admin/newsletter/articles": {
    file: "routes/admin/newsletter-articles.ts",
    path: "/admin/newsletter/articles?tip=dinamicki",
    permission: "canViewNewsletter",
    loader: VIEW_ADMIN_ONLY,
  },
  "admin/newsletter/recipients": {
    file: "routes/admin/newsletter-recipients.ts",
    path: "/admin/newsletter/recipients?q=citalac",
    permission: "canViewNewsletter",
    loader: VIEW_ADMIN_ONLY,
  },
  "admin/*": {
    file: "routes/admin/not-found.tsx",
    path: "/admin/ne-postoji",
    permission: "signedIn",
    loader: { anonymous: "login", editor: "notFound", admin: "notFound" },
  },
};

/** Every route of app/routes.ts with its full path ("admin/users/" for an index under admin/users). */
function flatten(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const joined = [parent, entry.path].filter(Boolean).join("/");
    const here = { path: entry.index ? `${joined}/` : joined, file: entry.file };
    return [here, ...flatten(entry.children ?? [], joined)];
  });
}

let t: TestDatabase;
const actors: Partial<Record<Exclude<Actor, "anonymous">, { id: number }>> = {};
let target: { id: number };

beforeAll(async () => {
  t = await createTestDatabase();
  const outbox = createOutbox({
    dir: fs.mkdtempSync(path.join(os.tmpdir(), "matrix-outbox-")),
    domain: "localhost",
  });
  setServices({
    handle: t.handle,
    storage: createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "matrix-media-"))),
    mail: outbox,
    outbox,
    contacts: null,
  });
  actors.editor = await insertUser(t.db, { email: "urednik@x.com", role: "editor" });
  actors.admin = await insertUser(t.db, { email: "admin@x.com", role: "admin" });
  target = await insertUser(t.db, { email: "meta@x.com", role: "editor" });
  await t.db
    .insert(banners)
    .values({ id: 900100, title: "Matrica kampanja", section: "home", position: "home-top" });
  await t.db.insert(bannerPeriods).values({ id: 900100, bannerId: 900100, companyName: "Matrica" });
  await t.db.insert(articles).values({
    id: 910100,
    title: "Naslovi 910100",
    category: "Vesti",
    status: "publish",
    content: LEGACY_CONTENT,
  });
});
afterAll(async () => {
  setServices(undefined);
  await t?.close();
});

type Settled = Response | { value: unknown };

/** Runs a loader or action and turns what it returned or threw into something to classify. */
async function settle(fn: () => Promise<unknown>): Promise<Settled> {
  try {
    const value = await fn();
    return value instanceof Response ? value : { value };
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const dataResult = thrown as { type?: string; init?: { status?: number } | null };
    if (dataResult?.type === "DataWithResponseInit") {
      return new Response(null, { status: dataResult.init?.status ?? 200 });
    }
    throw thrown;
  }
}

/** The status of what a loader or action returned: a Response, `data(…, { status })` or plain data (200). */
function statusOf(result: Settled): number {
  if (result instanceof Response) return result.status;
  return (result.value as { init?: { status?: number } | null } | null)?.init?.status ?? 200;
}

function outcomeOf(result: Settled): Outcome {
  const status = statusOf(result);
  if (result instanceof Response && (status === 302 || status === 301)) {
    return result.headers.get("Location")?.startsWith("/admin/login?redirectTo=") ? "login" : "redirect";
  }
  if (status === 403) return "forbidden";
  if (status === 404) return "notFound";
  return status < 400 ? "ok" : `status ${status}`;
}

type RouteModule = {
  loader?: (args: unknown) => Promise<unknown>;
  action?: (args: unknown) => Promise<unknown>;
};
/** Audit entries of an area (all entries when the action records none). */
async function auditEntries(t: TestDatabase, area: AuditArea | false): Promise<number> {
  const where = area === false ? undefined : eq(auditLog.area, area);
  return (await t.db.select({ n: count() }).from(auditLog).where(where))[0].n;
}

const load = (file: string) => import(path.resolve("app", file)) as Promise<RouteModule>;
const context = { requestId: "test", clientIp: "127.0.0.1" };

describeDb("permission matrix", () => {
  it("has an entry for every admin route", () => {
    const adminRoutes = flatten(routes as RouteConfigEntry[]).filter((r) => r.path.startsWith("admin"));
    expect(adminRoutes.length).toBeGreaterThan(3);
    for (const route of adminRoutes) {
      expect(MATRIX[route.path], `no permission-matrix entry for route "${route.path}"`).toBeDefined();
      expect(MATRIX[route.path].file).toBe(route.file);
    }
  });

  for (const [routePath, entry] of Object.entries(MATRIX)) {
    for (const actor of ["anonymous", "editor", "admin"] as const) {
      it(`GET ${entry.path} (${routePath}) as ${actor} → ${entry.loader[actor]}`, async () => {
        const mod = await load(entry.file);
        if (!mod.loader) throw new Error(`${entry.file} has no loader`);
        const user = actor === "anonymous" ? null : (actors[actor] ?? null);
        const request = await requestAs(t.db, user, entry.path);
        const result = await settle(() => mod.loader!({ request, params: entry.params ?? {}, context }));
        expect(outcomeOf(result)).toBe(entry.loader[actor]);
      });

      for (const action of entry.actions ?? []) {
        const expected = (action.outcome ?? entry.actionOutcome)?.[actor];
        it(`POST ${entry.path} ${action.name} as ${actor} → ${expected}`, async () => {
          const mod = await load(entry.file);
          if (!mod.action) throw new Error(`${entry.file} has no action`);
          const before = await action.probe(t);
          const form = Object.fromEntries(
            Object.entries(action.form).map(([k, v]) => [k, v === "TARGET" ? String(target.id) : v]),
          );
          const user = actor === "anonymous" ? null : (actors[actor] ?? null);
          const request = await requestAs(t.db, user, entry.path, { form });
          const auditBefore = await auditEntries(t, action.audit);
          const result = await settle(() => mod.action!({ request, params: entry.params ?? {}, context }));
          expect(outcomeOf(result)).toBe(expected);
          // An accepted action answers "ok" or redirects (a saved form goes back to its list).
          if (expected !== "ok" && expected !== "redirect") {
            expect(await action.probe(t)).toBe(before);
            expect(await auditEntries(t, action.audit), "a refused action leaves no audit entry").toBe(
              auditBefore,
            );
          } else {
            expect(await action.probe(t)).not.toBe(before);
            // Every accepted admin write is in the audit log, under its area, with who and from where.
            if (action.audit !== false) {
              expect(
                await auditEntries(t, action.audit),
                `no audit entry for ${action.name}`,
              ).toBeGreaterThan(auditBefore);
              const [last] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
              expect(last).toMatchObject({ area: action.audit, userId: user?.id, ip: "127.0.0.1" });
            }
          }
        });
      }
    }
  }

  const BAD_IDS = ["99999999999", "2147483648", "0", "-1", "1e3", "12abc"];

  for (const [routePath, entry] of Object.entries(MATRIX)) {
    if (!entry.params || entry.loader.admin !== "ok") continue;
    it(`a bad id in the URL of ${routePath} is a 404, never a 500`, async () => {
      const mod = await load(entry.file);
      for (const bad of BAD_IDS) {
        const params = Object.fromEntries(Object.keys(entry.params ?? {}).map((k) => [k, bad]));
        const path = Object.values(entry.params ?? {}).reduce((p, v) => p.replace(v, bad), entry.path);
        const request = await requestAs(t.db, actors.admin ?? null, path);
        const loaded = await settle(() => mod.loader!({ request, params, context }));
        expect(outcomeOf(loaded), `GET ${path}`).toBe("notFound");
        for (const action of entry.actions ?? []) {
          const post = await requestAs(t.db, actors.admin ?? null, path, { form: action.form });
          const result = await settle(() => mod.action!({ request: post, params, context }));
          expect(outcomeOf(result), `POST ${path} ${action.name}`).toBe("notFound");
        }
      }
    });
  }

  /** Row actions that read the id from a form field: a bad one is a 400. */
  const FORM_IDS: { file: string; path: string; field: string; intents: string[] }[] = [
    {
      file: "routes/admin/articles.tsx",
      path: "/admin/articles",
      field: "id",
      intents: ["popular", "delete"],
    },
    { file: "routes/admin/users.tsx", path: "/admin/users", field: "userId", intents: ["toggle", "delete"] },
    {
      file: "routes/admin/companies.tsx",
      path: "/admin/companies",
      field: "companyId",
      intents: ["toggle", "delete"],
    },
    {
      file: "routes/admin/company-submissions.tsx",
      path: "/admin/company-submissions",
      field: "id",
      intents: ["update", "approve", "reject", "delete"],
    },
    {
      file: "routes/admin/banners.tsx",
      path: "/admin/banners",
      field: "bannerId",
      intents: ["toggle", "delete"],
    },
  ];
  for (const c of FORM_IDS) {
    it(`a bad ${c.field} posted to ${c.path} is a 400, never a 500`, async () => {
      const mod = await load(c.file);
      for (const bad of [...BAD_IDS, ""]) {
        for (const intent of c.intents) {
          const form = { intent, [c.field]: bad, note: "Napomena", name: "Naziv", active: "true" };
          const request = await requestAs(t.db, actors.admin ?? null, c.path, { form });
          const result = await settle(() => mod.action!({ request, params: {}, context }));
          expect(outcomeOf(result), `${intent} ${c.field}=${bad}`).toBe("status 400");
        }
      }
    });
  }

  it("counts only an exact 403 as a refusal: a crash or a bad request fails the row", () => {
    expect(outcomeOf(new Response(null, { status: 403 }))).toBe("forbidden");
    expect(outcomeOf({ value: { type: "DataWithResponseInit", init: { status: 403 } } })).toBe("forbidden");
    expect(outcomeOf(new Response(null, { status: 500 }))).toBe("status 500");
    expect(outcomeOf({ value: { type: "DataWithResponseInit", init: { status: 500 } } })).toBe("status 500");
    expect(outcomeOf({ value: { type: "DataWithResponseInit", init: { status: 400 } } })).toBe("status 400");
    expect(outcomeOf({ value: { ok: true } })).toBe("ok");
  });

  it("the logout action deletes the session and clears the cookie", async () => {
    const mod = await load("routes/admin/logout.tsx");
    const request = await requestAs(t.db, actors.admin ?? null, "/admin/logout", { form: {} });
    const result = (await settle(() => mod.action!({ request, params: {}, context }))) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("Set-Cookie")).toMatch(/bv_session=;.*Max-Age=0/);
    const after = new Request("http://localhost/admin", {
      headers: { Cookie: request.headers.get("Cookie") ?? "" },
    });
    const layout = await load("routes/admin/layout.tsx");
    expect(outcomeOf(await settle(() => layout.loader!({ request: after, params: {}, context })))).toBe(
      "login",
    );
  });
});
