/**
 * What the media manager shows (spec §2 Media): the filters (search, type, bucket, grid/list
 * toggle, all in the URL), the grid and the list, and each file's actions (preview, copy URL,
 * open, delete).
 */
import { type RefObject, useEffect, useRef } from "react";
import { Form, useSubmit } from "react-router";
import { actionsColumn, DataTable } from "~/components/admin/data-table";
import { Card } from "~/components/admin/page-header";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { OptionsSelect } from "~/components/ui/options-select";
import { SegmentedNav } from "~/components/ui/segmented-nav";
import { thumbnailUrl } from "~/domain/media/responsive";
import type { MediaType } from "~/domain/media/rules";
import { formatDateTime } from "~/lib/dates";
import { formatBytes, type MediaBucket, type MediaItem } from "./media-api";
import { Thumb } from "./media-parts";

export const TYPE_FILTERS: { value: "all" | MediaType; label: string }[] = [
  { value: "all", label: "Svi tipovi" },
  { value: "image", label: "Slike" },
  { value: "video", label: "Video" },
  { value: "document", label: "Dokumenti" },
];
const BUCKET_FILTERS: { value: "all" | MediaBucket; label: string }[] = [
  { value: "all", label: "Sve fascikle" },
  { value: "mediji", label: "mediji" },
  { value: "images", label: "images" },
];

export type MediaView = "grid" | "list";
export type MediaQuery = { q: string; type: string; bucket: string; view: MediaView; page: number };

/** The manager's URL for a view, keeping the other filters. */
function viewHref(query: MediaQuery, view: MediaView): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.type !== "all") params.set("type", query.type);
  if (query.bucket !== "all") params.set("bucket", query.bucket);
  if (view === "list") params.set("view", "list");
  if (query.page > 1) params.set("page", String(query.page));
  const s = params.toString();
  return s ? `?${s}` : "?";
}

function FilterSelect({
  name,
  label,
  value,
  options,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: () => void;
}) {
  return (
    <OptionsSelect
      name={name}
      defaultValue={value}
      aria-label={label}
      className="sm:max-w-40"
      onChange={onChange}
      options={options.map((o) => [o.value, o.label] as const)}
    />
  );
}

/** Search (debounced), type and bucket filters and the grid/list toggle; every change goes to the URL. */
export function MediaFilters({ query }: { query: MediaQuery }) {
  const submit = useSubmit();
  const form: RefObject<HTMLFormElement | null> = useRef(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const apply = (delay = 0) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (form.current) submit(form.current, { replace: true, preventScrollReset: true });
    }, delay);
  };
  return (
    <Form
      ref={form}
      method="get"
      className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center"
      onSubmit={() => clearTimeout(timer.current)}
    >
      <Input
        type="search"
        name="q"
        defaultValue={query.q}
        aria-label="Pretraga medija"
        placeholder="Pretraži po nazivu…"
        className="sm:max-w-xs"
        onChange={() => apply(400)}
      />
      <FilterSelect
        name="type"
        label="Tip"
        value={query.type}
        options={TYPE_FILTERS}
        onChange={() => apply()}
      />
      <FilterSelect
        name="bucket"
        label="Fascikla"
        value={query.bucket}
        options={BUCKET_FILTERS}
        onChange={() => apply()}
      />
      {query.view === "list" ? <input type="hidden" name="view" value="list" /> : null}
      <SegmentedNav
        label="Prikaz"
        look="buttons"
        className="sm:ml-auto"
        current={query.view}
        preventScrollReset
        items={[
          { value: "grid", label: "Mreža", href: viewHref(query, "grid") },
          { value: "list", label: "Lista", href: viewHref(query, "list") },
        ]}
      />
    </Form>
  );
}

export type ItemActions = {
  onPreview: (item: MediaItem) => void;
  onCopy: (item: MediaItem) => void;
  onDelete: (item: MediaItem) => void;
};

/** Preview, copy URL, open (a new tab) and delete. */
export function MediaItemActions({ item, actions }: { item: MediaItem; actions: ItemActions }) {
  const small = "h-7 px-2 text-xs";
  return (
    <>
      <Button size="sm" variant="secondary" className={small} onClick={() => actions.onPreview(item)}>
        Pregled
      </Button>
      <Button size="sm" variant="secondary" className={small} onClick={() => actions.onCopy(item)}>
        Kopiraj URL
      </Button>
      <a
        href={item.url}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass("secondary", "sm", small)}
      >
        Otvori
      </a>
      <Button
        size="sm"
        variant="ghost"
        className={`${small} text-red-700`}
        aria-label={`Obriši ${item.displayName}`}
        onClick={() => actions.onDelete(item)}
      >
        Obriši
      </Button>
    </>
  );
}

export function MediaGrid({ items, actions }: { items: MediaItem[]; actions: ItemActions }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="media-grid">
      {items.map((item) => (
        <li
          key={item.id}
          className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
          data-testid="media-item"
        >
          <button
            type="button"
            className="block w-full"
            onClick={() => actions.onPreview(item)}
            title={item.displayName}
          >
            {item.type === "image" ? (
              <Thumb url={thumbnailUrl(item.url)} alt={item.displayName} className="aspect-square w-full" />
            ) : (
              <div className="flex aspect-square w-full items-center justify-center bg-slate-100 text-xs uppercase text-slate-500">
                {item.type}
              </div>
            )}
          </button>
          <div className="space-y-1 p-2">
            <p className="truncate text-xs font-medium text-slate-800" title={item.displayName}>
              {item.displayName}
            </p>
            <p className="text-[11px] text-slate-500">
              {formatBytes(item.size)} · {item.bucket}
            </p>
            <div className="flex flex-wrap gap-1">
              <MediaItemActions item={item} actions={actions} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function MediaList({ items, actions }: { items: MediaItem[]; actions: ItemActions }) {
  return (
    <Card className="overflow-hidden">
      <DataTable
        caption="Fajlovi"
        rows={items}
        testId="media"
        empty="Nema fajlova."
        columns={[
          {
            key: "file",
            header: "Fajl",
            mobile: "title",
            cell: (item) => (
              <div className="flex items-center gap-3">
                <Thumb url={thumbnailUrl(item.url)} alt="" className="h-10 w-10 shrink-0 rounded" />
                <span className="min-w-0 break-all font-medium text-slate-800" title={item.displayName}>
                  {item.displayName}
                </span>
              </div>
            ),
          },
          { key: "type", header: "Tip", cell: (item) => <Badge tone="info">{item.mimeType}</Badge> },
          {
            key: "size",
            header: "Veličina",
            className: "whitespace-nowrap",
            cell: (item) => formatBytes(item.size),
          },
          { key: "bucket", header: "Fascikla", cell: (item) => item.bucket },
          {
            key: "date",
            header: "Datum",
            className: "whitespace-nowrap",
            cell: (item) => formatDateTime(item.createdAt),
          },
          actionsColumn((item: MediaItem) => <MediaItemActions item={item} actions={actions} />),
        ]}
      />
    </Card>
  );
}
