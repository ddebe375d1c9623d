import { describe, expect, it } from "vitest";
import { parseForm } from "~/http/form";
import { fieldMessage } from "~/messages/fields";
import { FIELD_MESSAGES } from "~/messages/listings";
import {
  JOB_FORM_LISTS,
  jobSchema,
  parseAmount,
  parseWholeNumber,
  photoCountError,
  saleSchema,
} from "./validation";

const NOW = new Date("2026-06-15T12:00:00Z");

const job = {
  title: "Vozač CDL-A za OTR ture",
  description: "Tražimo iskusnog vozača za dry van ture po celoj Americi.",
  city: "Chicago",
  state: "Illinois",
  contactName: "Marko",
  contactPhone: "+1 (312) 555-0199",
  contactEmail: "",
  companyName: "Orao Transport",
  position: "company-driver",
  routeType: "otr",
  cdlClass: "A",
  payMin: "0,65",
  payMax: "0.70",
  payUnit: "per-mile",
  homeTime: "weekly",
  requirements: "",
};

function jobForm(values: Record<string, string>, lists: Record<string, string[]> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  for (const [k, list] of Object.entries(lists)) for (const v of list) form.append(k, v);
  return parseForm(jobSchema, form, { lists: JOB_FORM_LISTS });
}

const sale = {
  title: "Freightliner Cascadia 2019",
  description: "Kamion u odličnom stanju, redovno servisiran kod ovlašćenog servisa.",
  city: "Houston",
  state: "Texas",
  contactName: "Jovan",
  contactPhone: "",
  contactEmail: "Jovan@Primer.com",
  saleCategory: "truck",
  make: "Freightliner",
  model: "Cascadia",
  year: "2019",
  mileage: "412.000",
  price: "45.000",
  condition: "used",
};

function saleForm(values: Record<string, string>) {
  return parseForm(saleSchema(NOW), new URLSearchParams(values));
}

describe("parseAmount", () => {
  it.each([
    ["0,65", 0.65],
    ["0.65", 0.65],
    ["1800", 1800],
    ["1.800", 1800],
    ["1,800", 1800],
    ["85.000 $", 85000],
    ["1.800,50", 1800.5],
    ["1,800.50", 1800.5],
    ["25%", 25],
    ["1.80", 1.8],
  ])("%s → %s", (input, expected) => {
    expect(parseAmount(input)).toBe(expected);
  });

  it.each(["", "abc", "1.2.3", "-5", "1,2,3", "0x10"])("refuses %j", (input) => {
    expect(parseAmount(input)).toBeNull();
  });
});

describe("parseWholeNumber", () => {
  it("reads grouped and plain whole numbers", () => {
    expect(parseWholeNumber("412.000")).toBe(412000);
    expect(parseWholeNumber("412,000")).toBe(412000);
    expect(parseWholeNumber("412 000")).toBe(412000);
    expect(parseWholeNumber("5")).toBe(5);
    expect(parseWholeNumber("4,5")).toBeNull();
    expect(parseWholeNumber("")).toBeNull();
  });
});

describe("job form", () => {
  it("accepts a complete job and types its values", () => {
    const parsed = jobForm(job, { equipment: ["dry-van", "reefer", "dry-van"], endorsements: ["H"] });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.data).toMatchObject({
      kind: "job",
      title: "Vozač CDL-A za OTR ture",
      contactEmail: null,
      equipment: ["dry-van", "reefer"],
      endorsements: ["H"],
      payMin: 0.65,
      payMax: 0.7,
      payUnit: "per-mile",
      homeTime: "weekly",
      requirements: null,
    });
  });

  it("reports every wrong field at once, in Serbian, keeping the values as typed", () => {
    const parsed = jobForm(
      {
        ...job,
        title: "ab",
        description: "",
        state: "Ontario",
        contactPhone: "",
        contactEmail: "",
        companyName: "",
        position: "pilot",
        payMin: "osamdeset",
      },
      { equipment: ["helikopter"] },
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors).toMatchObject({
      title: FIELD_MESSAGES.titleShort,
      description: FIELD_MESSAGES.descriptionRequired,
      state: FIELD_MESSAGES.state,
      contactPhone: FIELD_MESSAGES.contactRequired,
      companyName: FIELD_MESSAGES.companyName,
      position: FIELD_MESSAGES.position,
      payMin: FIELD_MESSAGES.payAmount,
      equipment: FIELD_MESSAGES.equipment,
    });
    expect(parsed.values).toMatchObject({ title: "ab", state: "Ontario", equipment: ["helikopter"] });
  });

  it("checks the pay against its unit and the range order", () => {
    const miles = jobForm({ ...job, payMin: "65", payMax: "" });
    expect(!miles.ok && miles.fieldErrors.payMin).toBe("Plata po milji mora biti između 0,10 i 5 $.");
    const order = jobForm({ ...job, payUnit: "per-week", payMin: "2000", payMax: "1500" });
    expect(!order.ok && order.fieldErrors.payMax).toBe(FIELD_MESSAGES.payMaxBelowMin);
    const noUnit = jobForm({ ...job, payUnit: "" });
    expect(!noUnit.ok && noUnit.fieldErrors.payUnit).toBe(FIELD_MESSAGES.payUnitMissing);
    const noAmount = jobForm({ ...job, payMin: "", payMax: "" });
    expect(!noAmount.ok && noAmount.fieldErrors.payMin).toBe(FIELD_MESSAGES.payMinMissing);
    const none = jobForm({ ...job, payMin: "", payMax: "", payUnit: "" });
    expect(none.ok && none.data).toMatchObject({ payMin: null, payMax: null, payUnit: null });
  });

  it("sanitises visitor text (spec §5) and checks phone and e-mail", () => {
    const parsed = jobForm({
      ...job,
      description: 'Odlična plata <script>alert(1)</script> i <b onclick="x()">bonusi</b> za vozače.',
    });
    expect(parsed.ok && parsed.data.description).toBe("Odlična plata  i <b >bonusi</b> za vozače.");
    const bad = jobForm({ ...job, contactPhone: "zovi me", contactEmail: "nije-mejl" });
    expect(!bad.ok && bad.fieldErrors).toMatchObject({
      contactPhone: FIELD_MESSAGES.phone,
      contactEmail: FIELD_MESSAGES.email,
    });
  });
});

describe("buy/sell form", () => {
  it("accepts a truck: grouped miles and price, lowercased e-mail, no photos", () => {
    const parsed = saleForm(sale);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.data).toMatchObject({
      kind: "sale",
      saleCategory: "truck",
      year: 2019,
      mileage: 412000,
      priceCents: 4_500_000,
      contactEmail: "jovan@primer.com",
      contactPhone: null,
    });
  });

  it("an empty price is 'po dogovoru'; parts need no make", () => {
    const parsed = saleForm({ ...sale, saleCategory: "parts", make: "", price: "", year: "", mileage: "" });
    expect(parsed.ok && parsed.data).toMatchObject({
      priceCents: null,
      make: null,
      year: null,
      mileage: null,
    });
  });

  it("refuses a truck without make, a future year, odd miles and price; more than 8 photos", () => {
    const parsed = saleForm({ ...sale, make: "", year: "2031", mileage: "mnogo", price: "0", condition: "" });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors).toMatchObject({
      make: FIELD_MESSAGES.makeRequired,
      year: "Godište mora biti između 1950 i 2027.",
      mileage: FIELD_MESSAGES.mileage,
      price: FIELD_MESSAGES.price,
      condition: FIELD_MESSAGES.condition,
    });
    expect(photoCountError(8)).toBeNull();
    expect(fieldMessage(photoCountError(9) ?? "")).toBe(FIELD_MESSAGES.photosCount);
  });
});
