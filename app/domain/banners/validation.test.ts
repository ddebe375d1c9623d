import { describe, expect, it } from "vitest";
import { FORM_NOT_SENT, parseForm } from "~/lib/form";
import { inWords } from "../../../tests/support/words";
import { type BannerFormValues, bannerFormSchema, validateBanner } from "./validation";

const base: BannerFormValues = {
  title: "Početna vrh – levi",
  company: "Firma",
  section: "home",
  position: "home-top",
  type: "banner",
  linkType: "url",
  link: "https://firma.example.com",
  phone: "(815) 555-0123",
  message: "",
  backgroundColor: "",
  imageUrl: "/demo/banner-wide-1.svg",
  active: true,
  startDate: "",
  endDate: "",
  priority: "1",
};

describe("banner form validation (spec §5)", () => {
  it("clears the unused link type: url keeps the link and drops the phone", () => {
    const r = validateBanner(base);
    expect(r.ok && r.value).toMatchObject({ link: "https://firma.example.com", phone: null });
  });

  it("phone type keeps the phone and drops the link", () => {
    const r = validateBanner({ ...base, linkType: "phone" });
    expect(r.ok && r.value).toMatchObject({ link: null, phone: "(815) 555-0123" });
  });

  it("empty dates are stored as null; an end before the start is refused", () => {
    const r = validateBanner(base);
    expect(r.ok && r.value).toMatchObject({
      startDate: null,
      endDate: null,
      company: "Firma",
      message: null,
    });
    const bad = validateBanner({ ...base, startDate: "2026-11-10", endDate: "2026-11-09" });
    expect(!bad.ok && inWords(bad).fieldErrors.endDate).toBe(
      "Datum završetka ne može biti pre datuma početka.",
    );
    const same = validateBanner({ ...base, startDate: "2026-11-10", endDate: "2026-11-10" });
    expect(same.ok).toBe(true);
    expect(validateBanner({ ...base, startDate: "2026-02-30" }).ok).toBe(false);
  });

  it("a url link must be http(s)", () => {
    for (const link of ["javascript:alert(1)", "ftp://x.example", "firma.com", "//evil.example", ""]) {
      const r = validateBanner({ ...base, link });
      expect(r.ok, link).toBe(false);
    }
  });

  it("a phone must be digits (with + - ( ) and spaces)", () => {
    expect(validateBanner({ ...base, linkType: "phone", phone: "abc" }).ok).toBe(false);
    expect(validateBanner({ ...base, linkType: "phone", phone: "123" }).ok).toBe(false);
    expect(validateBanner({ ...base, linkType: "phone", phone: "+1 630 555 0147" }).ok).toBe(true);
  });

  it("title, section, position, type, colour, image and priority", () => {
    const r = validateBanner({
      ...base,
      title: " ",
      section: "footer",
      type: "huge",
      backgroundColor: "red",
      imageUrl: "javascript:x",
      priority: "1.5",
    });
    expect(!r.ok && Object.keys(r.fieldErrors).sort()).toEqual(
      ["backgroundColor", "imageUrl", "priority", "section", "title", "type"].sort(),
    );
    expect(validateBanner({ ...base, section: "vesti", position: "home-top" }).ok).toBe(false);
    expect(validateBanner({ ...base, priority: "" }).ok).toBe(true);
    expect(validateBanner({ ...base, imageUrl: "https://cdn.example.com/a.png" }).ok).toBe(true);
  });
});

describe("the banner form schema (parseForm)", () => {
  const form = (values: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(values)) f.set(k, v);
    return f;
  };
  const typed = { ...base, active: "on" };

  it("reads the form as typed and answers with every error at once", () => {
    const r = parseForm(bannerFormSchema, form({ ...typed, title: "", link: "ftp://x", priority: "x" }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.fieldErrors).sort()).toEqual(["link", "priority", "title"]);
    expect(r.values).toMatchObject({ link: "ftp://x", phone: "(815) 555-0123", active: "on" });
  });

  it("a post without one of the form's fields is refused, never saved as a blank (decision 061)", () => {
    const { message: _dropped, ...withoutMessage } = typed;
    const r = parseForm(bannerFormSchema, form(withoutMessage));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors).toEqual({ message: FORM_NOT_SENT });
  });

  it("a phone typed while the link type is url is kept in the values but not saved", () => {
    const r = parseForm(bannerFormSchema, form(typed));
    expect(r.ok && r.data).toMatchObject({ link: "https://firma.example.com", phone: null, active: true });
    const off = parseForm(bannerFormSchema, form({ ...typed, active: "" }));
    expect(off.ok && off.data.active).toBe(false);
  });
});
