import { afterAll, beforeAll, expect, it } from "vitest";
import { listings } from "~/db/schema";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { newsletterJobAds, SAMPLE_JOB_ADS } from "./job-ads.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

describeDb("the dynamic newsletter's job ads", () => {
  it("uses the spec's samples while no job is live, then the newest approved jobs", async () => {
    expect(await newsletterJobAds(t.db)).toEqual([...SAMPLE_JOB_ADS]);
    const now = new Date();
    const day = 24 * 3600 * 1000;
    await t.db.insert(listings).values(
      [1, 2, 3, 4].map((n) => ({
        kind: "job" as const,
        status: n === 4 ? ("pending" as const) : ("approved" as const),
        title: `CDL-A vozač ${n}`,
        description: "Opis posla.",
        city: "Chicago",
        state: "Illinois",
        contactName: "Dispečer",
        contactPhone: "+1 312 555 0100",
        companyName: `Prevoznik ${n}`,
        position: "company-driver" as const,
        routeType: "regional" as const,
        cdlClass: "A" as const,
        payMin: 1500,
        payMax: 1800,
        payUnit: "per-week" as const,
        approvedAt: new Date(now.getTime() - (10 - n) * day),
        expiresAt: new Date(now.getTime() + 20 * day),
      })),
    );
    const ads = await newsletterJobAds(t.db, now);
    expect(ads.map((a) => a.title)).toEqual(["CDL-A vozač 3", "CDL-A vozač 2", "CDL-A vozač 1"]);
    expect(ads[0]).toMatchObject({ company: "Prevoznik 3", location: "Chicago, Illinois" });
    expect(ads[0].path).toMatch(/^\/poslovi\/cdl-a-vozac-3-\d+$/);
    expect(ads[0].pay).toMatch(/1\.500/);
  });
});
