/**
 * The data of the public article page, for the page itself and for its shareable preview
 * (decision 194): the sanitised body, canonical and share URLs, the sidebar banners and more
 * from the category.
 */
import type { DbOrTx } from "~/db/client.server";
import { absoluteUrl, resolveImageUrl, shareImageUrl } from "~/domain/articles/image-url";
import type { PublicArticle } from "~/domain/articles/public.server";
import { sanitizeArticleHtml } from "~/domain/articles/sanitize";
import { articlePath } from "~/domain/articles/slug";
import { loadPageBanners } from "~/domain/banners/placement.server";
import { responsiveImagesInHtml } from "~/domain/media/responsive";
import { getCachedSettings } from "~/domain/settings/cache.server";
import { publicOrigin } from "~/http/public-origin.server";
import { cachedRelated } from "./shared-reads.server";

/** The body column: at most 800 px wide from 1024 px (the featured image's `sizes`), the screen below. */
const BODY_IMAGE_SIZES = "(min-width: 1024px) 800px, 100vw";

export async function articlePageData(db: DbOrTx, request: Request, article: PublicArticle) {
  const page = article.category === "Oglasi" ? "oglasi" : "vesti";
  const [settings, related, banners] = await Promise.all([
    getCachedSettings(db),
    cachedRelated(db, article),
    loadPageBanners(db, page),
  ]);
  const origin = publicOrigin(request);
  const defaultImage = resolveImageUrl(settings.defaultArticleImage);
  return {
    article: {
      ...article,
      content: responsiveImagesInHtml(sanitizeArticleHtml(article.content), BODY_IMAGE_SIZES),
    },
    canonicalUrl: `${origin}${articlePath(article)}`,
    imageUrl: (() => {
      const url = shareImageUrl(article.featuredImage, settings.defaultArticleImage);
      return url ? absoluteUrl(url, origin) : null;
    })(),
    siteName: settings.siteName,
    logoUrl: `${origin}/favicon.svg`,
    defaultImage,
    related,
    sidebarPosition: `${page}-sidebar`,
    sidebarBanners: banners[`${page}-sidebar`] ?? [],
  };
}
