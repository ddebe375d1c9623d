/**
 * What the forum's two moderation screens (topics and comments) share on the queue (decision 171):
 * the tabs, the status and action columns, and the dialog's answer and buttons.
 */
import type { ReactNode } from "react";
import { actionsColumn, type Column } from "~/components/admin/data-table";
import { ItemActions, type QueueArea, type QueueControls } from "~/components/moderation/queue";
import { Notice } from "~/components/ui/notice";
import { StatusBadge } from "~/components/ui/status-badge";
import { VisitorText } from "~/components/visitor-text";
import { type ModerationStatus, STATUS_LABELS } from "~/domain/forum/constants";
import { statusActions } from "~/domain/forum/rules";
import { formatDateTime } from "~/lib/dates";
import { FORUM_MESSAGES } from "~/messages/forum";

export const FORUM_TABS = [
  { tab: "pending", label: "Na čekanju" },
  { tab: "approved", label: "Odobreno" },
  { tab: "rejected", label: "Odbijeno" },
  { tab: "all", label: "Sve" },
] as const;

export type ForumTab = (typeof FORUM_TABS)[number]["tab"];

type Item = { id: number; status: ModerationStatus };

/** The status badge and the status buttons of a row. */
export function forumRowColumns<R extends Item>(q: QueueControls): Column<R>[] {
  return [
    {
      key: "status",
      header: "Status",
      mobile: "badge",
      cell: (r) => <StatusBadge status={r.status} labels={STATUS_LABELS} />,
    },
    actionsColumn((r) => (
      <ItemActions
        actions={statusActions(r.status)}
        busy={q.busyIds.has(r.id)}
        onAction={(action) => q.act(r.id, action)}
        onDelete={() => q.askDelete(r.id)}
      />
    )),
  ];
}

/** The answer about this item, shown at the top of its dialog. */
export function ForumReply({ item, q }: { item: Item; q: QueueControls }) {
  const reply = q.replyFor(item.id);
  return reply ? (
    <Notice className="mt-3" tone={reply.ok ? "success" : "error"} message={reply.message} />
  ) : null;
}

/** The status buttons and delete at the bottom of an item's dialog. */
export function ForumItemButtons({ item, q }: { item: Item; q: QueueControls }) {
  return (
    <div className="mt-5 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
      <ItemActions
        actions={statusActions(item.status)}
        busy={q.busy}
        onAction={(action) => q.act(item.id, action)}
        onDelete={() => q.askDelete(item.id)}
      />
    </div>
  );
}

type Opened = Item & { content: string; createdAt: Date | string };

/**
 * What a forum screen says in its own words; the rest of its queue (tabs, status and action
 * columns, the dialog's frame, the reject without an inline note) is the forum's, once.
 */
export type ForumAreaWords<R extends Item, O extends Opened> = Pick<
  QueueArea<R, O, ForumTab>,
  "fetcherKey" | "tabsLabel" | "searchPlaceholder" | "caption" | "testId" | "bulk" | "empty" | "remove"
> & {
  /** The area's own columns, before the status and the actions. */
  columns: (q: QueueControls) => Column<R>[];
  title: (item: O) => string;
  /** After the status badge in the dialog's subtitle. */
  byline: (item: O) => ReactNode;
  /** Under the item's text in the dialog. */
  details: (item: O) => ReactNode;
  rejectTitle: (count: number) => string;
  rejectDescription: (count: number) => string;
};

export function forumQueueArea<R extends Item, O extends Opened>(
  words: ForumAreaWords<R, O>,
): QueueArea<R, O, ForumTab> {
  const { columns, title, byline, details, rejectTitle, rejectDescription, ...labels } = words;
  return {
    ...labels,
    tabs: FORUM_TABS,
    loadFailedMessage: FORUM_MESSAGES.loadFailed,
    columns: (q) => [...columns(q), ...forumRowColumns<R>(q)],
    dialog: {
      width: "2xl",
      closeOnSuccess: false,
      title,
      subtitle: (item) => (
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm font-normal text-slate-600">
          <StatusBadge status={item.status} labels={STATUS_LABELS} />
          {byline(item)}
        </p>
      ),
      body: (item, q) => (
        <>
          <ForumReply item={item} q={q} />
          <VisitorText text={item.content} className="mt-4 text-sm leading-relaxed text-slate-800" />
          {details(item)}
          <ForumItemButtons item={item} q={q} />
        </>
      ),
    },
    reject: { inlineNote: false, title: rejectTitle, description: rejectDescription },
  };
}

/** The author cell of both lists: name, the area's extra line, when. */
export function AuthorCell({
  author,
  createdAt,
  extra,
  after,
}: {
  author: string;
  createdAt: Date | string;
  extra?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div>
      <div>{author}</div>
      {extra}
      <div className="whitespace-nowrap text-xs text-slate-500">{formatDateTime(createdAt)}</div>
      {after}
    </div>
  );
}
