/**
 * The moderation queue's screen (decision 171), shared by forum topics, forum comments, listings
 * and company requests: status tabs with counts, the search box, the count line, the bulk bar, the
 * table, paging, the item dialog (`?otvori={id}`), the one reject dialog and the delete
 * confirmation. An area brings its columns, its dialog body and its words.
 */
import { type ReactNode, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { PagedTable } from "~/components/admin/paged-table";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Dialog, type DialogWidth } from "~/components/ui/dialog";
import { Notice } from "~/components/ui/notice";
import {
  QUEUE_PARAMS,
  type QueueAction,
  type QueuePage,
  type QueueReply,
  type QueueTab,
} from "~/domain/moderation/queue";
import { resultCountLine, totalPagesOf } from "~/lib/pagination";
import {
  BulkBar,
  QueueSearch,
  type QueueTabSpec,
  QueueTabs,
  RejectDialog,
  useOpenItem,
  useQueueFetcher,
  useRowSelection,
} from "./queue-parts";

export { ItemActions } from "./queue-parts";

// --- The screen ------------------------------------------------------------------------------------

export type QueueData<Row, Item, T extends QueueTab> = QueuePage<Row, Item, T>;

/** What a row's cells and the item dialog can do. */
export type QueueControls = {
  busy: boolean;
  busyIds: ReadonlySet<number>;
  /** A status change of one item: reject goes through the reject dialog where the area asks. */
  act: (id: number, action: QueueAction, fields?: Record<string, string>) => void;
  /** Any other POST of the area (an edit), through the same fetcher. */
  submit: (intent: string, ids: readonly number[], fields?: Record<string, string>) => void;
  askDelete: (id: number) => void;
  open: (id: number) => void;
  openHref: (id: number) => string;
  /** The last answer when it was about this one item (the dialog shows it). */
  replyFor: (id: number) => QueueReply | null;
};

export type QueueArea<Row extends { id: number }, Item extends { id: number }, T extends QueueTab> = {
  /** The one fetcher key of the screen. */
  fetcherKey: string;
  tabs: readonly QueueTabSpec<T>[];
  tabsLabel: string;
  /** Placeholder of the search box; without it the area has no search. */
  searchPlaceholder?: string;
  caption: string;
  testId: string;
  /** The bulk bar's noun ("teme") and the row checkbox's label; without them no bulk actions. */
  bulk?: { noun: string; label: (row: Row) => string };
  empty: (search: string) => string;
  columns: (controls: QueueControls) => Column<Row>[];
  /** The item dialog's title, subtitle and body. */
  dialog: {
    width: DialogWidth;
    title: (item: Item) => string;
    subtitle?: (item: Item) => ReactNode;
    body: (item: Item, controls: QueueControls) => ReactNode;
    /** After a successful action: close the dialog (and say it on the page) or keep it open. */
    closeOnSuccess: boolean;
    testId?: string;
  };
  reject: {
    title: (count: number) => string;
    description?: (count: number) => ReactNode;
    noteLabel?: string;
    /** Single items are rejected from the dialog's own note field instead of the reject dialog. */
    inlineNote: boolean;
  };
  remove: { title: string; description: (item: { id: number; row: Row | Item }) => ReactNode };
  loadFailedMessage?: string;
};

/** The item dialog's item: the one the address names, unless the moderator has just closed it. */
function useOpenedItem(opened: { id: number } | null) {
  const item = useOpenItem();
  // Closed by the moderator: hidden at once, before the list's address has caught up.
  const [closedId, setClosedId] = useState<number | null>(null);
  const openedId = opened && opened.id !== closedId ? opened.id : null;
  // Once the address no longer names an item, a later one may open again.
  useEffect(() => {
    if (!opened) setClosedId(null);
  }, [opened]);
  const closeItem = () => {
    if (opened) setClosedId(opened.id);
    item.close();
  };
  return { item, openedId, closeItem };
}

/**
 * What the screen keeps between answers: the page's notice, the reject and delete dialogs, the
 * item dialog (opened by the address, closed at once by the moderator) and the controls a row's
 * cells and the item dialog act through. Which answer goes where is decided here.
 */
function useQueueScreen<Row extends { id: number }, Item extends { id: number }, T extends QueueTab>(
  data: QueueData<Row, Item, T>,
  area: QueueArea<Row, Item, T>,
) {
  const { rows, opened } = data;
  const location = useLocation();
  const listKey = new URLSearchParams(location.search);
  listKey.delete(QUEUE_PARAMS.open);
  const rowSelection = useRowSelection(listKey.toString());
  const { item, openedId, closeItem } = useOpenedItem(opened);
  const [notice, setNotice] = useState<QueueReply | null>(null);
  const [rejecting, setRejecting] = useState<{ ids: number[]; bulk: boolean } | null>(null);
  const [toDelete, setToDelete] = useState<{ id: number; row: Row | Item } | null>(null);
  const [reply, setReply] = useState<QueueReply | null>(null);

  const queue = useQueueFetcher(area.fetcherKey, (answer) => {
    setReply(answer);
    const single = answer.ids.length === 1 && answer.ids[0] === openedId;
    if (answer.ok) {
      rowSelection.clear();
      setRejecting(null);
      setToDelete(null);
      if (answer.intent === "update") return;
      if (single && area.dialog.closeOnSuccess) closeItem();
      setNotice(answer);
    } else if (rejecting && answer.fieldErrors?.note) {
      // The reject dialog shows its own error.
    } else if (!single || openedId === null) {
      setNotice(answer);
    }
  });

  // A newly opened item starts without the previous item's message.
  useEffect(() => {
    if (openedId !== null) setReply(null);
  }, [openedId]);

  const controls: QueueControls = {
    busy: queue.busy,
    busyIds: queue.busyIds,
    act: (id, action, fields) => {
      if (action === "reject" && !area.reject.inlineNote) setRejecting({ ids: [id], bulk: false });
      else queue.submit(action, [id], fields);
    },
    submit: queue.submit,
    askDelete: (id) => {
      const row = rows.find((r) => r.id === id) ?? (opened?.id === id ? opened : null);
      if (row) setToDelete({ id, row });
    },
    open: item.open,
    openHref: item.href,
    replyFor: (id) => {
      if (reply?.ids.length !== 1 || reply.ids[0] !== id) return null;
      // A dialog that closes on success says it on the page instead (an edit keeps it open).
      if (reply.ok && area.dialog.closeOnSuccess && reply.intent !== "update") return null;
      return reply;
    },
  };
  const rejectError = rejecting && reply && !reply.ok ? reply.fieldErrors?.note : undefined;
  return {
    queue,
    controls,
    notice,
    rowSelection,
    rejecting,
    setRejecting,
    rejectError,
    toDelete,
    setToDelete,
    openedId,
    closeItem,
  };
}

type QueueScreen<Row extends { id: number }, Item extends { id: number }, T extends QueueTab> = ReturnType<
  typeof useQueueScreen<Row, Item, T>
>;

/** The item dialog, the one reject dialog and the delete confirmation. */
function QueueDialogs<Row extends { id: number }, Item extends { id: number }, T extends QueueTab>({
  opened,
  area,
  screen,
}: {
  opened: Item | null;
  area: QueueArea<Row, Item, T>;
  screen: QueueScreen<Row, Item, T>;
}) {
  const { queue, controls, rejecting, setRejecting, toDelete, setToDelete } = screen;
  return (
    <>
      {opened && screen.openedId !== null ? (
        <Dialog
          key={opened.id}
          onClose={screen.closeItem}
          width={area.dialog.width}
          title={area.dialog.title(opened)}
          titleClassName="min-w-0 break-words"
          subtitle={area.dialog.subtitle?.(opened)}
          testId={area.dialog.testId}
        >
          {area.dialog.body(opened, controls)}
        </Dialog>
      ) : null}

      <RejectDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={area.reject.title(rejecting?.ids.length ?? 0)}
        description={area.reject.description?.(rejecting?.ids.length ?? 0)}
        noteLabel={area.reject.noteLabel}
        error={screen.rejectError}
        busy={queue.busy}
        confirmLabel={rejecting?.bulk ? "Odbij izabrane" : "Odbij"}
        onReject={(note) =>
          rejecting && queue.submit("reject", rejecting.ids, area.reject.noteLabel ? { note } : {})
        }
      />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        tone="danger"
        title={area.remove.title}
        description={toDelete ? area.remove.description(toDelete) : null}
        confirmLabel="Obriši"
        busy={queue.busy}
        onConfirm={() => toDelete && queue.submit("delete", [toDelete.id])}
      />
    </>
  );
}

export function ModerationQueue<Row extends { id: number }, Item extends { id: number }, T extends QueueTab>({
  data,
  area,
  header,
  filters,
  before,
}: {
  data: QueueData<Row, Item, T>;
  area: QueueArea<Row, Item, T>;
  /** Above the notices (the page title). */
  header?: ReactNode;
  /** Between the search and the tabs (an area's own filters). */
  filters?: ReactNode;
  /** Between the notices and the search (a filter's description). */
  before?: ReactNode;
}) {
  const { tab, search, page, pageSize, counts, rows, total, opened, loadFailed } = data;
  const screen = useQueueScreen(data, area);
  const { queue, notice, rowSelection } = screen;
  const ids = rows.map((r) => r.id);

  return (
    <div>
      {header}
      <div className="mb-4 space-y-2">
        {loadFailed && area.loadFailedMessage ? (
          <Notice tone="error" message={area.loadFailedMessage} />
        ) : null}
        {notice ? <Notice tone={notice.ok ? "success" : "error"} message={notice.message} /> : null}
      </div>
      {before}
      {area.searchPlaceholder ? <QueueSearch search={search} placeholder={area.searchPlaceholder} /> : null}
      {filters}
      <QueueTabs label={area.tabsLabel} tabs={area.tabs} current={tab} counts={counts} />
      <PagedTable
        count={resultCountLine(page, pageSize, total)}
        page={page}
        totalPages={totalPagesOf(total, pageSize)}
      >
        {area.bulk ? (
          <BulkBar
            ids={ids}
            selected={rowSelection.selected}
            busy={queue.busy}
            noun={area.bulk.noun}
            onSelectAll={() => rowSelection.selectAll(ids)}
            onClear={rowSelection.clear}
            onApprove={() => queue.submit("approve", [...rowSelection.selected])}
            onReject={() => screen.setRejecting({ ids: [...rowSelection.selected], bulk: true })}
          />
        ) : null}
        <DataTable<Row, number>
          caption={area.caption}
          rows={rows}
          rowKey={(r) => r.id}
          testId={area.testId}
          empty={area.empty(search)}
          selection={
            area.bulk
              ? {
                  ...rowSelection.selection,
                  label: (id) => area.bulk?.label(rows.find((r) => r.id === id) as Row) ?? "",
                }
              : undefined
          }
          columns={area.columns(screen.controls)}
        />
      </PagedTable>
      <QueueDialogs opened={opened} area={area} screen={screen} />
    </div>
  );
}
