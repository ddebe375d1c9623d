import { describe, expect, it } from "vitest";
import { US_STATES as SEED_STATES } from "~/demo/places";
import { parseForm } from "~/http/form";
import { COMPANY_FIELD_MESSAGES, COMPANY_MESSAGES, yearMessage } from "~/messages/companies";
import { inWords } from "../../../tests/support/words";
import { COMPANY_CATEGORIES, currentYear, SUBMISSION_CATEGORIES, US_STATES } from "./constants";
import {
  addListItem,
  type CompanyInput,
  companyFormSchema,
  normalizeWebsite,
  parseList,
  validateCompanyInput as validate,
} from "./validation";

/** The rules' answer in the words the form shows. */
const validateCompanyInput = (...args: Parameters<typeof validate>) => inWords(validate(...args));

const EMPTY: CompanyInput = {
  name: "",
  description: "",
  location: "",
  state: "",
  phone: "",
  email: "",
  website: "",
  logo: "",
  category: "",
  services: [],
  yearEstablished: "",
  fleetSize: "",
  specialties: [],
};
const NOW = new Date("2026-06-01T12:00:00Z");

describe("constants", () => {
  it("lists the 50 US states once each, by the full names the seed uses", () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATES).size).toBe(50);
    expect([...US_STATES].sort()).toEqual(SEED_STATES.map((s) => s.name).sort());
  });

  it("has the two category lists of spec §9", () => {
    expect(COMPANY_CATEGORIES).toHaveLength(8);
    expect(COMPANY_CATEGORIES[0]).toBe("Transportne Kompanije");
    expect(SUBMISSION_CATEGORIES).toEqual([
      "Transportne Kompanije",
      "Logistika",
      "Špedicija",
      "Međunarodni Transport",
      "Kamionski Transport",
    ]);
  });

  it("takes the current year in New York", () => {
    expect(currentYear(new Date("2027-01-01T03:00:00Z"))).toBe(2026);
    expect(currentYear(new Date("2027-01-01T06:00:00Z"))).toBe(2027);
  });
});

describe("services and specialties", () => {
  it("adds one at a time: trimmed, empty and duplicate ignored", () => {
    let list = addListItem([], "  OTR ture ");
    expect(list).toEqual(["OTR ture"]);
    list = addListItem(list, "   ");
    list = addListItem(list, "otr TURE");
    list = addListItem(list, "Flatbed");
    expect(list).toEqual(["OTR ture", "Flatbed"]);
  });

  it("splits comma-separated text the same way", () => {
    expect(parseList("Reefer, , Dry van,reefer ,")).toEqual(["Reefer", "Dry van"]);
    expect(parseList(["a", " a ", "b"])).toEqual(["a", "b"]);
  });
});

describe("validateCompanyInput", () => {
  it("requires the name", () => {
    const r = validateCompanyInput(EMPTY, { mode: "company", now: NOW });
    expect(r).toEqual({ ok: false, fieldErrors: { name: COMPANY_FIELD_MESSAGES.nameRequired } });
  });

  it("checks e-mail and URL as such", () => {
    const r = validateCompanyInput(
      { ...EMPTY, name: "X", email: "nije-mejl", website: "javascript:alert(1)" },
      { mode: "company", now: NOW },
    );
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.fieldErrors.email).toBe(COMPANY_FIELD_MESSAGES.email);
      expect(r.fieldErrors.website).toBe(COMPANY_FIELD_MESSAGES.url);
    }
    expect(normalizeWebsite("kompanija.com")).toBe("https://kompanija.com/");
    expect(normalizeWebsite("ftp://kompanija.com")).toBeNull();
    expect(normalizeWebsite("localhost")).toBeNull();
  });

  it("accepts years 1900 to the current year on every form", () => {
    for (const mode of ["company", "submission", "public"] as const) {
      const ok = (y: string) =>
        validateCompanyInput({ ...EMPTY, name: "X", email: "a@b.co", yearEstablished: y }, { mode, now: NOW })
          .ok;
      expect(ok("1900")).toBe(true);
      expect(ok("2026")).toBe(true);
      expect(ok("1899")).toBe(false);
      expect(ok("2027")).toBe(false);
      expect(ok("19a0")).toBe(false);
    }
    const r = validateCompanyInput(
      { ...EMPTY, name: "X", yearEstablished: "1800" },
      { mode: "company", now: NOW },
    );
    expect(!r.ok && r.fieldErrors.yearEstablished).toBe(yearMessage(2026));
  });

  it("wants a fleet size of at least 1 in the request editor, free text on the company form", () => {
    const fleet = (mode: "company" | "submission", v: string) =>
      validateCompanyInput({ ...EMPTY, name: "X", fleetSize: v }, { mode, now: NOW });
    expect(fleet("submission", "0").ok).toBe(false);
    expect(fleet("submission", "25 kamiona").ok).toBe(false);
    const ok = fleet("submission", "025");
    expect(ok.ok && ok.data.fleetSize).toBe("25");
    const text = fleet("company", "50+ kamiona");
    expect(text.ok && text.data.fleetSize).toBe("50+ kamiona");
  });

  it("checks state and category against their lists", () => {
    const r = validateCompanyInput(
      { ...EMPTY, name: "X", state: "Ontario", category: "Špedicija" },
      { mode: "company", now: NOW },
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.fieldErrors).sort()).toEqual(["category", "state"]);
    const s = validateCompanyInput(
      { ...EMPTY, name: "X", state: "Texas", category: "Špedicija" },
      { mode: "submission", categories: SUBMISSION_CATEGORIES, now: NOW },
    );
    expect(s.ok).toBe(true);
  });

  it("asks visitors for a phone or an e-mail", () => {
    const r = validateCompanyInput({ ...EMPTY, name: "X" }, { mode: "public", now: NOW });
    expect(!r.ok && r.fieldErrors.phone).toBe(COMPANY_FIELD_MESSAGES.contactRequired);
    expect(
      validateCompanyInput({ ...EMPTY, name: "X", phone: "+1 (312) 555-0100" }, { mode: "public", now: NOW })
        .ok,
    ).toBe(true);
  });

  it("sanitises visitor text and stores clean values", () => {
    const r = validateCompanyInput(
      {
        ...EMPTY,
        name: "  Orao <script>alert(1)</script>Transport ",
        description: "Opis <iframe src=x></iframe>",
        email: "INFO@Orao.com",
        website: "orao.com",
        services: "OTR, Reefer, otr",
        specialties: "",
      },
      { mode: "public", now: NOW },
    );
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.data.name).toBe("Orao Transport");
      expect(r.data.description).toBe("Opis");
      expect(r.data.email).toBe("info@orao.com");
      expect(r.data.website).toBe("https://orao.com/");
      expect(r.data.services).toEqual(["OTR", "Reefer"]);
      expect(r.data.specialties).toEqual([]);
      expect(r.data.location).toBeNull();
    }
  });

  it("accepts a logo by http(s) address or site path only", () => {
    const logo = (v: string) =>
      validateCompanyInput({ ...EMPTY, name: "X", logo: v }, { mode: "company", now: NOW }).ok;
    expect(logo("https://cdn.example.com/l.png")).toBe(true);
    expect(logo("/demo/company.svg")).toBe(true);
    expect(logo("//evil.example/x.png")).toBe(false);
    expect(logo("data:image/svg+xml;base64,AAA")).toBe(false);
  });
});

describe("the company editor's form (decision 061)", () => {
  const sent = {
    name: "Vuk Express",
    description: "Opis",
    location: "Chicago",
    state: "Illinois",
    phone: "",
    email: "vuk@express.com",
    website: "",
    logo: "",
    category: "",
    yearEstablished: "",
    fleetSize: "",
  };
  const schema = companyFormSchema({ mode: "company" });

  it("saves a form that sends every field", () => {
    expect(parseForm(schema, { ...sent, services: [], specialties: [] }).ok).toBe(true);
  });

  it("refuses a post without a field instead of clearing the stored value", () => {
    const { description: _left, ...withoutDescription } = sent;
    const parsed = parseForm(schema, { ...withoutDescription, services: [], specialties: [] });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.fieldErrors.description).toBe(COMPANY_MESSAGES.notSent);
  });
});
