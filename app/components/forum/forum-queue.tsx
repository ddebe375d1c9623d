/**
 * What the forum's two moderation screens (topics and comments) share on the queue (decision 171):
 * the tabs, the status and action columns, and the dialog's answer and buttons.
 */
import { actionsColumn, type Column } from "~/components/admin/data-table";
import { ItemActions, type QueueControls } from "~/components/moderation/queue";
import { Notice } from "~/components/ui/notice";
import { StatusBadge } from "~/components/ui/status-badge";
import { type ModerationStatus, STATUS_LABELS } from "~/domain/forum/constants";
import { statusActions } from "~/domain/forum/rules";

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
