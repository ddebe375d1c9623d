import { useEffect, useState } from "react";
import { data, useFetcher, useLocation, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { DataTable } from "~/components/admin/data-table";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import {
  ArticleFilters,
  articleColumns,
  DeleteArticleDialog,
} from "~/components/articles/article-list-parts";
import { Pagination } from "~/components/pagination";
import { ButtonLink } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import {
  type AdminArticleRow,
  deleteArticle,
  listAdminArticles,
  setArticlePopular,
} from "~/domain/articles/admin.server";
import { ARTICLE_PAGE_SIZE, parseArticleListQuery } from "~/domain/articles/list-query";
import { recordAudit } from "~/domain/audit/audit.server";
import { getSettings } from "~/domain/settings/settings.server";
import { requirePermission } from "~/http/auth.server";
import { failure, unknownIntent } from "~/http/errors";
import { readFlash } from "~/http/flash.server";
import { readIntent } from "~/http/intent";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { resultCountLine } from "~/lib/pagination";
import { ARTICLE_MESSAGES } from "~/messages/articles";
import { getDb } from "~/services.server";
import type { Route } from "./+types/articles";

export const meta: Route.MetaFunction = () => [{ title: "Članci — Admin panel" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewArticles");
  const url = new URL(request.url);
  const query = parseArticleListQuery(url.searchParams);
  const { flash, headers } = readFlash(request);
  const db = getDb();
  try {
    const [list, settings] = await Promise.all([listAdminArticles(db, query), getSettings(db)]);
    return data({ ...list, query, defaultImage: settings.defaultArticleImage, flash }, { headers });
  } catch (error) {
    // Spec §8: list load errors show an empty list with no message (the log has the error).
    logger.error({ err: error }, "article list could not be loaded");
    const empty = { rows: [], total: 0, totalIsEstimate: false, page: 1, totalPages: 1 };
    return data({ ...empty, query, defaultImage: null, flash }, { headers });
  }
}

/** 200 when the row was changed, 404 when there is no such article, 500 (logged) when the write failed. */
async function rowWrite(write: () => Promise<boolean>, what: string, id: number): Promise<200 | 404 | 500> {
  try {
    return (await write()) ? 200 : 404;
  } catch (error) {
    logger.error({ err: error, articleId: id }, what);
    return 500;
  }
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("popular"), id: z.unknown(), popular: z.unknown() }),
  z.object({ intent: z.literal("delete"), id: z.unknown() }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewArticles");
  const parsed = await readIntent(request, actionSchema);
  const id = parseId(parsed.values.id);
  if (!parsed.ok) return unknownIntent({ intent: parsed.intent, id });
  const { intent } = parsed.data;
  const db = getDb();
  const audit = (recordId: number | null, changes?: Record<string, [unknown, unknown]>) =>
    recordAudit(db, {
      actor: user,
      area: "articles",
      action: intent,
      recordId,
      ip: context.clientIp,
      changes,
    });
  if (intent === "popular") {
    const popular = parsed.data.popular === "true";
    const status =
      id === null
        ? 400
        : await rowWrite(() => setArticlePopular(db, id, popular), "popular flag not saved", id);
    if (status !== 200) return failure("article.popular_failed", { intent, id, status });
    await audit(id, { popular: [!popular, popular] });
    return data({ intent, id, ok: true as const, message: null });
  }
  const status = id === null ? 400 : await rowWrite(() => deleteArticle(db, id), "article delete failed", id);
  if (status !== 200) return failure("article.delete_failed", { intent, id, status });
  await audit(id);
  return data({ intent, id, ok: true as const, message: ARTICLE_MESSAGES.deleted });
}

export default function Articles({ loaderData }: Route.ComponentProps) {
  const { rows, total, totalIsEstimate, page, totalPages, query, defaultImage, flash } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const deleteFetcher = useFetcher<typeof action>({ key: "article-delete" });
  const [toDelete, setToDelete] = useState<AdminArticleRow | null>(null);
  const flashMessage = flash ? { ok: true, text: flash.message } : null;
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(flashMessage);
  // A new flash (each load brings its own object) replaces the message.
  useEffect(() => setMessage(flash ? { ok: true, text: flash.message } : null), [flash]);
  useEffect(() => {
    if (deleteFetcher.state === "idle" && deleteFetcher.data) {
      setMessage({ ok: deleteFetcher.data.ok, text: deleteFetcher.data.message ?? "" });
      setToDelete(null);
    }
  }, [deleteFetcher.state, deleteFetcher.data]);

  // The list's own query, kept when opening an edit and coming back.
  const from = searchParams.toString() ? `?${searchParams.toString()}` : "";
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const onFailed = (text: string) => setMessage({ ok: false, text });
  const deleting = deleteFetcher.state !== "idle";

  return (
    <div>
      <PageHeader
        title="Članci"
        description="Vesti i oglasi: pretraga, filteri, izmena i brisanje."
        actions={<ButtonLink to="/admin/articles/new">+ Novi članak</ButtonLink>}
      />
      {message?.text ? (
        <Notice tone={message.ok ? "success" : "error"} message={message.text} className="mb-4" />
      ) : null}
      <Card className="mb-4">
        <ArticleFilters query={query} />
      </Card>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600" data-testid="result-count" aria-live="polite">
          {resultCountLine(page, ARTICLE_PAGE_SIZE, total, { estimated: totalIsEstimate })}
        </p>
        {loading ? <span className="text-xs text-slate-500">Učitavanje…</span> : null}
      </div>
      <Card className={`overflow-hidden ${loading ? "opacity-60" : ""}`}>
        <DataTable
          caption="Članci"
          rows={rows}
          testId="article"
          empty="Nema članaka za izabrane filtere."
          columns={articleColumns({ defaultImage, from, deleting, onDelete: setToDelete, onFailed })}
        />
      </Card>
      <div className="mt-4">
        <Pagination page={page} totalPages={totalPages} label="Stranice članaka" />
      </div>
      <DeleteArticleDialog
        article={toDelete}
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={(article) =>
          deleteFetcher.submit(
            { intent: "delete", id: String(article.id) },
            { method: "post", action: "/admin/articles?index" },
          )
        }
      />
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
