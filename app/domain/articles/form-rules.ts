/**
 * The article form's rules that need no schema library (spec §5, Article form), for the server's
 * form schema (validation.ts) and for the browser, whose article form loads no Zod (decision 292:
 * the editor's JavaScript budget): tags, the default slug, the meta defaults, the status a button
 * asks for, and the publication date in New York time.
 */
import type { ARTICLE_CATEGORIES } from "~/db/schema/article-values";
import { DISPLAY_TIME_ZONE } from "~/lib/dates";
import type { FormValues } from "~/lib/form-values";
import { ARTICLE_LIMITS } from "./limits";
import type { StoredStatus } from "./list-query";
import { slugText } from "./slug";

export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

export const ARTICLE_INTENTS = ["publish", "draft"] as const;
export type ArticleIntent = (typeof ARTICLE_INTENTS)[number];

/** The stored status a submit button asks for, for a publication date (future publish = scheduled). */
export function statusOfIntent(intent: unknown, publishedDate?: Date, now = new Date()): StoredStatus {
  if (intent !== "publish") return "draft";
  return publishedDate && publishedDate.getTime() > now.getTime() ? "scheduled" : "publish";
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

/**
 * Defaults of spec §5: the slug from the title. The meta title and description are only trimmed:
 * empty means "the title" / "the excerpt" at render time (decision 290), never a copy that would
 * freeze at the first save.
 */
export function withDefaults<
  T extends { title: string; excerpt: string; slug: string; metaTitle: string; metaDescription: string },
>(values: T): T {
  const slug = defaultSlug(values.slug.trim() || values.title);
  return {
    ...values,
    slug,
    metaTitle: values.metaTitle.trim(),
    metaDescription: values.metaDescription.trim(),
  };
}

/** The fields of the form, as `parseForm` reads them. */
export const ARTICLE_FORM_LISTS = ["tags"] as const;

/** The form's values of a stored article (or of a new one), as the form shows them. */
export function articleFormValues(article: {
  title: string;
  excerpt: string;
  content: string;
  author: string;
  publishedDate: Date;
  category: string;
  featuredImage: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  slug: string | null;
  tags: string[];
  featured: boolean;
}): FormValues {
  return {
    title: article.title,
    excerpt: article.excerpt,
    content: article.content,
    author: article.author,
    publishedDate: dateToNewYorkLocal(article.publishedDate),
    category: article.category,
    featuredImage: article.featuredImage ?? "",
    metaTitle: article.metaTitle ?? "",
    metaDescription: article.metaDescription ?? "",
    slug: article.slug ?? "",
    tags: article.tags,
    featured: article.featured ? "on" : "",
  };
}
