/**
 * The moderation queue's screen (decision 171), shared by forum topics, forum comments, listings
 * and company requests: status tabs with counts, the search box, the count line, the bulk bar, the
 * table, paging, the item dialog (`?otvori={id}`), the one reject dialog and the delete
 * confirmation. An area brings its columns, its dialog body and its words.
 */
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Form, useFetcher, useLocation, useNavigate, useNavigation } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { Card } from "~/components/admin/page-header";
import { StatusTabs } from "~/components/admin/status-tabs";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Pagination } from "~/components/pagination";
import { Button, ButtonLink } from "~/components/ui/button";
import { Dialog, type DialogWidth } from "~/components/ui/dialog";
import { Input, TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import {
  ACTION_LABELS,
  QUEUE_PARAMS,
  type QueueAction,
  type QueuePage,
  type QueueReply,
  type QueueTab,
  TAB_WORDS,
} from "~/domain/moderation/queue";
import { resultCountLine, totalPagesOf } from "~/lib/pagination";

// --- Addresses -------------------------------------------------------------------------------------

/** The current list's address with `changes` applied (a new list starts at page 1, nothing open). */
function useListHref() {
  const location = useLocation();
  return (changes: Record<string, string | null>, { keepPage = false } = {}) => {
    const params = new URLSearchParams(location.search);
    if (!keepPage) params.delete(QUEUE_PARAMS.page);
    params.delete(QUEUE_PARAMS.open);
    for (const [key, value] of Object.entries(changes)) {
      if (value) params.set(key, value);
      else params.delete(key);
    }
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ""}`;
  };
}

/** Opening and closing an item: `?otvori={id}` on the current list's address. */
export function useOpenItem() {
  const location = useLocation();
  const navigate = useNavigate();
  const listHref = useListHref();
  const href = (id: number) => {
    const params = new URLSearchParams(location.search);
    params.set(QUEUE_PARAMS.open, String(id));
    return `${location.pathname}?${params}`;
  };
  return {
    href,
    open: (id: number) => navigate(href(id), { preventScrollReset: true }),
    close: () => navigate(listHref({}, { keepPage: true }), { preventScrollReset: true, replace: true }),
  };
}

// --- Pieces ----------------------------------------------------------------------------------------

export type QueueTabSpec<T extends QueueTab> = { tab: T; label: string };

export function QueueTabs<T extends QueueTab>({
  label,
  tabs,
  current,
  counts,
}: {
  label: string;
  tabs: readonly QueueTabSpec<T>[];
  current: T;
  counts: Record<T, number>;
}) {
  const listHref = useListHref();
  return (
    <StatusTabs
      label={label}
      current={current}
      tabs={tabs.map((t, i) => ({
        value: t.tab,
        label: t.label,
        href: listHref({ [QUEUE_PARAMS.status]: i === 0 ? null : TAB_WORDS[t.tab] }),
        count: counts[t.tab],
        attention: t.tab === "pending",
        testId: `tab-count-${t.tab}`,
      }))}
    />
  );
}

/** The search box (GET): keeps the tab and the area's other filters, drops the page. */
export function QueueSearch({ search, placeholder }: { search: string; placeholder: string }) {
  const navigation = useNavigation();
  const location = useLocation();
  const listHref = useListHref();
  const kept = [...new URLSearchParams(location.search)].filter(
    ([key]) => key !== QUEUE_PARAMS.search && key !== QUEUE_PARAMS.page && key !== QUEUE_PARAMS.open,
  );
  return (
    <Form method="get" role="search" className="mb-4 flex gap-2">
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="q" className="sr-only">
        Pretraga
      </label>
      <Input id="q" name="q" type="search" placeholder={placeholder} defaultValue={search} maxLength={100} />
      <Button type="submit" disabled={navigation.state === "loading"} className="shrink-0">
        Pretraži
      </Button>
      {search ? (
        <ButtonLink variant="ghost" to={listHref({ [QUEUE_PARAMS.search]: null })} className="shrink-0">
          Poništi
        </ButtonLink>
      ) : null}
    </Form>
  );
}

/** The status buttons of one item (an area passes the actions its rules allow), and delete. */
export function ItemActions({
  actions,
  busy,
  onAction,
  onDelete,
}: {
  actions: readonly QueueAction[];
  busy: boolean;
  onAction: (action: QueueAction) => void;
  onDelete?: () => void;
}) {
  return (
    <>
      {actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === "approve" ? "primary" : action === "reject" ? "warning" : "secondary"}
          disabled={busy}
          onClick={() => onAction(action)}
        >
          {ACTION_LABELS[action]}
        </Button>
      ))}
      {onDelete ? (
        <Button size="sm" variant="danger" disabled={busy} onClick={onDelete}>
          Obriši
        </Button>
      ) : null}
    </>
  );
}

/** Row selection for the bulk actions; cleared whenever the list changes (page, tab, search). */
export function useRowSelection(listKey: string) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list (page, tab, search) starts with nothing selected
  useEffect(() => setSelected(new Set()), [listKey]);
  const clear = useCallback(() => setSelected(new Set()), []);
  const selectAll = useCallback((ids: number[]) => setSelected(new Set(ids)), []);
  const selection = useMemo(
    () => ({
      selected,
      onToggle: (id: number) =>
        setSelected((prev) => {
          const next = new Set(prev);
          if (next.has(id)) next.delete(id);
          else next.add(id);
          return next;
        }),
      onToggleAll: (ids: number[], select: boolean) =>
        setSelected((prev) => {
          const next = new Set(prev);
          for (const id of ids) {
            if (select) next.add(id);
            else next.delete(id);
          }
          return next;
        }),
    }),
    [selected],
  );
  return { selected, clear, selectAll, selection };
}

/** The bar above the list: select the whole page, and approve or reject the selected rows at once. */
export function BulkBar({
  ids,
  selected,
  busy,
  noun,
  onSelectAll,
  onClear,
  onApprove,
  onReject,
}: {
  ids: number[];
  selected: ReadonlySet<number>;
  busy: boolean;
  noun: string;
  onSelectAll: () => void;
  onClear: () => void;
  onApprove: () => void;
  onReject: () => void;
}) {
  if (ids.length === 0) return null;
  const count = ids.filter((id) => selected.has(id)).length;
  return (
    <div
      className="flex flex-wrap items-center gap-2 border-b border-slate-100 bg-slate-50 px-4 py-3"
      aria-label={`Grupne akcije: ${noun}`}
      role="toolbar"
    >
      <span className="mr-auto text-sm text-slate-700" aria-live="polite" data-testid="selected-count">
        {count > 0 ? `Izabrano: ${count}` : "Ništa nije izabrano"}
      </span>
      {count < ids.length ? (
        <Button size="sm" variant="ghost" onClick={onSelectAll} disabled={busy}>
          Izaberi sve na strani
        </Button>
      ) : null}
      {count > 0 ? (
        <>
          <Button size="sm" variant="ghost" onClick={onClear} disabled={busy}>
            Poništi izbor
          </Button>
          <Button size="sm" onClick={onApprove} disabled={busy}>
            Odobri izabrane
          </Button>
          <Button size="sm" variant="warning" onClick={onReject} disabled={busy}>
            Odbij izabrane
          </Button>
        </>
      ) : null}
    </div>
  );
}

/**
 * The one reject dialog: names what is rejected and, where the area keeps a note, asks for it (the
 * server refuses an empty one with the field's message).
 */
export function RejectDialog({
  open,
  onOpenChange,
  title,
  description,
  noteLabel,
  error,
  busy,
  confirmLabel,
  onReject,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** Without a label, the area keeps no note: the dialog only confirms. */
  noteLabel?: string;
  error?: string;
  busy: boolean;
  confirmLabel: string;
  onReject: (note: string) => void;
}) {
  const ref = useRef<HTMLFormElement>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      layout="center"
      width="md"
      title={title}
      description={description}
    >
      <form
        ref={ref}
        noValidate
        className="mt-4"
        onSubmit={(event) => {
          event.preventDefault();
          onReject(String(new FormData(event.currentTarget).get("note") ?? ""));
        }}
      >
        {noteLabel ? (
          <TextField
            name="note"
            idPrefix="reject"
            label={noteLabel}
            multiline
            rows={3}
            errors={error ? { note: error } : undefined}
          />
        ) : null}
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
            Otkaži
          </Button>
          <Button type="submit" variant="warning" disabled={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

// --- The fetcher -----------------------------------------------------------------------------------

/**
 * One fetcher per screen for every moderation POST (the list, the dialog and the bulk bar share
 * it); `reply` is its latest answer, once per answer.
 */
export function useQueueFetcher(key: string, onReply: (reply: QueueReply) => void) {
  const fetcher = useFetcher<QueueReply>({ key });
  const handled = useRef<unknown>(null);
  const latest = useRef(onReply);
  latest.current = onReply;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    latest.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
  const busyIds = new Set<number>();
  if (fetcher.state !== "idle" && fetcher.formData) {
    for (const v of fetcher.formData.getAll("id")) busyIds.add(Number(v));
  }
  return {
    fetcher,
    busy: fetcher.state !== "idle",
    busyIds,
    submit: (intent: string, ids: readonly number[], fields: Record<string, string> = {}) => {
      const form = new FormData();
      form.set("intent", intent);
      for (const id of ids) form.append("id", String(id));
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      fetcher.submit(form, { method: "post" });
    },
  };
}

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
  const location = useLocation();
  const listKey = new URLSearchParams(location.search);
  listKey.delete(QUEUE_PARAMS.open);
  const rowSelection = useRowSelection(listKey.toString());
  const item = useOpenItem();
  const [notice, setNotice] = useState<QueueReply | null>(null);
  const [rejecting, setRejecting] = useState<{ ids: number[]; bulk: boolean } | null>(null);
  const [toDelete, setToDelete] = useState<{ id: number; row: Row | Item } | null>(null);
  const [reply, setReply] = useState<QueueReply | null>(null);
  const openedId = opened?.id ?? null;

  const queue = useQueueFetcher(area.fetcherKey, (answer) => {
    setReply(answer);
    const single = answer.ids.length === 1 && answer.ids[0] === openedId;
    if (answer.ok) {
      rowSelection.clear();
      setRejecting(null);
      setToDelete(null);
      if (answer.intent === "update") return;
      if (single && area.dialog.closeOnSuccess) item.close();
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
  const ids = rows.map((r) => r.id);
  const rejectError = rejecting && reply && !reply.ok ? reply.fieldErrors?.note : undefined;

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
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {resultCountLine(page, pageSize, total)}
      </p>
      <Card className="overflow-hidden">
        {area.bulk ? (
          <BulkBar
            ids={ids}
            selected={rowSelection.selected}
            busy={queue.busy}
            noun={area.bulk.noun}
            onSelectAll={() => rowSelection.selectAll(ids)}
            onClear={rowSelection.clear}
            onApprove={() => queue.submit("approve", [...rowSelection.selected])}
            onReject={() => setRejecting({ ids: [...rowSelection.selected], bulk: true })}
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
          columns={area.columns(controls)}
        />
      </Card>
      <div className="mt-4">
        <Pagination page={page} totalPages={totalPagesOf(total, pageSize)} />
      </div>

      {opened ? (
        <Dialog
          key={opened.id}
          onClose={item.close}
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
        error={rejectError}
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
    </div>
  );
}
