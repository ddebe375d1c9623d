/**
 * What goes into a newsletter (spec §7 "articles as the newsletter reads them"):
 * - the manual newsletter offers the 20 newest published articles, 1 to 5 chosen;
 * - the dynamic newsletter takes the 3 newest published articles (with the spec's status fallback)
 *   and 3 job ads (`newsletterJobAds`);
 * and renders them to e-mail HTML and its plain-text part with React Email.
 */
import { render } from "@react-email/render";
import { desc, eq, inArray, ne, sql } from "drizzle-orm";
import { createElement } from "react";
import type { DbOrTx } from "~/db/client.server";
import { articles } from "~/db/schema";
import { articleImageUrl } from "~/domain/articles/image-url";
import { articlePath } from "~/domain/articles/slug";
import { getSettings } from "~/domain/settings/settings.server";
import type { Storage } from "~/integrations/storage/storage";
import { formatLongDate } from "~/lib/dates";
import { type EmailArticle, NewsletterEmail, type NewsletterEmailProps } from "./email/newsletter-email";
import { emailImage } from "./email-images.server";
import { newsletterJobAds } from "./job-ads.server";
import { PLAIN_TEXT_OPTIONS, shortExcerpt, truncateLabel, urlLabel } from "./links";
import { UNSUBSCRIBE_PLACEHOLDER } from "./unsubscribe-link.server";
import { OFFERED_ARTICLES } from "./validation";

export const DYNAMIC_ARTICLES = 3;
/** Spec §9: the advertising blurb claims 2,700,000+ monthly views. */
export const ADVERTISING_TEXT =
  "Balkan Vozači ima 2.700.000+ pregleda mesečno: vaša ponuda stiže do vozača, dispečera i vlasnika transportnih kompanija širom Amerike.";
/**
 * The dynamic newsletter's status fallback (spec §7): published, then active, public, live,
 * approved, then any status. Our articles table allows only "publish" and "draft" (the list
 * accepts both spellings of published), so after "publish" the chain ends in "any status".
 */
export const DYNAMIC_STATUS_FALLBACK = ["publish", "any"] as const;

const newestFirst = sql`${articles.publishedDate} desc nulls last`;

const choiceColumns = {
  id: articles.id,
  title: articles.title,
  slug: articles.slug,
  excerpt: articles.excerpt,
  category: articles.category,
  status: articles.status,
  featuredImage: articles.featuredImage,
  publishedDate: articles.publishedDate,
};

export type ArticleChoice = {
  id: number;
  title: string;
  category: string;
  status: string;
  publishedDate: Date;
};

/** The 20 newest published articles offered in the manual newsletter dialog. */
export async function offeredArticles(db: DbOrTx): Promise<ArticleChoice[]> {
  return db
    .select({
      id: articles.id,
      title: articles.title,
      category: articles.category,
      status: articles.status,
      publishedDate: articles.publishedDate,
    })
    .from(articles)
    .where(eq(articles.status, "publish"))
    .orderBy(newestFirst, desc(articles.id))
    .limit(OFFERED_ARTICLES);
}

type ArticleRow = Awaited<ReturnType<typeof dynamicArticles>>[number];

/** The 3 newest published articles; if there are none, the 3 newest of any status. */
export async function dynamicArticles(db: DbOrTx) {
  for (const status of DYNAMIC_STATUS_FALLBACK) {
    const rows = await db
      .select(choiceColumns)
      .from(articles)
      // "Any status" never includes a scheduled article: it is not public before its minute.
      .where(status === "any" ? ne(articles.status, "scheduled") : eq(articles.status, status))
      .orderBy(newestFirst, desc(articles.id))
      .limit(DYNAMIC_ARTICLES);
    if (rows.length > 0) return rows;
  }
  return [];
}

/** The chosen published articles, in the order given; unknown ids and drafts are left out. */
export async function chosenArticles(db: DbOrTx, ids: readonly number[]): Promise<ArticleRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(choiceColumns)
    .from(articles)
    .where(sql`${inArray(articles.id, [...ids])} and ${eq(articles.status, "publish")}`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ArticleRow => Boolean(r));
}

export type ComposedNewsletter = {
  subject: string;
  html: string;
  text: string;
  articleIds: number[];
};

type ComposeInput = {
  kind: "manual" | "dynamic";
  articles: ArticleRow[];
  origin: string;
  storage: Storage;
  now?: Date;
};

/** The newsletter's HTML and plain text (templates: the unsubscribe link is a placeholder). */
export async function composeNewsletter(db: DbOrTx, input: ComposeInput): Promise<ComposedNewsletter> {
  const { origin, storage } = input;
  const now = input.now ?? new Date();
  const settings = await getSettings(db);
  const emailArticles: EmailArticle[] = [];
  for (const a of input.articles) {
    const url = `${origin}${articlePath(a)}`;
    emailArticles.push({
      title: a.title,
      excerpt: shortExcerpt(a.excerpt),
      url,
      label: urlLabel(url),
      category: a.category,
      dateLabel: formatLongDate(a.publishedDate),
      image: await emailImage(articleImageUrl(a.featuredImage, settings.defaultArticleImage), {
        origin,
        storage,
      }),
    });
  }
  const jobAds =
    input.kind === "dynamic"
      ? (await newsletterJobAds(db)).map((ad) => {
          const url = `${origin}${ad.path}`;
          return { ...ad, url, label: truncateLabel(`Detaljnije: ${ad.title}`) };
        })
      : null;
  const siteUrl = `${origin}/`;
  const first = input.articles[0]?.title ?? "";
  const props: NewsletterEmailProps = {
    siteName: settings.siteName,
    siteUrl,
    siteLabel: urlLabel(siteUrl),
    dateLabel: formatLongDate(now),
    preheader: first ? `${first} i druge vesti za balkanske vozače u Americi` : settings.siteDescription,
    intro:
      input.kind === "dynamic"
        ? "Pozdrav! Donosimo vam najnovije vesti sa sajta i izdvojene oglase za posao."
        : "Pozdrav! Izdvojili smo za vas najvažnije vesti iz zajednice balkanskih vozača u Americi.",
    articles: emailArticles,
    jobAds,
    jobsUrl: `${origin}/poslovi`,
    advertising: { text: ADVERTISING_TEXT, contact: settings.contactEmail },
    unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER,
  };
  const element = createElement(NewsletterEmail, props);
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: PLAIN_TEXT_OPTIONS }),
  ]);
  const subject =
    input.kind === "dynamic"
      ? `${settings.siteName}: nove vesti i poslovi – ${formatLongDate(now)}`
      : `${settings.siteName}: ${truncateLabel(first || "najnovije vesti", 80)}`;
  return { subject, html, text, articleIds: input.articles.map((a) => a.id) };
}
