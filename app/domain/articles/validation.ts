import { z } from "zod";
import { ARTICLE_CATEGORIES } from "~/db/schema/article-values";
import { codes } from "~/domain/result";
import { DISPLAY_TIME_ZONE } from "~/lib/dates";
import { checkbox, type FormValues, optionalText, requiredText, trimmed } from "~/lib/form";
import { ARTICLE_LIMITS } from "./limits";
import { parseStatusFilter, type StoredStatus } from "./list-query";
import { slugText } from "./slug";
import { isSafeArticleUrl } from "./urls";

export { ARTICLE_LIMITS, parseStatusFilter, type StoredStatus };

/** The article form's field codes; the words are ARTICLE_MESSAGES in app/messages/articles.ts. */
export const ARTICLE_FIELD = codes("article", [
  "title",
  "excerpt",
  "content",
  "author",
  "publishedDate",
  "publishedDateInvalid",
  "category",
  "image",
  "imageInvalid",
  "tooManyTags",
]);

/**
 * The article form's rules (spec §5, Article form), one schema for the browser's instant feedback
 * and the server's action (`parseForm(articleFormSchema, form, { lists: ["tags"] })`):
 *
 * - required: title, excerpt, content, author, publication date, category, main image (a URL);
 * - tags are added with Enter, empty and duplicate tags ignored (`addTag`); a tag typed but not
 *   added yet (`tagsPending`) is added by the same rule;
 * - the slug defaults to the title lowercased, spaces turned into hyphens, other characters
 *   removed (Serbian letters folded to ASCII, as the URL helper does); the meta title defaults to
 *   the title and the meta description to the excerpt (`withDefaults`);
 * - the button decides the status (spec §4, decision 110): "Sačuvaj / Objavi" (`intent=publish`)
 *   publishes, "Sačuvaj kao nacrt" (`intent=draft`) forces draft; a submit without a known
 *   intent saves a draft, so nothing goes public by accident;
 * - a publish with a date in the future (New York time, to the minute) is *scheduled*: not public
 *   until that minute, when the `articles:publish-scheduled` job publishes it (decision 192); a
 *   publish with a past date publishes at once, as before.
 */

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

// --- The form schema.

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

export const articleFormSchema = z
  .object({
    title: requiredText(ARTICLE_FIELD.title, ARTICLE_LIMITS.title),
    excerpt: requiredText(ARTICLE_FIELD.excerpt, ARTICLE_LIMITS.excerpt),
    content: requiredText(ARTICLE_FIELD.content, ARTICLE_LIMITS.content),
    author: requiredText(ARTICLE_FIELD.author, ARTICLE_LIMITS.author),
    publishedDate: requiredText(ARTICLE_FIELD.publishedDate, 40)
      .refine((v) => newYorkLocalToDate(v) !== null, ARTICLE_FIELD.publishedDateInvalid)
      .transform((v) => newYorkLocalToDate(v) as Date),
    category: z.enum(ARTICLE_CATEGORIES, { message: ARTICLE_FIELD.category }),
    featuredImage: requiredText(ARTICLE_FIELD.image, ARTICLE_LIMITS.image).refine(
      (v) => isSafeArticleUrl(v, { fragment: false }),
      ARTICLE_FIELD.imageInvalid,
    ),
    metaTitle: optionalText(ARTICLE_LIMITS.metaTitle),
    metaDescription: optionalText(ARTICLE_LIMITS.metaDescription),
    slug: optionalText(ARTICLE_LIMITS.slug * 2),
    tags: z.array(z.string()).max(ARTICLE_LIMITS.tags, ARTICLE_FIELD.tooManyTags).default([]),
    tagsPending: trimmed(),
    featured: checkbox(),
    intent: z.unknown(),
  })
  .transform(
    ({ tags, tagsPending, intent, ...v }): ArticleInput => ({
      ...withDefaults(v),
      tags: [...tags, tagsPending].reduce<string[]>((all, t) => addTag(all, t), []),
      status: statusOfIntent(intent, v.publishedDate),
    }),
  );

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
