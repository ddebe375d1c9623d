import { buildRss } from "~/domain/articles/feeds";
import { absoluteUrl, articleImageUrl } from "~/domain/articles/image-url";
import { feedArticles } from "~/domain/articles/public.server";
import { articlePath } from "~/domain/articles/slug";
import { transliteratorFor } from "~/domain/cyrillic/transliterate";
import { HTML_LANG, urlInScript } from "~/domain/cyrillic/urls";
import { getCachedSettings } from "~/domain/settings/cache.server";
import { publicOrigin } from "~/http/public-origin.server";
import { FEED_CACHE } from "~/lib/http-cache";
import { getDb } from "~/services.server";
import type { Route } from "./+types/rss";

/**
 * `/rss.xml`: the 50 newest published articles, RSS 2.0. `/cir/rss.xml` is the same feed in
 * Cyrillic, its links to the Cyrillic pages (docs/decisions/210); the Latin feed shows an article
 * written in Cyrillic in Latin.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb();
  const [settings, rows] = await Promise.all([getCachedSettings(db), feedArticles(db)]);
  const script = context.script ?? "lat";
  const t = transliteratorFor(settings.latinOnlyWords);
  const text = script === "cir" ? t.toCyrillic : t.toLatin;
  const origin = publicOrigin(request);
  const url = (path: string) => urlInScript(`${origin}${path}`, script);
  const xml = buildRss(
    {
      title: text(settings.siteName),
      url: url("/"),
      feedUrl: url("/rss.xml"),
      description: text(settings.siteDescription),
      language: HTML_LANG[script],
    },
    rows.map((a) => {
      const image = articleImageUrl(a.featuredImage, settings.defaultArticleImage);
      return {
        title: text(a.title),
        url: url(articlePath(a)),
        description: text(a.excerpt),
        category: text(a.category),
        author: text(a.author),
        publishedDate: a.publishedDate,
        imageUrl: image ? absoluteUrl(image, origin) : null,
      };
    }),
  );
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": FEED_CACHE },
  });
}
