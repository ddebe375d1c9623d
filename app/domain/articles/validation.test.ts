import { describe, expect, it } from "vitest";
import {
  ARTICLE_MESSAGES,
  type ArticleFormValues,
  addTag,
  articleValuesFromForm,
  dateToNewYorkLocal,
  defaultSlug,
  newYorkLocalToDate,
  parseStatusFilter,
  toFormStatus,
  toStoredStatus,
  validateArticle,
  withDefaults,
} from "./validation";

const VALID: ArticleFormValues = {
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
  status: "published",
  featured: true,
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

  it("applies the defaults and stores published as 'publish'", () => {
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

describe("status spellings", () => {
  it("maps the form's draft/published to the stored draft/publish and back", () => {
    expect(toStoredStatus("published")).toBe("publish");
    expect(toStoredStatus("draft")).toBe("draft");
    expect(toFormStatus("publish")).toBe("published");
    expect(toFormStatus("draft")).toBe("draft");
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
  it("'save as draft' forces draft whatever the status field says", () => {
    const form = new FormData();
    form.set("status", "published");
    form.set("intent", "draft");
    expect(articleValuesFromForm(form).status).toBe("draft");
    form.set("intent", "save");
    expect(articleValuesFromForm(form).status).toBe("published");
  });
  it("reads repeated tags and the featured checkbox", () => {
    const form = new FormData();
    form.append("tags", "a");
    form.append("tags", "b");
    form.set("featured", "on");
    expect(articleValuesFromForm(form)).toMatchObject({ tags: ["a", "b"], featured: true, status: "draft" });
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
