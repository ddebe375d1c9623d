import { Dialog } from "radix-ui";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Form, useFetcher, useLocation, useNavigate, useNavigation } from "react-router";
import { StatusTabs as AdminStatusTabs } from "~/components/admin/status-tabs";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { type ModerationStatus, STATUS_LABELS } from "~/domain/forum/constants";
import type { ModerationReply } from "~/domain/forum/moderation.server";
import {
  ACTION_LABELS,
  STATUS_TABS,
  type StatusAction,
  type StatusTab,
  statusActions,
} from "~/domain/forum/rules";
import { ThumbIcon } from "./thumb-icon";

const STATUS_TONES: Record<ModerationStatus, BadgeTone> = {
  pending: "warning",
  approved: "success",
  rejected: "danger",
};

export function ForumStatusBadge({ status }: { status: ModerationStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

export type TabCounts = Record<ModerationStatus | "all", number>;

/** The status tabs with their counts; pending first and by default (spec §4). */
export function StatusTabs({
  current,
  counts,
  label,
}: {
  current: StatusTab;
  counts: TabCounts;
  label: string;
}) {
  const location = useLocation();
  const hrefFor = (value: string) => {
    const params = new URLSearchParams(location.search);
    params.delete("page");
    params.delete("otvori");
    if (value === STATUS_TABS[0].value) params.delete("status");
    else params.set("status", value);
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ""}`;
  };
  return (
    <AdminStatusTabs
      label={label}
      current={current.value}
      tabs={STATUS_TABS.map((t) => ({
        value: t.value,
        label: t.label,
        href: hrefFor(t.value),
        count: counts[t.status],
        attention: t.status === "pending",
        testId: `tab-count-${t.status}`,
      }))}
    />
  );
}

/** The search box of a moderation list (GET, keeps the status tab and the topic filter). */
export function ModerationSearch({
  search,
  placeholder,
  keep,
}: {
  search: string;
  placeholder: string;
  keep: Record<string, string | undefined>;
}) {
  const navigation = useNavigation();
  return (
    <Form method="get" role="search" className="mb-4 flex gap-2">
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <label htmlFor="q" className="sr-only">
        Pretraga
      </label>
      <Input id="q" name="q" type="search" placeholder={placeholder} defaultValue={search} maxLength={100} />
      <Button type="submit" disabled={navigation.state === "loading"} className="shrink-0">
        Pretraži
      </Button>
    </Form>
  );
}

/** Likes and dislikes of a row, read out as words. */
export function VoteCounts({ likes, dislikes }: { likes: number; dislikes: number }) {
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <ThumbIcon className="text-slate-400" />
      {likes}
      <span className="sr-only"> sviđa se,</span>
      <ThumbIcon down className="ml-2 text-slate-400" />
      {dislikes}
      <span className="sr-only"> ne sviđa se</span>
    </span>
  );
}

/** The spec §4 status buttons of one item, and delete (the title opens the full text). */
export function ItemActions({
  status,
  busy,
  onAction,
  onDelete,
}: {
  status: ModerationStatus;
  busy: boolean;
  onAction: (action: StatusAction) => void;
  onDelete: () => void;
}) {
  return (
    <>
      {statusActions(status).map((action) => (
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
      <Button size="sm" variant="danger" disabled={busy} onClick={onDelete}>
        Obriši
      </Button>
    </>
  );
}

/**
 * One fetcher per screen for every moderation POST; the notice shows its answer (success or the
 * error the spec would have swallowed).
 */
export function useModerationFetcher(key: string) {
  const fetcher = useFetcher<ModerationReply>({ key });
  const [notice, setNotice] = useState<ModerationReply | null>(null);
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    setNotice(fetcher.data);
  }, [fetcher.state, fetcher.data]);
  const busyIds = new Set<number>();
  if (fetcher.state !== "idle" && fetcher.formData) {
    for (const v of fetcher.formData.getAll("ids")) busyIds.add(Number(v));
    const one = fetcher.formData.get("id");
    if (one) busyIds.add(Number(one));
  }
  const clearNotice = useCallback(() => setNotice(null), []);
  return {
    fetcher,
    notice,
    clearNotice,
    busy: fetcher.state !== "idle",
    busyIds,
    setStatus: (ids: readonly number[], action: StatusAction) => {
      const form = new FormData();
      form.set("intent", "status");
      form.set("action", action);
      for (const id of ids) form.append("ids", String(id));
      fetcher.submit(form, { method: "post" });
    },
    remove: (id: number) => fetcher.submit({ intent: "delete", id: String(id) }, { method: "post" }),
  };
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
  onSelectAll,
  onClear,
  onAction,
  noun,
}: {
  ids: number[];
  selected: ReadonlySet<number>;
  busy: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onAction: (action: "approve" | "reject") => void;
  noun: string;
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
          <Button size="sm" onClick={() => onAction("approve")} disabled={busy}>
            Odobri izabrane
          </Button>
          <Button size="sm" variant="warning" onClick={() => onAction("reject")} disabled={busy}>
            Odbij izabrane
          </Button>
        </>
      ) : null}
    </div>
  );
}

/** The full text of one item, opened by `?otvori={id}`; closing drops the parameter. */
export function ItemDialog({ title, children }: { title: string; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const close = () => {
    const params = new URLSearchParams(location.search);
    params.delete("otvori");
    const qs = params.toString();
    navigate(`${location.pathname}${qs ? `?${qs}` : ""}`, { preventScrollReset: true, replace: true });
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-40 max-h-[92vh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[calc(100%-2rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-6"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="min-w-0 break-words text-lg font-semibold text-slate-900">
              {title}
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Zatvori">
                ✕
              </Button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** `?otvori={id}` added to the current list URL. */
export function useOpenHref() {
  const location = useLocation();
  return (id: number) => {
    const params = new URLSearchParams(location.search);
    params.set("otvori", String(id));
    return `${location.pathname}?${params}`;
  };
}
