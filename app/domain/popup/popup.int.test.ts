import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { companySubmissions, siteSettings } from "~/db/schema";
import { bannerCacheGeneration } from "~/domain/banners/cache.server";
import { clearServerCaches } from "~/domain/cache/clear.server";
import { ATTENTION_SOURCES, attentionItems } from "~/domain/dashboard/attention.server";
import {
  getCachedSettings,
  invalidateSettingsCache,
  settingsCacheGeneration,
} from "~/domain/settings/cache.server";
import { ensureSettings } from "~/domain/settings/settings.server";
import { permissionsOf } from "~/domain/users/permissions";
import { contentChanged } from "~/lib/content-change.server";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { popupSettingsOf, publicPopupOf, savePopupSettings } from "./popup.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await ensureSettings(t.db);
});
beforeEach(() => invalidateSettingsCache());
afterAll(async () => t?.close());

const POPUP = {
  enabled: true,
  image: "/demo/truck-1.svg",
  link: "https://primer.com",
  maxShowsPerDay: 1,
  minHoursBetween: 0.5,
};

describeDb("pop-up settings", () => {
  it("starts with the spec's defaults: disabled, 2 a day, 1 hour apart", async () => {
    const [row] = await t.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    expect(popupSettingsOf(row)).toEqual({
      enabled: false,
      image: null,
      link: null,
      maxShowsPerDay: 2,
      minHoursBetween: 1,
    });
    expect(publicPopupOf(row)).toBeNull();
  });

  it("saves the pop-up fields on the single row and gives the public pages what they show", async () => {
    const row = await savePopupSettings(t.db, POPUP);
    expect(popupSettingsOf(row)).toEqual(POPUP);
    expect(publicPopupOf(row)).toEqual({
      image: "/demo/truck-1.svg",
      link: "https://primer.com",
      maxShowsPerDay: 1,
      minHoursBetween: 0.5,
    });
    expect(publicPopupOf({ ...row, popupImage: "javascript:alert(1)" })).toBeNull();
    expect(publicPopupOf({ ...row, popupEnabled: false })).toBeNull();
    // The database keeps the limits too.
    await expect(
      t.db.update(siteSettings).set({ popupMaxShowsPerDay: 11 }).where(eq(siteSettings.id, 1)),
    ).rejects.toThrow();
  });
});

describeDb("the settings cache", () => {
  it("answers from memory until a save, the content signal or the cache screen drops it", async () => {
    await savePopupSettings(t.db, { ...POPUP, maxShowsPerDay: 3 });
    expect((await getCachedSettings(t.db)).popupMaxShowsPerDay).toBe(3);
    // A change behind the cache's back is not seen…
    await t.db.update(siteSettings).set({ popupMaxShowsPerDay: 4 }).where(eq(siteSettings.id, 1));
    expect((await getCachedSettings(t.db)).popupMaxShowsPerDay).toBe(3);
    // …until the signal for settings (or all) arrives; other topics leave it alone.
    contentChanged("articles");
    expect((await getCachedSettings(t.db)).popupMaxShowsPerDay).toBe(3);
    contentChanged("settings");
    expect((await getCachedSettings(t.db)).popupMaxShowsPerDay).toBe(4);

    await t.db.update(siteSettings).set({ popupMaxShowsPerDay: 5 }).where(eq(siteSettings.id, 1));
    const settingsBefore = settingsCacheGeneration();
    const bannersBefore = bannerCacheGeneration();
    clearServerCaches();
    expect(settingsCacheGeneration()).toBeGreaterThan(settingsBefore);
    expect(bannerCacheGeneration()).toBeGreaterThan(bannersBefore);
    expect((await getCachedSettings(t.db)).popupMaxShowsPerDay).toBe(5);
  });

  it("expires after its TTL for writes made by another process", async () => {
    const first = await getCachedSettings(t.db);
    await t.db.update(siteSettings).set({ popupMaxShowsPerDay: 6 }).where(eq(siteSettings.id, 1));
    expect((await getCachedSettings(t.db, Date.now())).popupMaxShowsPerDay).toBe(first.popupMaxShowsPerDay);
    expect((await getCachedSettings(t.db, Date.now() + 61_000)).popupMaxShowsPerDay).toBe(6);
  });
});

describeDb("the dashboard's pending counts", () => {
  it("counts pending company requests for those who may handle them", async () => {
    await t.db
      .insert(companySubmissions)
      .values([{ name: "Na čekanju 1" }, { name: "Na čekanju 2" }, { name: "Odobren", status: "approved" }]);
    const items = await attentionItems(t.db, permissionsOf("admin"));
    expect(items.map((i) => i.key)).toEqual(["company-requests", "listings", "forum"]);
    expect(items[0]).toEqual({
      key: "company-requests",
      label: "Zahtevi kompanija na čekanju",
      to: "/admin/company-submissions?status=na-cekanju",
      count: 2,
    });
    expect(items.slice(1).map((i) => i.count)).toEqual([0, 0]);
    expect(await attentionItems(t.db, permissionsOf("editor"))).toEqual([]);
  });

  it("leaves out a count that fails and still shows the others", async () => {
    const failing = {
      ...ATTENTION_SOURCES[0],
      key: "broken",
      count: async () => {
        throw new Error("relation does not exist");
      },
    };
    const items = await attentionItems(t.db, permissionsOf("admin"), [failing, ...ATTENTION_SOURCES]);
    expect(items.map((i) => i.key)).toEqual(["company-requests", "listings", "forum"]);
  });
});
