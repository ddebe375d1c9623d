import { z } from "zod";
import { ARTICLE_CATEGORIES } from "~/db/schema/article-values";
import { codes } from "~/domain/result";
import { checkbox, optionalText, requiredText, trimmed } from "~/lib/form";
import { type ArticleInput, addTag, newYorkLocalToDate, statusOfIntent, withDefaults } from "./form-rules";
import { ARTICLE_LIMITS } from "./limits";
import { parseStatusFilter, type StoredStatus } from "./list-query";
import { isSafeArticleUrl } from "./urls";

export * from "./form-rules";
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
 * The article form's rules (spec §5, Article form): the schema of the server's action
 * (`parseForm(articleFormSchema, form, { lists: ["tags"] })`); the rules it shares with the
 * browser, which loads no Zod, are in form-rules.ts:
 *
 * - required: title, excerpt, content, author, publication date, category, main image (a URL);
 * - tags are added with Enter, empty and duplicate tags ignored (`addTag`); a tag typed but not
 *   added yet (`tagsPending`) is added by the same rule;
 * - the slug defaults to the title lowercased, spaces turned into hyphens, other characters
 *   removed (Serbian letters folded to ASCII, as the URL helper does); the meta title defaults to
 *   the title and the meta description to the excerpt: left empty, they stay empty and the page
 *   uses the title and excerpt as they are when it is rendered, so it follows later edits
 *   (decision 290);
 * - the button decides the status (spec §4, decision 110): "Sačuvaj / Objavi" (`intent=publish`)
 *   publishes, "Sačuvaj kao nacrt" (`intent=draft`) forces draft; a submit without a known
 *   intent saves a draft, so nothing goes public by accident;
 * - a publish with a date in the future (New York time, to the minute) is *scheduled*: not public
 *   until that minute, when the `articles:publish-scheduled` job publishes it (decision 192); a
 *   publish with a past date publishes at once, as before.
 */

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
