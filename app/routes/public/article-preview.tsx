import { data, redirect } from "react-router";
import { ArticlePage } from "~/components/public/article-page";
import { getAdminArticle } from "~/domain/articles/admin.server";
import { checkPreviewLink } from "~/domain/articles/preview-link.server";
import { articlePath } from "~/domain/articles/slug";
import { formatDateTime } from "~/lib/dates";
import { getDb } from "~/services.server";
import type { Route } from "./+types/article-preview";
import { articlePageData } from "./article-page.server";

/**
 * "Pregled za deljenje" (decision 194): `/pregled/{id}/{expires}/{signature}` shows a draft or
 * scheduled article as its public page will look, with a "nije objavljeno" ribbon, to anyone
 * with the link until it expires. Never indexed (noindex header and meta), never cached
 * (`no-store`: the page cache keeps only public responses). Publishing the article revokes its
 * links, and such a link leads to the public page while the article stays public; a link revoked
 * otherwise (by hand, or the article moved back to draft: decision 291), wrong or expired is a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  const check = await checkPreviewLink(db, params);
  if (!check.ok && check.code === "revoked" && check.reason === "published") {
    const article = await getAdminArticle(db, check.articleId);
    if (article?.status === "publish") throw redirect(articlePath(article));
  }
  if (!check.ok) {
    throw data(
      {
        message:
          check.code === "expired"
            ? "Link za pregled je istekao."
            : check.code === "revoked"
              ? "Link za pregled je opozvan."
              : "Link za pregled nije ispravan.",
      },
      { status: 404, headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } },
    );
  }
  const article = await getAdminArticle(db, check.articleId);
  if (!article) throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  if (article.status === "publish") throw redirect(articlePath(article));
  const page = await articlePageData(db, request, article);
  return { ...page, status: article.status, expiresAt: check.expiresAt };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d ? `Pregled: ${d.article.title} — nije objavljeno` : "Pregled nije dostupan" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ArticlePreview({ loaderData }: Route.ComponentProps) {
  const { status, article } = loaderData;
  return (
    <>
      <div
        role="note"
        data-testid="preview-ribbon"
        className="bg-amber-400 px-4 py-2 text-center text-sm font-semibold text-slate-900"
      >
        Pregled — nije objavljeno.{" "}
        {status === "scheduled"
          ? `Zakazano za ${formatDateTime(article.publishedDate)} (vreme u Njujorku).`
          : "Članak je nacrt i posetioci ga ne vide."}
      </div>
      <ArticlePage loaderData={loaderData} />
    </>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
