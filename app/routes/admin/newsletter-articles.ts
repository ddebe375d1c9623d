import { dynamicArticles, offeredArticles } from "~/domain/newsletter/content.server";
import { newsletterJobAds } from "~/domain/newsletter/job-ads.server";
import { requirePermission } from "~/http/auth.server";
import { logger } from "~/lib/logger.server";
import { NEWSLETTER_MESSAGES } from "~/messages/newsletter";
import { getDb } from "~/services.server";
import type { Route } from "./+types/newsletter-articles";

/**
 * What the newsletter dialogs offer: the 20 newest published articles (manual), or the dynamic
 * newsletter's 3 articles and 3 job ads (`?tip=dinamicki`).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewNewsletter");
  const dynamic = new URL(request.url).searchParams.get("tip") === "dinamicki";
  const db = getDb();
  try {
    if (dynamic) {
      const [rows, jobAds] = await Promise.all([dynamicArticles(db), newsletterJobAds(db)]);
      return {
        ok: true,
        articles: rows.map((r) => ({
          id: r.id,
          title: r.title,
          category: r.category,
          publishedDate: r.publishedDate,
        })),
        jobAds: jobAds.map(({ title, company, location, pay }) => ({ title, company, location, pay })),
      };
    }
    return { ok: true, articles: await offeredArticles(db) };
  } catch (error) {
    logger.error({ err: error }, "newsletter articles could not be loaded");
    return { ok: false, message: NEWSLETTER_MESSAGES.loadArticlesFailed, articles: [] };
  }
}
