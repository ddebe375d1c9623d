import { describe, expect, it } from "vitest";
import { jobPostingProblems, productProblems } from "../../../tests/support/structured-data";
import { jobPostingJsonLd, saleJsonLd, serializeJsonLd, textToHtml } from "./json-ld";
import type { ListingDetail } from "./types";

const approved = new Date("2026-06-01T14:00:00Z");
const base: ListingDetail = {
  id: 42,
  kind: "job",
  status: "approved",
  title: "Vozač CDL-A za OTR ture",
  description: "Tražimo vozača.\n\nPlata svake nedelje <odmah>.",
  city: "Chicago",
  state: "Illinois",
  contactName: "Marko",
  contactPhone: "+1 312 555 0199",
  contactEmail: null,
  companyName: "Orao Transport",
  companyId: null,
  position: "company-driver",
  routeType: "otr",
  equipment: ["dry-van"],
  cdlClass: "A",
  endorsements: [],
  payMin: 1500,
  payMax: 2200,
  payUnit: "per-week",
  homeTime: "weekly",
  requirements: "2 godine iskustva",
  saleCategory: null,
  make: null,
  model: null,
  year: null,
  mileage: null,
  priceCents: null,
  condition: null,
  createdAt: new Date("2026-05-30T10:00:00Z"),
  updatedAt: approved,
  approvedAt: approved,
  expiresAt: new Date("2026-07-01T14:00:00Z"),
  featuredUntil: null,
  featuredDaysPending: 0,
  reviewedAt: approved,
  reviewedBy: "admin@x.com",
  adminNote: null,
  posterEmail: null,
  posterScript: "lat",
  filledAt: null,
  remindedFor: null,
  revisionOf: null,
  photos: [],
};
const ctx = {
  url: "https://bv.example/poslovi/vozac-42",
  origin: "https://bv.example",
  siteName: "Balkan Vozači",
};

describe("JobPosting structured data", () => {
  it("has every field search engines require, with the expiry as validThrough", () => {
    const ld = jobPostingJsonLd(base, ctx);
    expect(jobPostingProblems(ld)).toEqual([]);
    expect(ld).toMatchObject({
      "@type": "JobPosting",
      title: "Vozač CDL-A za OTR ture",
      datePosted: "2026-06-01T14:00:00.000Z",
      validThrough: "2026-07-01T14:00:00.000Z",
      employmentType: "FULL_TIME",
      hiringOrganization: { "@type": "Organization", name: "Orao Transport" },
      jobLocation: {
        "@type": "Place",
        address: { addressLocality: "Chicago", addressRegion: "IL", addressCountry: "US" },
      },
      baseSalary: {
        currency: "USD",
        value: { "@type": "QuantitativeValue", minValue: 1500, maxValue: 2200, unitText: "WEEK" },
      },
    });
    expect(ld.description).toContain("<p>Plata svake nedelje &lt;odmah&gt;.</p>");
    expect(ld.description).toContain("<li>Oprema: Dry van</li>");
  });

  it("leaves per-mile and percent pay out of baseSalary (no such unit) and names owner-operators contractors", () => {
    const ld = jobPostingJsonLd(
      { ...base, payUnit: "per-mile", payMin: 0.65, payMax: null, position: "owner-operator" },
      ctx,
    );
    expect(ld.baseSalary).toBeUndefined();
    expect(ld.employmentType).toBe("CONTRACTOR");
    expect(jobPostingProblems(ld)).toEqual([]);
  });

  it("the checker notices a missing field", () => {
    const ld = jobPostingJsonLd({ ...base, expiresAt: null }, ctx);
    expect(jobPostingProblems(ld)).toEqual(["validThrough"]);
  });

  it("escapes < so the JSON can never close its script element", () => {
    const json = serializeJsonLd({ a: "</script><script>alert(1)</script>\u2028" });
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({ a: "</script><script>alert(1)</script>\u2028" });
  });

  it("turns plain text into escaped paragraphs", () => {
    expect(textToHtml("a & b\nc\n\n<d>")).toBe("<p>a &amp; b<br>c</p><p>&lt;d&gt;</p>");
  });
});

describe("Product / Vehicle structured data", () => {
  const truck: ListingDetail = {
    ...base,
    kind: "sale",
    title: "Freightliner Cascadia 2019",
    companyName: null,
    position: null,
    routeType: null,
    equipment: [],
    cdlClass: null,
    payMin: null,
    payMax: null,
    payUnit: null,
    homeTime: null,
    requirements: null,
    saleCategory: "truck",
    make: "Freightliner",
    model: "Cascadia",
    year: 2019,
    mileage: 412000,
    priceCents: 4_500_000,
    condition: "used",
    photos: [{ id: 1, position: 0, url: "/media/images/1_1200x800-k.jpg", width: 1200, height: 800 }],
  };

  it("describes a truck as a Product and Vehicle with an Offer", () => {
    const ld = saleJsonLd(truck, ctx);
    expect(productProblems(ld)).toEqual([]);
    expect(ld).toMatchObject({
      "@type": ["Product", "Vehicle"],
      brand: { name: "Freightliner" },
      vehicleModelDate: "2019",
      mileageFromOdometer: { value: 412000, unitCode: "SMI" },
      image: ["https://bv.example/media/images/1_1200x800-k.jpg"],
      offers: {
        price: "45000.00",
        priceCurrency: "USD",
        itemCondition: "https://schema.org/UsedCondition",
        availability: "https://schema.org/InStock",
        priceValidUntil: "2026-07-01",
      },
    });
  });

  it("parts are a Product only; 'po dogovoru' has no Offer", () => {
    const ld = saleJsonLd({ ...truck, saleCategory: "parts", priceCents: null }, ctx);
    expect(ld["@type"]).toBe("Product");
    expect(ld.offers).toBeUndefined();
    expect(ld.vehicleModelDate).toBeUndefined();
  });
});
