import { useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useRevalidator, useSubmit } from "react-router";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { ConfirmDialog } from "~/components/confirm-dialog";
import {
  deleteMediaFile,
  formatBytes,
  type MediaBucket,
  uploadMediaFile,
} from "~/components/media/media-api";
import { ImageLightbox, Thumb } from "~/components/media/media-parts";
import { Pagination } from "~/components/pagination";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Input, Select } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { listMedia, type MediaItem } from "~/domain/media/media.server";
import { thumbnailUrl } from "~/domain/media/responsive";
import {
  isAllowedDeclaredType,
  MANAGER_MAX_BYTES,
  MANAGER_PAGE_SIZE,
  type MediaType,
} from "~/domain/media/rules";
import { requirePermission } from "~/domain/users/auth.server";
import { isBucket } from "~/integrations/storage/storage";
import { formatDateTime } from "~/lib/dates";
import { parsePage, resultCountLine, totalPagesOf } from "~/lib/pagination";
import { getDb } from "~/services.server";
import type { Route } from "./+types/media";

export const meta: Route.MetaFunction = () => [{ title: "Mediji — Admin panel" }];

const TYPE_FILTERS: { value: "all" | MediaType; label: string }[] = [
  { value: "all", label: "Svi tipovi" },
  { value: "image", label: "Slike" },
  { value: "video", label: "Video" },
  { value: "document", label: "Dokumenti" },
];
const BUCKET_FILTERS: { value: "all" | MediaBucket; label: string }[] = [
  { value: "all", label: "Svi bucket-i" },
  { value: "mediji", label: "mediji" },
  { value: "images", label: "images" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewMedia");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const typeParam = url.searchParams.get("type");
  const type = TYPE_FILTERS.some((t) => t.value === typeParam && t.value !== "all")
    ? (typeParam as MediaType)
    : undefined;
  const bucketParam = url.searchParams.get("bucket");
  const bucket = isBucket(bucketParam) ? bucketParam : undefined;
  const view = url.searchParams.get("view") === "list" ? "list" : "grid";
  const page = parsePage(url.searchParams.get("page"));
  let result: { items: MediaItem[]; total: number };
  try {
    result = await listMedia(getDb(), { q, type, bucket, page, perPage: MANAGER_PAGE_SIZE });
  } catch {
    // Spec §8: list load errors show an empty list with no message.
    result = { items: [], total: 0 };
  }
  return { ...result, page, q, type: type ?? "all", bucket: bucket ?? "all", view };
}

type Upload = {
  id: string;
  name: string;
  progress: number;
  status: "pending" | "uploading" | "done" | "error";
  message?: string;
};

function useUploads(bucket: MediaBucket, onDone: () => void) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [skipped, setSkipped] = useState(0);
  const update = useCallback(
    (id: string, patch: Partial<Upload>) =>
      setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...patch } : u))),
    [],
  );

  const start = useCallback(
    async (files: File[]) => {
      // Spec §5: other types are skipped (we say how many); size over 10 MB is refused per file.
      const accepted = files.filter((f) => isAllowedDeclaredType(f.type, f.name, "manager"));
      setSkipped(files.length - accepted.length);
      const batch: (Upload & { file: File })[] = accepted.map((file, i) => ({
        id: `${Date.now()}-${i}-${file.name}`,
        name: file.name,
        progress: 0,
        status: "pending",
        file,
      }));
      setUploads((list) => [
        ...batch.map(({ file: _f, ...u }) => u),
        ...list.filter((u) => u.status !== "done"),
      ]);
      // Two at a time: quick, without flooding the server.
      let next = 0;
      const worker = async () => {
        while (next < batch.length) {
          const item = batch[next++];
          if (item.file.size > MANAGER_MAX_BYTES) {
            update(item.id, { status: "error", message: "Fajl je prevelik. Maksimalna veličina je 10MB." });
            continue;
          }
          update(item.id, { status: "uploading" });
          const result = await uploadMediaFile(item.file, {
            bucket,
            profile: "manager",
            onProgress: (f) => update(item.id, { progress: Math.round(f * 100) }),
          });
          update(
            item.id,
            result.ok ? { status: "done", progress: 100 } : { status: "error", message: result.message },
          );
        }
      };
      await Promise.all([worker(), worker()]);
      if (batch.length) onDone();
    },
    [bucket, onDone, update],
  );
  return { uploads, skipped, start, clear: () => setUploads([]) };
}

export default function MediaManager({ loaderData }: Route.ComponentProps) {
  const { items, total, page, q, type, bucket, view } = loaderData;
  const revalidator = useRevalidator();
  const submit = useSubmit();
  const filterForm = useRef<HTMLFormElement>(null);
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<MediaItem | null>(null);
  const [toDelete, setToDelete] = useState<MediaItem | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; message: string } | null>(null);
  const uploadBucket: MediaBucket = bucket === "images" ? "images" : "mediji";
  const refresh = useCallback(() => revalidator.revalidate(), [revalidator]);
  const { uploads, skipped, start, clear } = useUploads(uploadBucket, refresh);

  useEffect(() => () => clearTimeout(searchTimer.current), []);

  const submitFilters = (delay = 0) => {
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => {
      if (filterForm.current) submit(filterForm.current, { replace: true, preventScrollReset: true });
    }, delay);
  };

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    const result = await deleteMediaFile(toDelete.bucket, toDelete.name);
    setDeleting(false);
    const deleted = toDelete;
    setToDelete(null);
    if (!result.ok) {
      setNotice({ ok: false, message: `Failed to delete file: ${result.message ?? "nepoznata greška"}` });
      return;
    }
    if (preview?.id === deleted.id) setPreview(null);
    setNotice({ ok: true, message: `Fajl ${deleted.displayName} je obrisan.` });
    refresh();
  }

  async function copyUrl(item: MediaItem) {
    const absolute = new URL(item.url, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(absolute);
      setNotice({ ok: true, message: "URL je kopiran." });
    } catch {
      window.prompt("Kopirajte URL:", absolute);
    }
  }

  const viewHref = (v: "grid" | "list") => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (type !== "all") params.set("type", type);
    if (bucket !== "all") params.set("bucket", bucket);
    if (v === "list") params.set("view", "list");
    if (page > 1) params.set("page", String(page));
    const s = params.toString();
    return s ? `?${s}` : "?";
  };

  const actions = (item: MediaItem, compact = false) => (
    <div className={cn("flex flex-wrap gap-1", compact ? "" : "md:justify-end")}>
      <Button size="sm" variant="secondary" className="h-7 px-2 text-xs" onClick={() => setPreview(item)}>
        Pregled
      </Button>
      <Button size="sm" variant="secondary" className="h-7 px-2 text-xs" onClick={() => copyUrl(item)}>
        Kopiraj URL
      </Button>
      <a
        href={item.url}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass("secondary", "sm", "h-7 px-2 text-xs")}
      >
        Otvori
      </a>
      <Button
        size="sm"
        variant="ghost"
        className="h-7 px-2 text-xs text-red-700"
        aria-label={`Obriši ${item.displayName}`}
        onClick={() => setToDelete(item)}
      >
        Obriši
      </Button>
    </div>
  );

  return (
    <div>
      <PageHeader
        title="Mediji"
        description="Otpremajte, pregledajte i brišite slike (JPG, PNG, GIF, WebP, SVG; najviše 10MB po fajlu)."
        actions={
          <>
            <Button variant="secondary" onClick={refresh} disabled={revalidator.state !== "idle"}>
              Osveži
            </Button>
            <Button onClick={() => fileInput.current?.click()}>Otpremi fajlove</Button>
          </>
        }
      />
      <input
        ref={fileInput}
        type="file"
        multiple
        accept="image/jpeg,image/png,image/gif,image/webp,image/svg+xml"
        className="sr-only"
        tabIndex={-1}
        aria-label="Otpremi fajlove"
        data-testid="media-manager-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = "";
          start(files);
        }}
      />

      <section
        aria-label="Prevucite fajlove ovde"
        data-testid="media-drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          start(Array.from(e.dataTransfer.files));
        }}
        className={cn(
          "mb-4 flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center text-sm transition-colors",
          dragging
            ? "border-brand-500 bg-brand-50 text-brand-800"
            : "border-slate-300 bg-white text-slate-600",
        )}
      >
        <p className="font-medium">Prevucite fajlove ovde ili</p>
        <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
          izaberite sa računara
        </Button>
        <p className="text-xs text-slate-500">
          Fajlovi se otpremaju u bucket <strong>{uploadBucket}</strong>.
        </p>
      </section>

      <div className="mb-4 space-y-2">
        {skipped > 0 ? (
          <Notice
            tone="warning"
            message={`Preskočeno fajlova nedozvoljenog tipa: ${skipped}. Dozvoljeni su JPG, PNG, GIF, WebP i SVG.`}
          />
        ) : null}
        {notice ? (
          <Notice
            tone={notice.ok ? "success" : "error"}
            message={notice.message}
            vanishAfterMs={notice.ok ? 3000 : undefined}
          />
        ) : null}
        {uploads.length > 0 ? (
          <Card className="p-3">
            <div className="mb-2 flex items-center justify-between">
              <h2 className="text-sm font-semibold text-slate-800">Otpremanje</h2>
              <Button size="sm" variant="ghost" onClick={clear}>
                Sakrij
              </Button>
            </div>
            <ul className="space-y-2" data-testid="upload-list">
              {uploads.map((u) => (
                <li key={u.id} className="text-xs">
                  <div className="flex justify-between gap-2">
                    <span className="truncate text-slate-700">{u.name}</span>
                    <span
                      className={cn(
                        "shrink-0",
                        u.status === "error"
                          ? "text-red-700"
                          : u.status === "done"
                            ? "text-emerald-700"
                            : "text-slate-500",
                      )}
                    >
                      {u.status === "done"
                        ? "Otpremljeno"
                        : u.status === "error"
                          ? (u.message ?? "Greška")
                          : u.status === "pending"
                            ? "Čeka…"
                            : `${u.progress}%`}
                    </span>
                  </div>
                  <div className="mt-1 h-1.5 overflow-hidden rounded bg-slate-100">
                    <div
                      role="progressbar"
                      aria-label={u.name}
                      aria-valuenow={u.progress}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      className={cn("h-full", u.status === "error" ? "bg-red-500" : "bg-brand-600")}
                      style={{ width: `${u.status === "error" ? 100 : u.progress}%` }}
                    />
                  </div>
                </li>
              ))}
            </ul>
          </Card>
        ) : null}
      </div>

      <Form
        ref={filterForm}
        method="get"
        className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center"
        onSubmit={() => clearTimeout(searchTimer.current)}
      >
        <Input
          type="search"
          name="q"
          defaultValue={q}
          aria-label="Pretraga medija"
          placeholder="Pretraži po nazivu…"
          className="sm:max-w-xs"
          onChange={() => submitFilters(400)}
        />
        <Select
          name="type"
          defaultValue={type}
          aria-label="Tip"
          className="sm:max-w-40"
          onChange={() => submitFilters()}
        >
          {TYPE_FILTERS.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </Select>
        <Select
          name="bucket"
          defaultValue={bucket}
          aria-label="Bucket"
          className="sm:max-w-40"
          onChange={() => submitFilters()}
        >
          {BUCKET_FILTERS.map((b) => (
            <option key={b.value} value={b.value}>
              {b.label}
            </option>
          ))}
        </Select>
        {view === "list" ? <input type="hidden" name="view" value="list" /> : null}
        <nav className="flex gap-1 sm:ml-auto" aria-label="Prikaz">
          <Link
            to={viewHref("grid")}
            aria-current={view === "grid" ? "true" : undefined}
            preventScrollReset
            className={buttonClass(view === "grid" ? "primary" : "secondary", "sm")}
          >
            Mreža
          </Link>
          <Link
            to={viewHref("list")}
            aria-current={view === "list" ? "true" : undefined}
            preventScrollReset
            className={buttonClass(view === "list" ? "primary" : "secondary", "sm")}
          >
            Lista
          </Link>
        </nav>
      </Form>

      <p className="mb-2 text-sm text-slate-600">{resultCountLine(page, MANAGER_PAGE_SIZE, total)}</p>

      {items.length === 0 ? (
        <Card className="px-5 py-10 text-center text-sm text-slate-500">Nema fajlova.</Card>
      ) : view === "grid" ? (
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
                onClick={() => setPreview(item)}
                title={item.displayName}
              >
                {item.type === "image" ? (
                  <Thumb
                    url={thumbnailUrl(item.url)}
                    alt={item.displayName}
                    className="aspect-square w-full"
                  />
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
                {actions(item, true)}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <Card className="overflow-hidden">
          <ul className="divide-y divide-slate-100 md:hidden">
            {items.map((item) => (
              <li key={item.id} className="flex gap-3 px-3 py-3" data-testid="media-item">
                <Thumb
                  url={thumbnailUrl(item.url)}
                  alt={item.displayName}
                  className="h-14 w-14 shrink-0 rounded"
                />
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="truncate text-sm font-medium text-slate-800">{item.displayName}</p>
                  <p className="text-xs text-slate-500">
                    {formatBytes(item.size)} · {formatDateTime(item.createdAt)}
                  </p>
                  {actions(item, true)}
                </div>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto md:block">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Fajl
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Tip
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Veličina
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Bucket
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Datum
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Akcije
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((item) => (
                  <tr key={item.id} data-testid="media-item">
                    <td className="px-4 py-2">
                      <div className="flex items-center gap-3">
                        <Thumb url={thumbnailUrl(item.url)} alt="" className="h-10 w-10 shrink-0 rounded" />
                        <span
                          className="max-w-xs truncate font-medium text-slate-800"
                          title={item.displayName}
                        >
                          {item.displayName}
                        </span>
                      </div>
                    </td>
                    <td className="px-4 py-2">
                      <Badge tone="info">{item.mimeType}</Badge>
                    </td>
                    <td className="whitespace-nowrap px-4 py-2 text-slate-600">{formatBytes(item.size)}</td>
                    <td className="px-4 py-2 text-slate-600">{item.bucket}</td>
                    <td className="whitespace-nowrap px-4 py-2 text-slate-600">
                      {formatDateTime(item.createdAt)}
                    </td>
                    <td className="px-4 py-2">{actions(item)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}

      <div className="mt-4">
        <Pagination page={page} totalPages={totalPagesOf(total, MANAGER_PAGE_SIZE)} />
      </div>

      <ImageLightbox
        image={preview ? { url: preview.url, name: preview.displayName } : null}
        onClose={() => setPreview(null)}
        footer={
          preview ? (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs text-slate-600">
                <dt>Tip</dt>
                <dd>{preview.mimeType}</dd>
                <dt>Veličina</dt>
                <dd>
                  {formatBytes(preview.size)}
                  {preview.width ? ` · ${preview.width}×${preview.height}` : ""}
                </dd>
                <dt>Otpremljeno</dt>
                <dd>{formatDateTime(preview.createdAt)}</dd>
              </dl>
              {actions(preview)}
            </div>
          ) : null
        }
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title="Brisanje fajla"
        description={
          toDelete ? (
            <>
              Da li ste sigurni da želite da obrišete <strong>{toDelete.displayName}</strong>? Ova akcija se
              ne može poništiti.
            </>
          ) : null
        }
        confirmLabel="Obriši"
        busy={deleting}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
