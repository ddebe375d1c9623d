import { z } from "zod";
import { ARTICLE_CATEGORIES } from "~/db/schema/article-values";
import { DISPLAY_TIME_ZONE } from "~/lib/dates";
import { parseStatusFilter, type StoredStatus } from "./list-query";
import { ARTICLE_LIMITS, ARTICLE_MESSAGES } from "./messages";
import { slugText } from "./slug";
import { isSafeArticleUrl } from "./urls";

export { ARTICLE_LIMITS, ARTICLE_MESSAGES, parseStatusFilter, type StoredStatus };

/**
 * The article form's rules (spec §5, Article form), one schema for the browser's instant feedback
 * and the server's action:
 *
 * - required: title, excerpt, content, author, publication date, category, main image (a URL);
 * - tags are added with Enter, empty and duplicate tags ignored (`addTag`);
 * - the slug defaults to the title lowercased, spaces turned into hyphens, other characters
 *   removed (Serbian letters folded to ASCII, as the URL helper does); the meta title defaults to
 *   the title and the meta description to the excerpt (`withDefaults`);
 * - the form speaks draft/published, the database stores draft/publish (`toStoredStatus`).
 */

export const FORM_STATUSES = ["draft", "published"] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

export function toStoredStatus(status: FormStatus): StoredStatus {
  return status === "published" ? "publish" : "draft";
}

export function toFormStatus(status: StoredStatus): FormStatus {
  return status === "publish" ? "published" : "draft";
}

/** A tag added with Enter: trimmed; empty and duplicate (case-insensitive) tags are ignored. */
export function addTag(tags: readonly string[], raw: string): string[] {
  const tag = raw.trim().replace(/\s+/g, " ").slice(0, ARTICLE_LIMITS.tag);
  if (tag === "") return [...tags];
  const key = tag.toLocaleLowerCase("sr-Latn");
  if (tags.some((t) => t.toLocaleLowerCase("sr-Latn") === key)) return [...tags];
  if (tags.length >= ARTICLE_LIMITS.tags) return [...tags];
  return [...tags, tag];
}

/** The default slug of a title (spec §5): lowercase, hyphens for spaces, nothing else kept. */
export function defaultSlug(title: string): string {
  return slugText(title);
}

// --- Publication date: the form edits New York wall-clock time ("YYYY-MM-DDTHH:mm"); storage is UTC.

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

function zoneOffsetMs(instant: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: DISPLAY_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** "2026-11-22T14:05" in New York → the UTC instant; null when not a real date and time. */
export function newYorkLocalToDate(value: string): Date | null {
  const m = LOCAL_DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h = "0", mi = "0", s = "0"] = m.slice(1);
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const check = new Date(wall);
  if (
    check.getUTCFullYear() !== Number(y) ||
    check.getUTCMonth() !== Number(mo) - 1 ||
    check.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59
  ) {
    return null;
  }
  let instant = wall - zoneOffsetMs(wall);
  instant = wall - zoneOffsetMs(instant);
  return new Date(instant);
}

/** A UTC instant → "YYYY-MM-DDTHH:mm" in New York, for a datetime-local input. */
export function dateToNewYorkLocal(date: Date): string {
  const shifted = new Date(date.getTime() + zoneOffsetMs(date.getTime()));
  return shifted.toISOString().slice(0, 16);
}

// --- The form schema.

const requiredText = (message: string, max: number) =>
  z.string().trim().min(1, message).max(max, ARTICLE_MESSAGES.tooLong(max));
const optionalText = (max: number) => z.string().trim().max(max, ARTICLE_MESSAGES.tooLong(max));

export const articleFormSchema = z.object({
  title: requiredText(ARTICLE_MESSAGES.title, ARTICLE_LIMITS.title),
  excerpt: requiredText(ARTICLE_MESSAGES.excerpt, ARTICLE_LIMITS.excerpt),
  content: requiredText(ARTICLE_MESSAGES.content, ARTICLE_LIMITS.content),
  author: requiredText(ARTICLE_MESSAGES.author, ARTICLE_LIMITS.author),
  publishedDate: z
    .string()
    .trim()
    .min(1, ARTICLE_MESSAGES.publishedDate)
    .refine((v) => newYorkLocalToDate(v) !== null, ARTICLE_MESSAGES.publishedDateInvalid),
  category: z.string().refine((v) => (ARTICLE_CATEGORIES as readonly string[]).includes(v), {
    message: ARTICLE_MESSAGES.category,
  }),
  featuredImage: z
    .string()
    .trim()
    .min(1, ARTICLE_MESSAGES.image)
    .max(ARTICLE_LIMITS.image, ARTICLE_MESSAGES.tooLong(ARTICLE_LIMITS.image))
    .refine((v) => isSafeArticleUrl(v, { fragment: false }), ARTICLE_MESSAGES.imageInvalid),
  metaTitle: optionalText(ARTICLE_LIMITS.metaTitle),
  metaDescription: optionalText(ARTICLE_LIMITS.metaDescription),
  slug: optionalText(ARTICLE_LIMITS.slug * 2),
  tags: z
    .array(z.string())
    .max(ARTICLE_LIMITS.tags, ARTICLE_MESSAGES.tooManyTags)
    .transform((tags) => tags.reduce<string[]>((all, t) => addTag(all, t), [])),
  status: z.enum(FORM_STATUSES).catch("draft"),
  featured: z.boolean(),
});

export type ArticleFormValues = z.input<typeof articleFormSchema>;
export type ArticleField = keyof ArticleFormValues;
export type ArticleFieldErrors = Partial<Record<ArticleField, string>>;

/** What the database receives: defaults applied, status in its stored spelling, date parsed. */
export type ArticleInput = {
  title: string;
  excerpt: string;
  content: string;
  author: string;
  publishedDate: Date;
  category: ArticleCategory;
  featuredImage: string;
  metaTitle: string;
  metaDescription: string;
  slug: string;
  tags: string[];
  status: StoredStatus;
  featured: boolean;
};

export const EMPTY_ARTICLE_VALUES: ArticleFormValues = {
  title: "",
  excerpt: "",
  content: "",
  author: "",
  publishedDate: "",
  category: "Vesti",
  featuredImage: "",
  metaTitle: "",
  metaDescription: "",
  slug: "",
  tags: [],
  status: "draft",
  featured: false,
};

/** The form's values from a submitted form; `intent=draft` ("save as draft") forces draft. */
export function articleValuesFromForm(form: FormData): ArticleFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const status = text("status");
  return {
    title: text("title"),
    excerpt: text("excerpt"),
    content: text("content"),
    author: text("author"),
    publishedDate: text("publishedDate"),
    category: text("category"),
    featuredImage: text("featuredImage"),
    metaTitle: text("metaTitle"),
    metaDescription: text("metaDescription"),
    slug: text("slug"),
    tags: form.getAll("tags").filter((t): t is string => typeof t === "string"),
    status: text("intent") === "draft" ? "draft" : status === "published" ? "published" : "draft",
    featured: text("featured") === "on" || text("featured") === "true",
  };
}

/** Defaults of spec §5: slug from the title, meta title from the title, meta description from the excerpt. */
export function withDefaults<
  T extends { title: string; excerpt: string; slug: string; metaTitle: string; metaDescription: string },
>(values: T): T {
  const slug = defaultSlug(values.slug.trim() || values.title);
  return {
    ...values,
    slug,
    metaTitle: values.metaTitle.trim() || values.title.trim(),
    metaDescription: values.metaDescription.trim() || values.excerpt.trim(),
  };
}

export type ArticleValidation =
  | { ok: true; input: ArticleInput }
  | { ok: false; fieldErrors: ArticleFieldErrors; formError: string };

export function validateArticle(values: ArticleFormValues): ArticleValidation {
  const parsed = articleFormSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: ArticleFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as ArticleField | undefined;
      if (key && !fieldErrors[key]) fieldErrors[key] = issue.message;
    }
    return { ok: false, fieldErrors, formError: ARTICLE_MESSAGES.form };
  }
  const v = withDefaults(parsed.data);
  return {
    ok: true,
    input: {
      title: v.title,
      excerpt: v.excerpt,
      content: v.content,
      author: v.author,
      publishedDate: newYorkLocalToDate(v.publishedDate) as Date,
      category: v.category as ArticleCategory,
      featuredImage: v.featuredImage,
      metaTitle: v.metaTitle,
      metaDescription: v.metaDescription,
      slug: v.slug,
      tags: v.tags,
      status: toStoredStatus(v.status),
      featured: v.featured,
    },
  };
}
