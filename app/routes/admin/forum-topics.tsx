import { useEffect, useState } from "react";
import { data, Link, redirect, useLocation } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { Card } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { ConfirmDialog } from "~/components/confirm-dialog";
import {
  BulkBar,
  ForumStatusBadge,
  ItemActions,
  ItemDialog,
  ModerationSearch,
  StatusTabs,
  useModerationFetcher,
  useOpenHref,
  useRowSelection,
  VoteCounts,
} from "~/components/forum/moderation-ui";
import { Pagination } from "~/components/pagination";
import { Notice } from "~/components/ui/notice";
import { VisitorText } from "~/components/visitor-text";
import { ADMIN_FORUM_PAGE_SIZE, FORUM_MESSAGES } from "~/domain/forum/constants";
import {
  type AdminTopicRow,
  getAdminTopic,
  listAdminTopics,
  moderationAction,
  topicStatusCounts,
} from "~/domain/forum/moderation.server";
import { COMMENT_FORMS, countOf, statusTab } from "~/domain/forum/rules";
import { searchParam } from "~/domain/forum/search";
import { requirePermission } from "~/domain/users/auth.server";
import { formatDateTime } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { parsePage, resultCountLine, totalPagesOf } from "~/lib/pagination";
import { getDb } from "~/services.server";
import type { Route } from "./+types/forum-topics";
import { auditForumModeration } from "./moderation-audit.server";

export const meta: Route.MetaFunction = () => [{ title: "Teme foruma — Admin panel" }];

/**
 * `/admin/forum/topics`: topics by status (pending by default), searched and paged in SQL, with the
 * spec §4 status actions, bulk approve/reject, delete and the full text (`?otvori={id}`).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewForum");
  const url = new URL(request.url);
  const tab = statusTab(url.searchParams.get("status"));
  const search = searchParam(url.searchParams.get("q"));
  const page = parsePage(url.searchParams.get("page"));
  const openId = parseId(url.searchParams.get("otvori"));
  const db = getDb();
  try {
    const [counts, list, opened] = await Promise.all([
      topicStatusCounts(db),
      listAdminTopics(db, { status: tab.status === "all" ? undefined : tab.status, search, page }),
      openId ? getAdminTopic(db, openId) : null,
    ]);
    const totalPages = totalPagesOf(list.total, ADMIN_FORUM_PAGE_SIZE);
    if (page > totalPages) {
      // After a bulk action the last page may be gone: show the new last page.
      url.searchParams.set("page", String(totalPages));
      throw redirect(`${url.pathname}?${url.searchParams}`);
    }
    return { tab, search, page, counts, rows: list.rows, total: list.total, opened, loadError: null };
  } catch (error) {
    if (error instanceof Response) throw error;
    // Decision 072: the spec swallows forum load errors; we log and say so.
    logger.error({ err: error }, "forum topics load failed");
    return {
      tab,
      search,
      page,
      counts: { all: 0, pending: 0, approved: 0, rejected: 0 },
      rows: [] as AdminTopicRow[],
      total: 0,
      opened: null,
      loadError: FORUM_MESSAGES.loadFailed,
    };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewForum");
  const form = await request.formData();
  const { status, reply } = await moderationAction(getDb(), "topic", form);
  if (status < 300) await auditForumModeration(form, { user, kind: "topic", ip: context.clientIp });
  return data(reply, { status });
}

function CommentsCell({ row }: { row: { id: number; commentCount: number; pendingComments: number } }) {
  return (
    <Link to={`/admin/forum/comments?status=sve&tema=${row.id}`} className="text-brand-700 hover:underline">
      {countOf(row.commentCount, COMMENT_FORMS)}
      {row.pendingComments > 0 ? (
        <span className="text-amber-700"> ({row.pendingComments} na čekanju)</span>
      ) : null}
    </Link>
  );
}

export default function ForumTopics({ loaderData }: Route.ComponentProps) {
  const { tab, search, page, counts, rows, total, opened, loadError } = loaderData;
  const location = useLocation();
  const listKey = new URLSearchParams(location.search);
  listKey.delete("otvori");
  const moderation = useModerationFetcher("forum-topics");
  const rowSelection = useRowSelection(listKey.toString());
  const [toDelete, setToDelete] = useState<{ id: number; title: string; comments: number } | null>(null);
  const openHref = useOpenHref();
  const ids = rows.map((r) => r.id);

  const { notice, clearNotice } = moderation;
  const { clear } = rowSelection;
  const openedId = opened?.id;
  // A newly opened item starts without the previous item's message.
  useEffect(() => {
    if (openedId !== undefined) clearNotice();
  }, [openedId, clearNotice]);
  useEffect(() => {
    if (notice?.ok) {
      clear();
      setToDelete(null);
    }
  }, [notice, clear]);

  const columns: Column<AdminTopicRow>[] = [
    {
      key: "title",
      header: "Tema",
      mobile: "title",
      className: "min-w-[14rem]",
      cell: (r) => (
        <div>
          <Link to={openHref(r.id)} preventScrollReset className="font-medium text-slate-900 hover:underline">
            {r.title}
          </Link>
          {r.preview ? <p className="mt-1 text-xs font-normal text-slate-500">{r.preview}</p> : null}
        </div>
      ),
    },
    {
      key: "author",
      header: "Autor",
      cell: (r) => (
        <div>
          <div>{r.author}</div>
          {r.companyName ? <div className="text-xs text-slate-500">{r.companyName}</div> : null}
          <div className="whitespace-nowrap text-xs text-slate-500">{formatDateTime(r.createdAt)}</div>
        </div>
      ),
    },
    {
      key: "activity",
      header: "Komentari i glasovi",
      mobileLabel: "Komentari",
      cell: (r) => (
        <div className="space-y-1">
          <CommentsCell row={r} />
          <div>
            <VoteCounts likes={r.likes} dislikes={r.dislikes} />
          </div>
        </div>
      ),
    },
    { key: "status", header: "Status", mobile: "badge", cell: (r) => <ForumStatusBadge status={r.status} /> },
    {
      key: "actions",
      header: "Akcije",
      align: "right",
      mobile: "actions",
      cell: (r) => (
        <ItemActions
          status={r.status}
          busy={moderation.busyIds.has(r.id)}
          onAction={(action) => moderation.setStatus([r.id], action)}
          onDelete={() => setToDelete({ id: r.id, title: r.title, comments: r.commentCount })}
        />
      ),
    },
  ];

  return (
    <div>
      <div className="mb-4 space-y-2">
        <Notice tone="error" message={loadError} />
        {notice ? <Notice tone={notice.ok ? "success" : "error"} message={notice.message} /> : null}
      </div>
      <StatusTabs current={tab} counts={counts} label="Status tema" />
      <ModerationSearch
        search={search}
        placeholder="Pretražite naslov i tekst…"
        keep={{ status: tab.value === "na-cekanju" ? undefined : tab.value }}
      />
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {resultCountLine(page, ADMIN_FORUM_PAGE_SIZE, total)}
      </p>
      <Card className="overflow-hidden">
        <BulkBar
          ids={ids}
          selected={rowSelection.selected}
          busy={moderation.busy}
          noun="teme"
          onSelectAll={() => rowSelection.selectAll(ids)}
          onClear={rowSelection.clear}
          onAction={(action) => moderation.setStatus([...rowSelection.selected], action)}
        />
        <DataTable
          caption="Teme foruma"
          rows={rows}
          rowKey={(r) => r.id}
          testId="forum-topic"
          empty={search ? "Nema tema za ovu pretragu." : "Nema tema u ovoj grupi."}
          selection={{ ...rowSelection.selection, label: (id) => `Izaberi temu ${id}` }}
          columns={columns}
        />
      </Card>
      <div className="mt-4">
        <Pagination page={page} totalPages={totalPagesOf(total, ADMIN_FORUM_PAGE_SIZE)} />
      </div>

      {opened ? (
        <ItemDialog title={opened.title}>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <ForumStatusBadge status={opened.status} />
            <span>
              {opened.author}
              {opened.companyName ? ` · ${opened.companyName}` : ""} · {formatDateTime(opened.createdAt)}
            </span>
          </p>
          {notice ? (
            <Notice className="mt-3" tone={notice.ok ? "success" : "error"} message={notice.message} />
          ) : null}
          <VisitorText text={opened.content} className="mt-4 text-sm leading-relaxed text-slate-800" />
          <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            <VoteCounts likes={opened.likes} dislikes={opened.dislikes} />
            <Link
              to={`/admin/forum/comments?status=sve&tema=${opened.id}`}
              className="font-medium text-brand-700 hover:underline"
            >
              {countOf(opened.commentCount, COMMENT_FORMS)}
              {opened.pendingComments > 0 ? ` (${opened.pendingComments} na čekanju)` : ""}
            </Link>
            {opened.status === "approved" ? (
              <a
                href={`/forum/${opened.id}`}
                target="_blank"
                rel="noopener"
                className="text-brand-700 hover:underline"
              >
                Otvori na sajtu ↗
              </a>
            ) : null}
          </p>
          <div className="mt-5 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
            <ItemActions
              status={opened.status}
              busy={moderation.busy}
              onAction={(action) => moderation.setStatus([opened.id], action)}
              onDelete={() =>
                setToDelete({ id: opened.id, title: opened.title, comments: opened.commentCount })
              }
            />
          </div>
        </ItemDialog>
      ) : null}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        tone="danger"
        title="Brisanje teme"
        description={
          toDelete ? (
            <>
              Da li ste sigurni da želite da obrišete temu <strong>{toDelete.title}</strong>?{" "}
              {toDelete.comments > 0
                ? `Sa njom se briše i ${countOf(toDelete.comments, COMMENT_FORMS)}. `
                : "Tema nema komentara. "}
              Ova akcija se ne može poništiti.
            </>
          ) : null
        }
        confirmLabel="Obriši"
        busy={moderation.busy}
        onConfirm={() => toDelete && moderation.remove(toDelete.id)}
      />
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
