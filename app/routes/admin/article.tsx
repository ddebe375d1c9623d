import { type ReactNode, useState } from "react";
import { Link, useFetcher } from "react-router";
import { z } from "zod";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { CleanArticleHtml } from "~/components/articles/article-body";
import { ArticleThumb } from "~/components/articles/article-thumb";
import { ArticleStatusBadge } from "~/components/articles/status-badge";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { deleteArticle, getAdminArticle } from "~/domain/articles/admin.server";
import { sanitizeArticleHtml } from "~/domain/articles/sanitize";
import { articlePath } from "~/domain/articles/slug";
import { recordAudit } from "~/domain/audit/audit.server";
import { getSettings } from "~/domain/settings/settings.server";
import { requirePermission } from "~/http/auth.server";
import { failure, unknownIntent } from "~/http/errors";
import { redirectWithFlash } from "~/http/flash.server";
import { readIntent } from "~/http/intent";
import { formatDateTime } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { ARTICLE_MESSAGES } from "~/messages/articles";
import { getDb } from "~/services.server";
import type { Route } from "./+types/article";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.article.title ?? "Članak"} — Admin panel` },
];

function idOf(params: { id?: string }): number {
  const id = parseId(params.id);
  if (id === null) throw failure("article.not_found");
  return id;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "canViewArticles");
  const id = idOf(params);
  const db = getDb();
  const [article, settings] = await Promise.all([getAdminArticle(db, id), getSettings(db)]);
  if (!article) throw failure("article.not_found");
  return {
    article: { ...article, content: sanitizeArticleHtml(article.content) },
    publicPath: articlePath(article),
    defaultImage: settings.defaultArticleImage,
  };
}

const actionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("delete") })]);

/** Delete from the admin view; on success back to the list, on failure the spec's message. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewArticles");
  const id = idOf(params);
  const parsed = await readIntent(request, actionSchema);
  if (!parsed.ok) return unknownIntent();
  let deleted: boolean;
  try {
    deleted = await deleteArticle(getDb(), id);
  } catch (error) {
    logger.error({ err: error, articleId: id }, "article delete failed");
    return failure("article.delete_failed");
  }
  if (deleted) {
    await recordAudit(getDb(), {
      actor: user,
      area: "articles",
      action: "delete",
      recordId: id,
      ip: context.clientIp,
    });
    return redirectWithFlash(request, "/admin/articles", "article.deleted");
  }
  return failure("article.delete_failed", { status: 404 });
}

type Article = Route.ComponentProps["loaderData"]["article"];

/** A labelled line of the side cards. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p>
      <span className="font-medium text-slate-700">{label}: </span>
      {children}
    </p>
  );
}

/** The public link (and whether visitors see it yet), author, date, views and tags. */
function ArticleFacts({ article, publicPath }: { article: Article; publicPath: string }) {
  return (
    <Card className="space-y-3 p-5 text-sm">
      <Fact label="Javni link">
        <a
          href={publicPath}
          target="_blank"
          rel="noreferrer"
          className="break-all text-brand-700 hover:underline"
          data-testid="public-link"
        >
          {publicPath}
        </a>
      </Fact>
      {article.status === "draft" ? (
        <p className="text-xs text-amber-800">Nacrt nije vidljiv posetiocima dok se ne objavi.</p>
      ) : null}
      {article.status === "scheduled" ? (
        <p className="text-xs text-sky-800">
          Zakazan: posetioci ga vide od {formatDateTime(article.publishedDate)} (vreme u Njujorku).
        </p>
      ) : null}
      <Fact label="Autor">{article.author || "—"}</Fact>
      <Fact label="Datum objave">{formatDateTime(article.publishedDate)}</Fact>
      <Fact label="Pregledi">{new Intl.NumberFormat("sr-Latn").format(article.views)}</Fact>
      {article.tags.length ? (
        <div className="flex flex-wrap gap-1">
          {article.tags.map((t) => (
            <Badge key={t} tone="brand">
              {t}
            </Badge>
          ))}
        </div>
      ) : null}
    </Card>
  );
}

/** What search engines get: meta title and description (or their defaults) and the slug. */
function SeoFacts({ article }: { article: Article }) {
  return (
    <Card className="space-y-2 p-5 text-sm">
      <h2 className="font-semibold text-slate-900">SEO</h2>
      <Fact label="Meta naslov">{article.metaTitle || article.title}</Fact>
      <Fact label="Meta opis">{article.metaDescription || article.excerpt}</Fact>
      <Fact label="Slug">{article.slug || "—"}</Fact>
    </Card>
  );
}

export default function ArticleView({ loaderData }: Route.ComponentProps) {
  const { article, publicPath, defaultImage } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const [confirming, setConfirming] = useState(false);
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link to="/admin/articles" className="text-brand-700 hover:underline">
          ‹ Nazad na članke
        </Link>
      </p>
      <PageHeader
        title={article.title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <ArticleStatusBadge status={article.status} date={article.publishedDate} />
            <Badge>{article.category}</Badge>
            {article.featured ? <Badge tone="brand">Istaknut</Badge> : null}
            {article.popular ? <Badge tone="info">Popularan</Badge> : null}
            <span>ID {article.id}</span>
          </span>
        }
        actions={
          <div className="flex shrink-0 gap-2">
            <ButtonLink to={`/admin/articles/edit/${article.id}`}>Izmeni</ButtonLink>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Obriši
            </Button>
          </div>
        }
      />
      <Notice tone="error" message={failed} className="mb-4" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card className="p-5 sm:p-8">
          <p className="mb-4 text-lg text-slate-700">{article.excerpt}</p>
          <CleanArticleHtml html={article.content} />
        </Card>
        <div className="space-y-4">
          <ArticleFacts article={article} publicPath={publicPath} />
          <Card className="p-5">
            <ArticleThumb
              src={article.featuredImage}
              fallback={defaultImage}
              className="aspect-video size-auto w-full"
            />
          </Card>
          <SeoFacts article={article} />
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="danger"
        title="Brisanje članka"
        description={ARTICLE_MESSAGES.deleteConfirm}
        confirmLabel="Obriši"
        busy={fetcher.state !== "idle"}
        onConfirm={() => {
          setConfirming(false);
          fetcher.submit({ intent: "delete" }, { method: "post" });
        }}
      />
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
