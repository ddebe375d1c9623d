/**
 * The moderation queue's parts (decision 171): addresses (`?otvori=`), the status tabs, the search
 * box, an item's status buttons, row selection, the bulk bar, the one reject dialog and the one
 * fetcher of a screen. `ModerationQueue` (queue.tsx) puts them together.
 */
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher, useLocation, useNavigate, useNavigation } from "react-router";
import { actionsColumn } from "~/components/admin/data-table";
import { StatusTabs } from "~/components/admin/status-tabs";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Input, TextField } from "~/components/ui/field";
import { FilterBar } from "~/components/ui/filter-bar";
import {
  ACTION_LABELS,
  QUEUE_PARAMS,
  type QueueAction,
  type QueueReply,
  type QueueTab,
  TAB_WORDS,
} from "~/domain/moderation/queue";

// --- Addresses -------------------------------------------------------------------------------------

/** The current list's address with `changes` applied (a new list starts at page 1, nothing open). */
export function useListHref() {
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
    close: () => {
      const href = listHref({}, { keepPage: true });
      // The address loses `?otvori=` at once (a reload right after closing must not reopen the
      // item), then the router catches up.
      window.history.replaceState(window.history.state, "", href);
      navigate(href, { preventScrollReset: true, replace: true });
    },
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
    <FilterBar
      bare
      busy={navigation.state === "loading"}
      resetTo={search ? listHref({ [QUEUE_PARAMS.search]: null }) : null}
    >
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="q" className="sr-only">
        Pretraga
      </label>
      <Input id="q" name="q" type="search" placeholder={placeholder} defaultValue={search} maxLength={100} />
    </FilterBar>
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

/** The last column of a queue whose rows open in the dialog: "Pregledaj". */
export function reviewColumn<R extends { id: number }>(open: (id: number) => void) {
  return actionsColumn((r: R) => (
    <Button size="sm" variant="secondary" onClick={() => open(r.id)}>
      Pregledaj
    </Button>
  ));
}
