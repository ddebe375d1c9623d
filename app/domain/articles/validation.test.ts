import { describe, expect, it } from "vitest";
import { parseForm } from "~/http/form";
import type { FormValues } from "~/lib/form";
import { ARTICLE_MESSAGES } from "~/messages/articles";
import {
  ARTICLE_FORM_LISTS,
  addTag,
  articleFormSchema,
  dateToNewYorkLocal,
  defaultSlug,
  newYorkLocalToDate,
  parseStatusFilter,
  statusOfIntent,
  withDefaults,
} from "./validation";

const validateArticle = (values: Record<string, unknown>) => {
  const parsed = parseForm(articleFormSchema, values);
  return parsed.ok
    ? { ok: true as const, input: parsed.data }
    : { ok: false as const, fieldErrors: parsed.fieldErrors };
};

const VALID: FormValues = {
  title: "Šofer iz Čačka vozi 20 godina",
  excerpt: "Priča o vozaču.",
  content: "<p>Sadržaj</p>",
  author: "Marko Marković",
  publishedDate: "2026-11-22T14:05",
  category: "Vesti",
  featuredImage: "/demo/truck-1.svg",
  metaTitle: "",
  metaDescription: "",
  slug: "",
  tags: ["CDL", "cdl", " "],
  intent: "publish",
  featured: "on",
};

describe("article form rules (spec §5)", () => {
  it("requires title, excerpt, content, author, publication date, category and main image", () => {
    const result = validateArticle({
      ...VALID,
      title: " ",
      excerpt: "",
      content: "  ",
      author: "",
      publishedDate: "",
      category: "",
      featuredImage: "",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors).toEqual({
      title: ARTICLE_MESSAGES.title,
      excerpt: ARTICLE_MESSAGES.excerpt,
      content: ARTICLE_MESSAGES.content,
      author: ARTICLE_MESSAGES.author,
      publishedDate: ARTICLE_MESSAGES.publishedDate,
      category: ARTICLE_MESSAGES.category,
      featuredImage: ARTICLE_MESSAGES.image,
    });
  });

  it("wants the main image as a URL (http(s) or a path on the site)", () => {
    for (const bad of ["slika.jpg", "javascript:alert(1)", "data:image/png;base64,AA", "//evil.com/a.png"]) {
      const result = validateArticle({ ...VALID, featuredImage: bad });
      expect(result.ok ? null : result.fieldErrors.featuredImage).toBe(ARTICLE_MESSAGES.imageInvalid);
    }
    expect(validateArticle({ ...VALID, featuredImage: "https://cdn.example.com/a.jpg" }).ok).toBe(true);
  });

  it("refuses an unknown category and an impossible date", () => {
    const result = validateArticle({ ...VALID, category: "Sport", publishedDate: "2026-02-30T10:00" });
    expect(result.ok ? null : result.fieldErrors).toEqual({
      category: ARTICLE_MESSAGES.category,
      publishedDate: ARTICLE_MESSAGES.publishedDateInvalid,
    });
  });

  it("applies the defaults and stores 'Sačuvaj / Objavi' as 'publish'", () => {
    const result = validateArticle(VALID);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.input).toMatchObject({
      slug: "sofer-iz-cacka-vozi-20-godina",
      metaTitle: VALID.title,
      metaDescription: VALID.excerpt,
      status: "publish",
      featured: true,
      tags: ["CDL"],
    });
    expect(result.input.publishedDate.toISOString()).toBe("2026-11-22T19:05:00.000Z");
  });

  it("keeps what the editor chose for slug and meta fields (the slug normalised)", () => {
    const result = validateArticle({ ...VALID, slug: "Moj Slug!", metaTitle: "M", metaDescription: "D" });
    expect(result.ok && result.input).toMatchObject({
      slug: "moj-slug",
      metaTitle: "M",
      metaDescription: "D",
    });
  });

  it("withDefaults: slug from the title, lowercased, spaces to hyphens, other characters removed", () => {
    expect(
      withDefaults({
        title: "Nova Pravila za CDL?!",
        excerpt: "E",
        slug: "",
        metaTitle: "",
        metaDescription: "",
      }),
    ).toEqual({
      title: "Nova Pravila za CDL?!",
      excerpt: "E",
      slug: "nova-pravila-za-cdl",
      metaTitle: "Nova Pravila za CDL?!",
      metaDescription: "E",
    });
    expect(defaultSlug("Đorđe   i  Žika")).toBe("djordje-i-zika");
  });
});

describe("tags", () => {
  it("adds trimmed tags and ignores empty and duplicate ones", () => {
    expect(addTag([], "  CDL  ")).toEqual(["CDL"]);
    expect(addTag(["CDL"], "")).toEqual(["CDL"]);
    expect(addTag(["CDL"], "   ")).toEqual(["CDL"]);
    expect(addTag(["CDL"], "CDL")).toEqual(["CDL"]);
    expect(addTag(["CDL"], "cdl")).toEqual(["CDL"]);
    expect(addTag(["CDL"], "ELD")).toEqual(["CDL", "ELD"]);
  });
});

describe("status", () => {
  it("the button decides: publish publishes, draft and anything else save a draft", () => {
    expect(statusOfIntent("publish")).toBe("publish");
    expect(statusOfIntent("draft")).toBe("draft");
    expect(statusOfIntent(undefined)).toBe("draft");
    expect(statusOfIntent("save")).toBe("draft");
  });

  it("schedules a publish with a future date (decision 192); a past date publishes at once", () => {
    const now = new Date("2026-11-25T15:00:00Z");
    expect(statusOfIntent("publish", new Date("2026-11-25T15:01:00Z"), now)).toBe("scheduled");
    expect(statusOfIntent("publish", new Date("2026-11-25T15:00:00Z"), now)).toBe("publish");
    expect(statusOfIntent("publish", new Date("2026-01-01T00:00:00Z"), now)).toBe("publish");
    expect(statusOfIntent("draft", new Date("2027-01-01T00:00:00Z"), now)).toBe("draft");
  });
  it("the list filter accepts both spellings of published", () => {
    expect(parseStatusFilter("published")).toBe("publish");
    expect(parseStatusFilter("publish")).toBe("publish");
    expect(parseStatusFilter("draft")).toBe("draft");
    expect(parseStatusFilter("all")).toBeNull();
    expect(parseStatusFilter(null)).toBeNull();
  });
});

describe("form values", () => {
  it("'save as draft' forces draft; a status field is ignored", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(VALID)) if (typeof v === "string") form.set(k, v);
    form.set("status", "published");
    form.set("intent", "draft");
    const parsed = parseForm(articleFormSchema, form, { lists: ARTICLE_FORM_LISTS });
    expect(parsed.ok && parsed.data.status).toBe("draft");
  });
  it("reads repeated tags, the tag typed but not added, and the featured checkbox", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(VALID)) if (typeof v === "string") form.set(k, v);
    form.append("tags", "a");
    form.append("tags", "b");
    form.set("tagsPending", " A ");
    form.set("tagsPending", "c");
    const parsed = parseForm(articleFormSchema, form, { lists: ARTICLE_FORM_LISTS });
    expect(parsed.ok && parsed.data).toMatchObject({
      tags: ["a", "b", "c"],
      featured: true,
      status: "publish",
    });
    form.delete("featured");
    const unchecked = parseForm(articleFormSchema, form, { lists: ARTICLE_FORM_LISTS });
    expect(unchecked.ok && unchecked.data.featured).toBe(false);
  });
});

describe("New York wall-clock time", () => {
  it("converts both ways across daylight saving time", () => {
    expect(newYorkLocalToDate("2026-07-04T12:00")?.toISOString()).toBe("2026-07-04T16:00:00.000Z");
    expect(newYorkLocalToDate("2026-01-15T08:30")?.toISOString()).toBe("2026-01-15T13:30:00.000Z");
    expect(newYorkLocalToDate("2026-03-08")?.toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(dateToNewYorkLocal(new Date("2026-07-04T16:00:00Z"))).toBe("2026-07-04T12:00");
    expect(dateToNewYorkLocal(new Date("2026-01-15T13:30:00Z"))).toBe("2026-01-15T08:30");
    expect(newYorkLocalToDate("sutra")).toBeNull();
    expect(newYorkLocalToDate("2026-13-01T00:00")).toBeNull();
  });
});
