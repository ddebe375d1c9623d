import { describe, expect, it } from "vitest";
import { CHANGE_TEXT_MAX, changedFields } from "./audit.server";
import { parseAuditQuery } from "./labels";

describe("the audit log's rules", () => {
  it("keeps only the fields that changed, long texts shortened", () => {
    const long = "x".repeat(CHANGE_TEXT_MAX + 50);
    expect(
      changedFields({ title: "A", active: true, body: "" }, { title: "B", active: true, body: long }),
    ).toEqual({
      title: ["A", "B"],
      body: ["", `${"x".repeat(CHANGE_TEXT_MAX)}… (${CHANGE_TEXT_MAX + 50} znakova)`],
    });
    expect(changedFields({ a: 1 }, { a: 1 })).toBeNull();
    expect(changedFields(null, { name: "Nova" })).toEqual({ name: [null, "Nova"] });
    expect(
      changedFields({ at: new Date("2026-01-01T00:00:00Z") }, { at: new Date("2026-01-02T00:00:00Z") }),
    ).toEqual({
      at: ["2026-01-01T00:00:00.000Z", "2026-01-02T00:00:00.000Z"],
    });
  });

  it("reads the screen's filters from the URL, New York days, odd values ignored", () => {
    const q = parseAuditQuery(
      new URLSearchParams("korisnik=3&oblast=banners&akcija=toggle&od=2026-11-01&do=2026-11-30&page=2"),
    );
    expect(q).toMatchObject({ userId: 3, area: "banners", action: "toggle", page: 2 });
    expect(q.from?.toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(q.to?.toISOString()).toBe("2026-12-01T05:00:00.000Z");
    expect(
      parseAuditQuery(new URLSearchParams("korisnik=x&oblast=nista&akcija=DROP TABLE&od=juče")),
    ).toMatchObject({
      userId: null,
      area: null,
      action: null,
      from: null,
    });
  });
});

describe("the audit log's field words", () => {
  it("names every field an admin write records in Serbian (no raw field names in the 'Izmene' column)", async () => {
    const { articleFormValues } = await import("~/domain/articles/form-rules");
    const { bannerFormValues } = await import("~/domain/banners/validation");
    const article = articleFormValues({
      title: "",
      excerpt: "",
      content: "",
      author: "",
      publishedDate: new Date(),
      category: "Vesti",
      featuredImage: null,
      metaTitle: null,
      metaDescription: null,
      slug: null,
      tags: [],
      featured: false,
    });
    const banner = bannerFormValues({
      title: "",
      company: null,
      section: "home",
      position: "home-top",
      type: "banner",
      link: null,
      phone: null,
      message: null,
      backgroundColor: null,
      imageUrl: null,
      active: true,
      startDate: null,
      endDate: null,
      priority: 0,
    });
    const company = ["name", "description", "location", "state", "phone", "email", "website", "logo"];
    const more = ["services", "yearEstablished", "fleetSize", "specialties", "active", "admin_notes"];
    const elsewhere = ["status", "popular", "revision", "role", "admin_note", "alt", "caption", "replacedBy"];
    const settings = ["defaultArticleImage", "defaultCompanyImage", "latinOnlyWords", "enabled", "image"];
    const popup = ["link", "maxShowsPerDay", "minHoursBetween", "name", "price", "days"];
    const fields = [
      ...Object.keys(article),
      ...Object.keys(banner),
      ...company,
      ...more,
      ...elsewhere,
      ...settings,
      ...popup,
    ];
    const { auditFieldLabel } = await import("./labels");
    expect(fields.filter((field) => auditFieldLabel(field) === field)).toEqual([]);
  });
});
