import { useEffect, useRef, useState } from "react";
import {
  data,
  Form,
  Link,
  useFetcher,
  useLocation,
  useNavigation,
  useSearchParams,
  useSubmit,
} from "react-router";
import { DataTable } from "~/components/admin/data-table";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { ArticleThumb } from "~/components/articles/article-thumb";
import { ArticleStatusBadge } from "~/components/articles/status-badge";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Pagination } from "~/components/pagination";
import { Button, ButtonLink } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { ARTICLE_CATEGORIES } from "~/db/schema/article-values";
import {
  type AdminArticleRow,
  deleteArticle,
  listAdminArticles,
  setArticlePopular,
} from "~/domain/articles/admin.server";
import { ARTICLE_PAGE_SIZE, parseArticleListQuery } from "~/domain/articles/list-query";
import { ARTICLE_MESSAGES } from "~/domain/articles/messages";
import { recordAudit } from "~/domain/audit/audit.server";
import { getSettings } from "~/domain/settings/settings.server";
import { requirePermission } from "~/domain/users/auth.server";
import { formatDate } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { resultCountLine } from "~/lib/pagination";
import { getDb } from "~/services.server";
import type { Route } from "./+types/articles";

/** Spec §9: the list's search waits 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

export const meta: Route.MetaFunction = () => [{ title: "Članci — Admin panel" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewArticles");
  const url = new URL(request.url);
  const query = parseArticleListQuery(url.searchParams);
  const db = getDb();
  try {
    const [list, settings] = await Promise.all([listAdminArticles(db, query), getSettings(db)]);
    return {
      ...list,
      query,
      defaultImage: settings.defaultArticleImage,
      notice: url.searchParams.get("poruka"),
    };
  } catch (error) {
    // Spec §8: list load errors show an empty list with no message (the log has the error).
    logger.error({ err: error }, "article list could not be loaded");
    return {
      rows: [],
      total: 0,
      totalIsEstimate: false,
      page: 1,
      totalPages: 1,
      query,
      defaultImage: null,
      notice: null,
    };
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

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewArticles");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = parseId(form.get("id"));
  const db = getDb();
  if (intent === "popular") {
    const popular = form.get("popular") === "true";
    const status =
      id === null
        ? 400
        : await rowWrite(() => setArticlePopular(db, id, popular), "popular flag not saved", id);
    const ok = status === 200;
    if (ok) {
      await recordAudit(db, {
        actor: user,
        area: "articles",
        action: "popular",
        recordId: id,
        ip: context.clientIp,
        changes: { popular: [!popular, popular] },
      });
    }
    return data({ intent, id, ok, message: ok ? null : ARTICLE_MESSAGES.popularFailed }, { status });
  }
  if (intent === "delete") {
    const status =
      id === null ? 400 : await rowWrite(() => deleteArticle(db, id), "article delete failed", id);
    const ok = status === 200;
    if (ok)
      await recordAudit(db, {
        actor: user,
        area: "articles",
        action: "delete",
        recordId: id,
        ip: context.clientIp,
      });
    return data(
      { intent, id, ok, message: ok ? ARTICLE_MESSAGES.deleted : ARTICLE_MESSAGES.deleteFailed },
      { status },
    );
  }
  return data({ intent, id, ok: false, message: "Nepoznata akcija." }, { status: 400 });
}

const NOTICES: Record<string, string> = {
  "kreirano-objavljeno": ARTICLE_MESSAGES.createdPublished,
  "kreirano-nacrt": ARTICLE_MESSAGES.createdDraft,
  "sacuvano-objavljeno": ARTICLE_MESSAGES.savedPublished,
  "sacuvano-nacrt": ARTICLE_MESSAGES.savedDraft,
  "kreirano-zakazano": ARTICLE_MESSAGES.createdScheduled,
  "sacuvano-zakazano": ARTICLE_MESSAGES.savedScheduled,
  obrisano: ARTICLE_MESSAGES.deleted,
};

/** The popular checkbox saves in place; it shows the new state at once and the old one if saving failed. */
function PopularToggle({ article, onFailed }: { article: AdminArticleRow; onFailed: (m: string) => void }) {
  const fetcher = useFetcher<typeof action>({ key: `popular-${article.id}` });
  const pending = fetcher.formData ? fetcher.formData.get("popular") === "true" : null;
  const checked = pending ?? article.popular;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok && fetcher.data.message) {
      onFailed(fetcher.data.message);
    }
  }, [fetcher.state, fetcher.data, onFailed]);
  return (
    <input
      type="checkbox"
      className="size-5 cursor-pointer accent-brand-600"
      aria-label={`Popularan: ${article.title}`}
      checked={checked}
      onChange={(event) =>
        fetcher.submit(
          { intent: "popular", id: String(article.id), popular: String(event.currentTarget.checked) },
          { method: "post", action: "/admin/articles?index" },
        )
      }
    />
  );
}

function RowActions({
  article,
  from,
  onDelete,
  busy,
}: {
  article: AdminArticleRow;
  from: string;
  onDelete: (a: AdminArticleRow) => void;
  busy: boolean;
}) {
  return (
    <>
      <ButtonLink size="sm" variant="secondary" to={`/admin/articles/${article.id}`}>
        Pogledaj
      </ButtonLink>
      <ButtonLink
        size="sm"
        variant="secondary"
        to={`/admin/articles/edit/${article.id}${from ? `?from=${encodeURIComponent(from)}` : ""}`}
      >
        Izmeni
      </ButtonLink>
      <Button size="sm" variant="danger" disabled={busy} onClick={() => onDelete(article)}>
        Obriši
      </Button>
    </>
  );
}

function Filters({ query }: { query: Route.ComponentProps["loaderData"]["query"] }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [q, setQ] = useState(query.q);
  // Back/forward or a link changes the URL: the box follows it.
  useEffect(() => setQ(query.q), [query.q]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  /** Submits the filters without empty values and without the page (a new filter starts at page 1). */
  function apply(replace: boolean) {
    if (!formRef.current) return;
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(formRef.current)) {
      if (typeof value === "string" && value.trim() !== "") params.set(key, value.trim());
    }
    submit(params, { method: "get", action: "/admin/articles", replace, preventScrollReset: true });
  }

  return (
    <Form
      ref={formRef}
      method="get"
      action="/admin/articles"
      role="search"
      className="grid gap-3 p-4 sm:grid-cols-2 xl:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        if (timer.current) clearTimeout(timer.current);
        apply(false);
      }}
    >
      <Input
        aria-label="Pretraga članaka"
        className="sm:col-span-2 xl:col-span-1"
        type="search"
        name="q"
        value={q}
        maxLength={200}
        placeholder="Pretražite više od 4000 članaka po naslovu, sadržaju ili autoru…"
        onChange={(event) => {
          setQ(event.currentTarget.value);
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => apply(true), SEARCH_DEBOUNCE_MS);
        }}
      />
      <Select
        aria-label="Status"
        name="status"
        defaultValue={
          query.status === "publish"
            ? "published"
            : query.status === "scheduled"
              ? "zakazano"
              : (query.status ?? "")
        }
        key={`s-${query.status}`}
        onChange={() => apply(false)}
      >
        <option value="">Svi statusi</option>
        <option value="published">Objavljeni</option>
        <option value="draft">Nacrti</option>
        <option value="zakazano">Zakazani</option>
      </Select>
      <Select
        aria-label="Kategorija"
        name="category"
        defaultValue={query.category ?? ""}
        key={`c-${query.category}`}
        onChange={() => apply(false)}
      >
        <option value="">Sve kategorije</option>
        {ARTICLE_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </Select>
      <Select
        aria-label="Popularni"
        name="popular"
        defaultValue={query.popular ?? ""}
        key={`p-${query.popular}`}
        onChange={() => apply(false)}
      >
        <option value="">Popularni: svi</option>
        <option value="yes">Popularni: da</option>
        <option value="no">Popularni: ne</option>
      </Select>
      <Button type="submit" variant="secondary">
        Pretraži
      </Button>
    </Form>
  );
}

export default function Articles({ loaderData }: Route.ComponentProps) {
  const { rows, total, totalIsEstimate, page, totalPages, query, defaultImage, notice } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const deleteFetcher = useFetcher<typeof action>({ key: "article-delete" });
  const [toDelete, setToDelete] = useState<AdminArticleRow | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(
    notice && NOTICES[notice] ? { ok: true, text: NOTICES[notice] } : null,
  );
  useEffect(() => {
    setMessage(notice && NOTICES[notice] ? { ok: true, text: NOTICES[notice] } : null);
  }, [notice]);
  useEffect(() => {
    if (deleteFetcher.state === "idle" && deleteFetcher.data) {
      setMessage({ ok: deleteFetcher.data.ok, text: deleteFetcher.data.message ?? "" });
      setToDelete(null);
    }
  }, [deleteFetcher.state, deleteFetcher.data]);

  // The list's own query (without the one-time notice), kept when opening an edit and coming back.
  const listParams = new URLSearchParams(searchParams);
  listParams.delete("poruka");
  const from = listParams.toString() ? `?${listParams.toString()}` : "";
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
        <Filters query={query} />
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
          rowKey={(a) => a.id}
          testId="article"
          empty="Nema članaka za izabrane filtere."
          columns={[
            {
              key: "article",
              header: "Članak",
              mobile: "title",
              cell: (a) => (
                <div className="flex items-center gap-3">
                  <ArticleThumb src={a.featuredImage} fallback={defaultImage} />
                  <div className="min-w-0">
                    <Link
                      to={`/admin/articles/${a.id}`}
                      className="line-clamp-2 font-medium text-slate-900 hover:underline"
                    >
                      {a.title}
                    </Link>
                    <p className="mt-0.5 text-xs font-normal text-slate-500">
                      {a.author || "—"} · ID {a.id}
                    </p>
                  </div>
                </div>
              ),
            },
            {
              key: "status",
              header: "Status",
              mobile: "badge",
              cell: (a) => <ArticleStatusBadge status={a.status} date={a.publishedDate} />,
            },
            { key: "category", header: "Kategorija", cell: (a) => a.category },
            {
              key: "popular",
              header: "Popularan",
              cell: (a) => <PopularToggle article={a} onFailed={onFailed} />,
            },
            {
              key: "date",
              header: "Datum",
              className: "whitespace-nowrap",
              cell: (a) => formatDate(a.publishedDate),
            },
            {
              key: "actions",
              header: "Akcije",
              align: "right",
              mobile: "actions",
              cell: (a) => <RowActions article={a} from={from} onDelete={setToDelete} busy={deleting} />,
            },
          ]}
        />
      </Card>
      <div className="mt-4">
        <Pagination page={page} totalPages={totalPages} label="Stranice članaka" />
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        tone="danger"
        title="Brisanje članka"
        description={
          toDelete ? (
            <>
              {ARTICLE_MESSAGES.deleteConfirm}
              <br />
              <strong className="mt-2 block">{toDelete.title}</strong>
            </>
          ) : null
        }
        confirmLabel="Obriši"
        busy={deleting}
        onConfirm={() =>
          toDelete &&
          deleteFetcher.submit(
            { intent: "delete", id: String(toDelete.id) },
            { method: "post", action: "/admin/articles?index" },
          )
        }
      />
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
