import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { bannerAnalytics, bannerPeriods, banners, serverSecrets } from "~/db/schema";
import { bannerClickVisit } from "~/http/visit";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { clickStats, dailyClicks, getCampaign, listCampaigns } from "./analytics.server";
import { deleteBanner, fillEmptyBannerSlots, listBanners, updateBanner } from "./banners.server";
import { bannerCacheGeneration, invalidateBannerCache } from "./cache.server";
import { handleBannerClick } from "./click.server";
import { loadPageBanners } from "./placement.server";
import {
  forgetReportSecret,
  reportSecret,
  signPeriod,
  verifyPeriodSignature,
} from "./report-signature.server";
import { BANNER_SLOT_LAYOUT } from "./slots";
import type { BannerInput } from "./validation";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.db.delete(bannerAnalytics);
  await t.db.delete(bannerPeriods);
  await t.db.delete(banners);
  invalidateBannerCache();
});

const BROWSER_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

/** A click as GET /b/{id} hands it to the domain. */
const clickThrough = (db: TestDatabase["db"], id: number, request: Request, ip: string | null) =>
  handleBannerClick(db, id, bannerClickVisit(request, ip));

function clickRequest(
  id: number,
  init: { method?: string; headers?: Record<string, string>; query?: string } = {},
) {
  return new Request(`http://localhost/b/${id}${init.query ?? ""}`, {
    method: init.method ?? "GET",
    headers: { "User-Agent": BROWSER_UA, Referer: "http://localhost/vesti?page=2", ...init.headers },
  });
}

async function insertBanner(values: Partial<typeof banners.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(banners)
    .values({
      title: "Početna vrh – levi",
      company: "Stari klijent",
      link: "https://stari.example.com/ponuda",
      section: "home",
      position: "home-top",
      imageUrl: "/demo/banner-wide-1.svg",
      priority: 1,
      ...values,
    })
    .returning();
  const [period] = await t.db
    .insert(bannerPeriods)
    .values({
      bannerId: row.id,
      companyName: row.company,
      link: row.link,
      imageUrl: row.imageUrl,
      startDate: new Date("2026-10-01T12:00:00Z"),
    })
    .returning();
  return { banner: row, period };
}

function inputFrom(row: typeof banners.$inferSelect, changes: Partial<BannerInput> = {}): BannerInput {
  return {
    title: row.title,
    company: row.company,
    section: row.section as BannerInput["section"],
    position: row.position,
    type: row.type as BannerInput["type"],
    link: row.link,
    phone: row.phone,
    message: row.message,
    backgroundColor: row.backgroundColor,
    imageUrl: row.imageUrl,
    active: row.active,
    startDate: row.startDate,
    endDate: row.endDate,
    priority: row.priority,
    ...changes,
  };
}

const periodsOf = (bannerId: number) =>
  t.db.select().from(bannerPeriods).where(eq(bannerPeriods.bannerId, bannerId)).orderBy(bannerPeriods.id);

describeDb("banner campaign periods", () => {
  it("changing the image closes the running period and opens a new one with company, link and image", async () => {
    const { banner, period } = await insertBanner();
    const at = new Date("2026-11-20T15:00:00Z");
    const result = await updateBanner(
      t.db,
      banner.id,
      inputFrom(banner, {
        imageUrl: "/demo/banner-wide-2.svg",
        company: "Novi klijent",
        link: "https://novi.example.com",
      }),
      at,
    );
    expect(result.ok && result.newPeriodId).toBeTruthy();
    const periods = await periodsOf(banner.id);
    expect(periods).toHaveLength(2);
    expect(periods[0]).toMatchObject({ id: period.id, companyName: "Stari klijent", endDate: at });
    expect(periods[1]).toMatchObject({
      companyName: "Novi klijent",
      link: "https://novi.example.com",
      imageUrl: "/demo/banner-wide-2.svg",
      endDate: null,
      startDate: at,
    });
  });

  it("the admin list counts the clicks of each banner's running period, in the spec's order", async () => {
    const { banner: right } = await insertBanner({ title: "Vrh – desni" });
    const { banner: left } = await insertBanner({ title: "Vrh – levi" });
    await clickThrough(t.db, right.id, clickRequest(right.id), null);
    await clickThrough(t.db, right.id, clickRequest(right.id), null);
    await updateBanner(t.db, left.id, inputFrom(left, { imageUrl: "/x.svg" }));
    const list = await listBanners(t.db);
    expect(list.map((b) => [b.title, b.clicks])).toEqual([
      ["Vrh – levi", 0],
      ["Vrh – desni", 2],
    ]);
  });

  it("a save without an image change keeps the period (and updates its company and link)", async () => {
    const { banner, period } = await insertBanner();
    const result = await updateBanner(t.db, banner.id, inputFrom(banner, { company: "Ispravljen naziv" }));
    expect(result.ok && result.newPeriodId).toBeNull();
    const periods = await periodsOf(banner.id);
    expect(periods).toHaveLength(1);
    expect(periods[0]).toMatchObject({ id: period.id, companyName: "Ispravljen naziv", endDate: null });
  });

  it("the unused link type is cleared on save", async () => {
    const { banner } = await insertBanner();
    await updateBanner(t.db, banner.id, inputFrom(banner, { phone: "(815) 555-0123" }));
    const [saved] = await t.db.select().from(banners).where(eq(banners.id, banner.id));
    expect(saved).toMatchObject({ phone: "(815) 555-0123", link: null });
  });

  it("the banner update and the period change are one transaction: a failure leaves both untouched", async () => {
    const { banner, period } = await insertBanner();
    // Make opening the new period fail after the banner row and the old period were already written.
    await t.db.execute(
      sql`alter table banner_periods add constraint test_no_fail_image check (image_url is distinct from '/fail.svg')`,
    );
    try {
      await expect(
        updateBanner(t.db, banner.id, inputFrom(banner, { imageUrl: "/fail.svg" })),
      ).rejects.toThrow();
    } finally {
      await t.db.execute(sql`alter table banner_periods drop constraint test_no_fail_image`);
    }
    const [after] = await t.db.select().from(banners).where(eq(banners.id, banner.id));
    expect(after.imageUrl).toBe("/demo/banner-wide-1.svg");
    const periods = await periodsOf(banner.id);
    expect(periods.map((p) => [p.id, p.endDate])).toEqual([[period.id, null]]);
    expect(await updateBanner(t.db, 999999, inputFrom(banner))).toEqual({ ok: false, reason: "not-found" });
  });
});

describeDb("banner clicks", () => {
  it("a click is recorded against the running period and redirects to the stored link", async () => {
    const { banner, period } = await insertBanner();
    const outcome = await clickThrough(t.db, banner.id, clickRequest(banner.id), "10.0.0.1");
    expect(outcome).toEqual({
      kind: "redirect",
      location: "https://stari.example.com/ponuda",
      recorded: true,
    });
    const [row] = await t.db.select().from(bannerAnalytics);
    expect(row).toMatchObject({
      bannerId: banner.id,
      bannerPeriodId: period.id,
      userAgent: BROWSER_UA,
      referrer: "http://localhost/vesti?page=2",
      pageUrl: "/vesti?page=2",
    });
    expect(row.sessionId).toMatch(/^[0-9a-f]{32}$/);
  });

  it("clicks after an image change belong to the new period", async () => {
    const { banner, period } = await insertBanner();
    await clickThrough(t.db, banner.id, clickRequest(banner.id), "10.0.0.1");
    const result = await updateBanner(
      t.db,
      banner.id,
      inputFrom(banner, { imageUrl: "/demo/banner-wide-3.svg" }),
    );
    const newPeriodId = result.ok ? result.newPeriodId : null;
    await clickThrough(t.db, banner.id, clickRequest(banner.id), "10.0.0.2");
    await clickThrough(t.db, banner.id, clickRequest(banner.id), "10.0.0.3");
    const { active, historical } = await listCampaigns(t.db);
    expect(historical.map((c) => [c.periodId, c.totalClicks])).toEqual([[period.id, 1]]);
    expect(active.map((c) => [c.periodId, c.totalClicks])).toEqual([[newPeriodId, 2]]);
  });

  it("never redirects anywhere but the stored link, whatever the query says", async () => {
    const { banner } = await insertBanner();
    const outcome = await clickThrough(
      t.db,
      banner.id,
      clickRequest(banner.id, { query: "?to=https://evil.example&url=https://evil.example" }),
      null,
    );
    expect(outcome).toMatchObject({ location: "https://stari.example.com/ponuda" });
  });

  it("a phone banner redirects to tel:", async () => {
    const { banner } = await insertBanner({ link: null, phone: "(815) 555-0123" });
    const outcome = await clickThrough(t.db, banner.id, clickRequest(banner.id), null);
    expect(outcome).toMatchObject({ location: "tel:8155550123", recorded: true });
  });

  it("bots, prefetches and HEAD requests are not counted", async () => {
    const { banner } = await insertBanner();
    const cases = [
      clickRequest(banner.id, {
        headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
      }),
      clickRequest(banner.id, { headers: { "User-Agent": "curl/8.5.0" } }),
      clickRequest(banner.id, { headers: { "User-Agent": "" } }),
      clickRequest(banner.id, { headers: { Purpose: "prefetch" } }),
      clickRequest(banner.id, { headers: { "Sec-Purpose": "prefetch;prerender" } }),
      clickRequest(banner.id, { method: "HEAD" }),
    ];
    for (const request of cases) {
      const outcome = await clickThrough(t.db, banner.id, request, null);
      expect(outcome).toMatchObject({
        kind: "redirect",
        recorded: false,
        location: "https://stari.example.com/ponuda",
      });
    }
    expect((await t.db.select({ n: count() }).from(bannerAnalytics))[0].n).toBe(0);
  });

  it("unknown banners are not found; inactive or expired ones redirect without counting", async () => {
    expect(await clickThrough(t.db, 424242, clickRequest(424242), null)).toEqual({ kind: "not-found" });
    expect(await clickThrough(t.db, Number.NaN, clickRequest(1), null)).toEqual({ kind: "not-found" });
    const { banner: off } = await insertBanner({ active: false });
    const { banner: old } = await insertBanner({ endDate: "2020-01-01" });
    for (const b of [off, old]) {
      expect(await clickThrough(t.db, b.id, clickRequest(b.id), null)).toMatchObject({
        recorded: false,
      });
    }
    const { banner: broken } = await insertBanner({ link: "javascript:alert(1)" });
    expect(await clickThrough(t.db, broken.id, clickRequest(broken.id), null)).toMatchObject({
      location: "/",
    });
  });
});

describeDb("click statistics in New York days", () => {
  it("counts all time, today, 7 and 30 days by New York calendar days", async () => {
    const { banner, period } = await insertBanner();
    // now: 2026-11-22 03:00 UTC = 2026-11-21 22:00 in New York (EST, UTC-5).
    const now = new Date("2026-11-22T03:00:00Z");
    const at = (iso: string) => ({
      bannerId: banner.id,
      bannerPeriodId: period.id,
      clickedAt: new Date(iso),
    });
    await t.db.insert(bannerAnalytics).values([
      at("2026-11-22T02:00:00Z"), // NY 21 Nov 21:00 → today
      at("2026-11-21T05:30:00Z"), // NY 21 Nov 00:30 → today
      at("2026-11-21T04:30:00Z"), // NY 20 Nov 23:30 → yesterday (UTC says 21 Nov)
      at("2026-11-15T06:00:00Z"), // NY 15 Nov → within 7 days (15..21)
      at("2026-11-14T06:00:00Z"), // NY 14 Nov → outside 7, within 30
      at("2026-10-23T06:00:00Z"), // NY 23 Oct → within 30 days (23 Oct .. 21 Nov), across the DST change
      at("2026-10-22T06:00:00Z"), // NY 22 Oct → outside 30
    ]);
    expect(await clickStats(t.db, {}, now)).toEqual({ total: 7, today: 2, last7Days: 4, last30Days: 6 });
    expect(await clickStats(t.db, { periodId: period.id }, now)).toMatchObject({ total: 7, today: 2 });
    expect(await clickStats(t.db, { bannerId: banner.id + 1 }, now)).toMatchObject({ total: 0 });

    const campaign = await getCampaign(t.db, period.id);
    const days = await dailyClicks(t.db, campaign!, now);
    const map = Object.fromEntries(days.map((d) => [d.day, d.clicks]));
    expect(map["2026-11-21"]).toBe(2);
    expect(map["2026-11-20"]).toBe(1);
    expect(map["2026-11-19"]).toBe(0);
    expect(days.at(-1)?.day).toBe("2026-11-21");
    expect(days[0].day).toBe("2026-10-01");
  });
});

describeDb("banner cache and placement", () => {
  it("a banner write shows on the next read, with no delay", async () => {
    const { banner } = await insertBanner();
    const before = await loadPageBanners(t.db, "home");
    expect(before["home-top"].map((b) => b.id)).toEqual([banner.id]);
    const generation = bannerCacheGeneration();
    await updateBanner(t.db, banner.id, inputFrom(banner, { active: false }));
    expect(bannerCacheGeneration()).toBeGreaterThan(generation);
    const after = await loadPageBanners(t.db, "home");
    expect(after["home-top"]).toEqual([]);
  });

  it("an outside write is not seen until invalidateBannerCache()", async () => {
    const { banner } = await insertBanner();
    await loadPageBanners(t.db, "home");
    await t.db.update(banners).set({ title: "Izmenjen spolja" }).where(eq(banners.id, banner.id));
    expect((await loadPageBanners(t.db, "home"))["home-top"][0].title).toBe("Početna vrh – levi");
    invalidateBannerCache();
    expect((await loadPageBanners(t.db, "home"))["home-top"][0].title).toBe("Izmenjen spolja");
  });

  it("places live banners in the spec's order: rows left/middle/right, hero 1..5, expired and repeated creatives left out", async () => {
    await insertBanner({ title: "Vrh – desni", imageUrl: "/media/images/Vrh-desni.jpg", priority: 3 });
    await insertBanner({ title: "Vrh – levi", imageUrl: "/media/images/Vrh-levi.jpg", priority: 1 });
    await insertBanner({
      title: "Vrh – srednji",
      imageUrl: "/media/images/Vrh-srednji.jpg",
      priority: 2,
      endDate: "2020-01-01",
    });
    for (const n of [3, 1, 5, 2, 4]) {
      await insertBanner({
        title: `Hero ${n}`,
        imageUrl: `/media/images/hero-${n}.jpg`,
        position: "home-hero",
        type: "rectangle",
        priority: 6 - n,
      });
    }
    await insertBanner({
      title: "Vesti bočna – donji",
      imageUrl: "/media/images/vesti-donji.jpg",
      section: "vesti",
      position: "vesti-sidebar",
      priority: 2,
    });
    await insertBanner({
      title: "Vesti bočna – gornji",
      imageUrl: "/media/images/vesti-gornji.jpg",
      section: "vesti",
      position: "vesti-sidebar",
      priority: 1,
    });
    // The same creative again further down the page is left out (decision 212).
    await insertBanner({
      title: "Dno – levi",
      position: "home-bottom",
      imageUrl: "/media/images/Vrh-levi.jpg",
    });
    const home = await loadPageBanners(t.db, "home");
    expect(home["home-top"].map((b) => [b.title, b.slot])).toEqual([
      ["Vrh – levi", "left"],
      ["Vrh – desni", "right"],
    ]);
    expect(home["home-hero"].map((b) => b.title)).toEqual(["Hero 1", "Hero 2", "Hero 3", "Hero 4", "Hero 5"]);
    expect(home["home-hero"][0]).toMatchObject({
      width: 1200,
      height: 675,
      href: `/b/${home["home-hero"][0].id}`,
    });
    expect(home["home-bottom"]).toEqual([]);
    expect(home["vesti-sidebar"]).toBeUndefined();
    const vesti = await loadPageBanners(t.db, "vesti");
    expect(vesti["vesti-sidebar"].map((b) => b.title)).toEqual([
      "Vesti bočna – gornji",
      "Vesti bočna – donji",
    ]);
  });
});

describeDb("campaign report links", () => {
  it("the secret is generated once and kept; signatures verify and wrong ones do not", async () => {
    forgetReportSecret();
    const first = await reportSecret(t.db);
    forgetReportSecret();
    expect(await reportSecret(t.db)).toBe(first);
    expect((await t.db.select({ n: count() }).from(serverSecrets))[0].n).toBe(1);
    const signature = signPeriod(first, 12);
    expect(verifyPeriodSignature(first, 12, signature)).toBe(true);
    expect(verifyPeriodSignature(first, 13, signature)).toBe(false);
  });
});

describeDb("every slot has a banner (spec §2, decision 111)", () => {
  it("fills an empty site with one switched-off banner per slot, once, even when run in parallel", async () => {
    const created = await Promise.all([fillEmptyBannerSlots(t.db), fillEmptyBannerSlots(t.db)]);
    expect(created.map((list) => list.length).sort((a, b) => a - b)).toEqual([0, BANNER_SLOT_LAYOUT.length]);
    const rows = await t.db.select().from(banners);
    expect(rows).toHaveLength(BANNER_SLOT_LAYOUT.length);
    expect(rows.every((r) => !r.active && r.link === null && r.imageUrl === null)).toBe(true);
    expect(rows.find((r) => r.title === "Hero 3")).toMatchObject({
      section: "home",
      position: "home-hero",
      type: "rectangle",
      priority: 3,
    });
    expect(await fillEmptyBannerSlots(t.db)).toEqual([]);
    // Switched off: the public pages show none of them.
    expect(Object.values(await loadPageBanners(t.db, "home")).flat()).toEqual([]);
  });

  it("a deleted banner's slot gets a new, switched-off banner at once", async () => {
    await fillEmptyBannerSlots(t.db);
    const { banner } = await insertBanner({
      title: "Vesti vrh – srednji",
      section: "vesti",
      position: "vesti-top",
    });
    // The slot was taken by the live banner: the placeholder there is the extra one.
    const [placeholder] = await t.db
      .select()
      .from(banners)
      .where(sql`${banners.title} = 'Vesti vrh – srednji' and ${banners.id} <> ${banner.id}`);
    await t.db.delete(banners).where(eq(banners.id, placeholder.id));

    const result = await deleteBanner(t.db, banner.id);
    expect(result?.replacements.map((r) => [r.title, r.position, r.active])).toEqual([
      ["Vesti vrh – srednji", "vesti-top", false],
    ]);
    expect((await t.db.select({ n: count() }).from(banners))[0].n).toBe(BANNER_SLOT_LAYOUT.length);
    expect(await deleteBanner(t.db, banner.id)).toBeNull();
  });
});
