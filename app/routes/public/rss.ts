import { buildRss } from "~/domain/articles/feeds";
import { absoluteUrl, articleImageUrl } from "~/domain/articles/image-url";
import { feedArticles } from "~/domain/articles/public.server";
import { articlePath } from "~/domain/articles/slug";
import { getSettings } from "~/domain/settings/settings.server";
import { publicOrigin } from "~/http/public-origin.server";
import { FEED_CACHE } from "~/lib/http-cache";
import { getDb } from "~/services.server";
import type { Route } from "./+types/rss";

/** `/rss.xml`: the 50 newest published articles, RSS 2.0. */
export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const [settings, rows] = await Promise.all([getSettings(db), feedArticles(db)]);
  const origin = publicOrigin(request);
  const xml = buildRss(
    {
      title: settings.siteName,
      url: `${origin}/`,
      feedUrl: `${origin}/rss.xml`,
      description: settings.siteDescription,
    },
    rows.map((a) => {
      const image = articleImageUrl(a.featuredImage, settings.defaultArticleImage);
      return {
        title: a.title,
        url: `${origin}${articlePath(a)}`,
        description: a.excerpt,
        category: a.category,
        author: a.author,
        publishedDate: a.publishedDate,
        imageUrl: image ? absoluteUrl(image, origin) : null,
      };
    }),
  );
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": FEED_CACHE },
  });
}
