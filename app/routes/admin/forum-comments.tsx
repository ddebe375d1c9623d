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
  type AdminCommentRow,
  commentStatusCounts,
  getAdminComment,
  listAdminComments,
  moderationAction,
  topicTitle,
} from "~/domain/forum/moderation.server";
import { statusTab } from "~/domain/forum/rules";
import { searchParam } from "~/domain/forum/search";
import { requirePermission } from "~/domain/users/auth.server";
import { formatDateTime } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { parsePage, resultCountLine, totalPagesOf } from "~/lib/pagination";
import { getDb } from "~/services.server";
import type { Route } from "./+types/forum-comments";
import { auditForumModeration } from "./moderation-audit.server";

export const meta: Route.MetaFunction = () => [{ title: "Komentari foruma — Admin panel" }];

/**
 * `/admin/forum/comments`: comments by status (pending by default), optionally of one topic
 * (`?tema={id}`), searched and paged in SQL, with the spec §4 status actions, bulk approve/reject,
 * delete and the full text (`?otvori={id}`).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewForum");
  const url = new URL(request.url);
  const tab = statusTab(url.searchParams.get("status"));
  const search = searchParam(url.searchParams.get("q"));
  const page = parsePage(url.searchParams.get("page"));
  const openId = parseId(url.searchParams.get("otvori"));
  const topicId = parseId(url.searchParams.get("tema"));
  const db = getDb();
  try {
    const [counts, list, opened, topic] = await Promise.all([
      commentStatusCounts(db),
      listAdminComments(db, { status: tab.status === "all" ? undefined : tab.status, search, topicId, page }),
      openId ? getAdminComment(db, openId) : null,
      topicId ? topicTitle(db, topicId) : null,
    ]);
    const totalPages = totalPagesOf(list.total, ADMIN_FORUM_PAGE_SIZE);
    if (page > totalPages) {
      url.searchParams.set("page", String(totalPages));
      throw redirect(`${url.pathname}?${url.searchParams}`);
    }
    return {
      tab,
      search,
      page,
      counts,
      rows: list.rows,
      total: list.total,
      opened,
      topic: topicId && topic !== null ? { id: topicId, title: topic } : null,
      loadError: null,
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    // Decision 072: the spec swallows forum load errors; we log and say so.
    logger.error({ err: error }, "forum comments load failed");
    return {
      tab,
      search,
      page,
      counts: { all: 0, pending: 0, approved: 0, rejected: 0 },
      rows: [] as AdminCommentRow[],
      total: 0,
      opened: null,
      topic: null,
      loadError: FORUM_MESSAGES.loadFailed,
    };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewForum");
  const form = await request.formData();
  const { status, reply } = await moderationAction(getDb(), "comment", form);
  if (status < 300) await auditForumModeration(form, { user, kind: "comment", ip: context.clientIp });
  return data(reply, { status });
}

function TopicCell({ row }: { row: Pick<AdminCommentRow, "topicId" | "topicTitle" | "topicStatus"> }) {
  return (
    <div>
      <Link
        to={`/admin/forum/topics?status=sve&otvori=${row.topicId}`}
        className="text-brand-700 hover:underline"
      >
        {row.topicTitle}
      </Link>
      {row.topicStatus !== "approved" ? (
        <div className="mt-1">
          <span className="text-xs text-slate-500">Tema: </span>
          <ForumStatusBadge status={row.topicStatus} />
        </div>
      ) : null}
    </div>
  );
}

export default function ForumComments({ loaderData }: Route.ComponentProps) {
  const { tab, search, page, counts, rows, total, opened, topic, loadError } = loaderData;
  const location = useLocation();
  const listKey = new URLSearchParams(location.search);
  listKey.delete("otvori");
  const moderation = useModerationFetcher("forum-comments");
  const rowSelection = useRowSelection(listKey.toString());
  const [toDelete, setToDelete] = useState<{ id: number; preview: string } | null>(null);
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

  const columns: Column<AdminCommentRow>[] = [
    {
      key: "content",
      header: "Komentar",
      mobile: "title",
      className: "min-w-[16rem]",
      cell: (r) => (
        <Link to={openHref(r.id)} preventScrollReset className="font-normal text-slate-900 hover:underline">
          {r.preview}
        </Link>
      ),
    },
    {
      key: "author",
      header: "Autor",
      mobileLabel: "Autor",
      cell: (r) => (
        <div>
          <div>{r.author}</div>
          <div className="whitespace-nowrap text-xs text-slate-500">{formatDateTime(r.createdAt)}</div>
          <div className="mt-1 text-xs text-slate-600">
            <VoteCounts likes={r.likes} dislikes={r.dislikes} />
          </div>
        </div>
      ),
    },
    { key: "topic", header: "Tema", className: "min-w-[10rem]", cell: (r) => <TopicCell row={r} /> },
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
          onDelete={() => setToDelete({ id: r.id, preview: r.preview })}
        />
      ),
    },
  ];

  const withoutTopic = new URLSearchParams(listKey);
  withoutTopic.delete("tema");
  withoutTopic.delete("page");

  return (
    <div>
      <div className="mb-4 space-y-2">
        <Notice tone="error" message={loadError} />
        {notice ? <Notice tone={notice.ok ? "success" : "error"} message={notice.message} /> : null}
      </div>
      {topic ? (
        <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span>
            Komentari teme <strong className="break-words">{topic.title}</strong>
          </span>
          <Link
            to={`/admin/forum/comments${withoutTopic.size > 0 ? `?${withoutTopic}` : ""}`}
            className="font-medium text-brand-700 underline"
          >
            Svi komentari
          </Link>
        </p>
      ) : null}
      <StatusTabs current={tab} counts={counts} label="Status komentara" />
      <ModerationSearch
        search={search}
        placeholder="Pretražite tekst i autora…"
        keep={{
          status: tab.value === "na-cekanju" ? undefined : tab.value,
          tema: topic ? String(topic.id) : undefined,
        }}
      />
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {resultCountLine(page, ADMIN_FORUM_PAGE_SIZE, total)}
      </p>
      <Card className="overflow-hidden">
        <BulkBar
          ids={ids}
          selected={rowSelection.selected}
          busy={moderation.busy}
          noun="komentari"
          onSelectAll={() => rowSelection.selectAll(ids)}
          onClear={rowSelection.clear}
          onAction={(action) => moderation.setStatus([...rowSelection.selected], action)}
        />
        <DataTable
          caption="Komentari foruma"
          rows={rows}
          rowKey={(r) => r.id}
          testId="forum-comment"
          empty={search ? "Nema komentara za ovu pretragu." : "Nema komentara u ovoj grupi."}
          selection={{ ...rowSelection.selection, label: (id) => `Izaberi komentar ${id}` }}
          columns={columns}
        />
      </Card>
      <div className="mt-4">
        <Pagination page={page} totalPages={totalPagesOf(total, ADMIN_FORUM_PAGE_SIZE)} />
      </div>

      {opened ? (
        <ItemDialog title={`Komentar: ${opened.author}`}>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <ForumStatusBadge status={opened.status} />
            <span>{formatDateTime(opened.createdAt)}</span>
          </p>
          {notice ? (
            <Notice className="mt-3" tone={notice.ok ? "success" : "error"} message={notice.message} />
          ) : null}
          <VisitorText text={opened.content} className="mt-4 text-sm leading-relaxed text-slate-800" />
          <div className="mt-4 space-y-2 text-sm text-slate-600">
            <VoteCounts likes={opened.likes} dislikes={opened.dislikes} />
            <div>
              <span className="text-slate-500">Tema: </span>
              <TopicCell row={opened} />
            </div>
          </div>
          <div className="mt-5 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
            <ItemActions
              status={opened.status}
              busy={moderation.busy}
              onAction={(action) => moderation.setStatus([opened.id], action)}
              onDelete={() => setToDelete({ id: opened.id, preview: opened.content.slice(0, 150) })}
            />
          </div>
        </ItemDialog>
      ) : null}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        tone="danger"
        title="Brisanje komentara"
        description={
          toDelete ? (
            <>
              Da li ste sigurni da želite da obrišete komentar „{toDelete.preview}“? Ova akcija se ne može
              poništiti.
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
