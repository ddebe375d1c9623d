/**
 * The one rule of which articles the public sees (decision 192): an article is public when its
 * stored status is "publish". A draft and a scheduled article ("scheduled": a publish with a
 * future date, made live by the `articles:publish-scheduled` job at its minute) are absent from
 * every public page, list, feed, sitemap, search and newsletter. Every public query filters
 * with `articleIsPublic`, so a new public list cannot forget it.
 */
import { eq } from "drizzle-orm";
import { articles } from "~/db/schema";

export const articleIsPublic = eq(articles.status, "publish");
