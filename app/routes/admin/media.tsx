import { useCallback, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { ImagePickerModal } from "~/components/media/image-picker-modal";
import {
  type ItemActions,
  MediaFilters,
  MediaGrid,
  MediaItemActions,
  MediaList,
  TYPE_FILTERS,
} from "~/components/media/manager-list";
import { DropZone, UploadProgress, useUploads } from "~/components/media/manager-uploads";
import { formatBytes, type MediaBucket } from "~/components/media/media-api";
import { type DeleteOutcome, MediaDeleteDialog } from "~/components/media/media-delete-dialog";
import { ImageLightbox } from "~/components/media/media-parts";
import { MediaUsageList, MediaWordsForm } from "~/components/media/media-words";
import { Pagination } from "~/components/pagination";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { listMedia, type MediaItem } from "~/domain/media/media.server";
import { MANAGER_PAGE_SIZE, type MediaType } from "~/domain/media/rules";
import { readListRequest } from "~/http/admin-list.server";
import { isBucket } from "~/integrations/storage/storage";
import { formatDateTime } from "~/lib/dates";
import { logger } from "~/lib/logger.server";
import { resultCountLine, totalPagesOf } from "~/lib/pagination";
import { uploadLimitText } from "~/messages/media";
import { getDb } from "~/services.server";
import type { Route } from "./+types/media";

export const meta: Route.MetaFunction = () => [{ title: "Mediji — Admin panel" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { params, page } = await readListRequest(request, "canViewMedia");
  const q = (params.get("q") ?? "").slice(0, 200);
  const typeParam = params.get("type");
  const type = TYPE_FILTERS.some((t) => t.value === typeParam && t.value !== "all")
    ? (typeParam as MediaType)
    : undefined;
  const bucketParam = params.get("bucket");
  const bucket = isBucket(bucketParam) ? bucketParam : undefined;
  const view = params.get("view") === "list" ? ("list" as const) : ("grid" as const);
  let result: { items: MediaItem[]; total: number };
  try {
    result = await listMedia(getDb(), { q, type, bucket, page, perPage: MANAGER_PAGE_SIZE });
  } catch (error) {
    // Spec §8: list load errors show an empty list with no message (the log has the error).
    logger.error({ err: error }, "media list could not be loaded");
    result = { items: [], total: 0 };
  }
  return { ...result, query: { q, type: type ?? "all", bucket: bucket ?? "all", view, page } };
}

/** Under the preview: the file's type, size and upload time, and its actions. */
function MediaPreviewFooter({ item, actions }: { item: MediaItem; actions: ItemActions }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs text-slate-600">
        <dt>Tip</dt>
        <dd>{item.mimeType}</dd>
        <dt>Veličina</dt>
        <dd>
          {formatBytes(item.size)}
          {item.width ? ` · ${item.width}×${item.height}` : ""}
        </dd>
        <dt>Otpremljeno</dt>
        <dd>{formatDateTime(item.createdAt)}</dd>
      </dl>
      <div className="flex flex-wrap gap-1">
        <MediaItemActions item={item} actions={actions} />
      </div>
    </div>
  );
}

/** Preview, copy URL and delete (after the confirmation) of the listed files, with the screen's notice. */
function useFileActions(refresh: () => void) {
  const [preview, setPreview] = useState<MediaItem | null>(null);
  const [toDelete, setToDelete] = useState<MediaItem | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; message: string } | null>(null);

  function deleted(outcome: DeleteOutcome) {
    const gone = toDelete;
    setToDelete(null);
    if (!gone) return;
    if (!outcome.ok) {
      setNotice({ ok: false, message: `Failed to delete file: ${outcome.message || "nepoznata greška"}` });
      return;
    }
    if (preview?.id === gone.id) setPreview(null);
    setNotice({
      ok: true,
      message: outcome.replacedBy
        ? `Fajl ${gone.displayName} je zamenjen svuda gde se koristio i obrisan.`
        : `Fajl ${gone.displayName} je obrisan.`,
    });
    refresh();
  }

  async function copyUrl(item: MediaItem) {
    const absolute = new URL(item.url, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(absolute);
      setNotice({ ok: true, message: "URL je kopiran." });
    } catch {
      // No clipboard permission (or no secure context): the address is offered to copy by hand.
      window.prompt("Kopirajte URL:", absolute);
    }
  }

  const actions: ItemActions = { onPreview: setPreview, onCopy: copyUrl, onDelete: setToDelete };
  return { preview, setPreview, toDelete, setToDelete, notice, deleted, actions };
}

/** The file's preview (with its alt text and where it is used) and the delete confirmation. */
function FileDialogs({
  files,
  onWordsSaved,
}: {
  files: ReturnType<typeof useFileActions>;
  onWordsSaved: () => void;
}) {
  const { preview, setPreview, toDelete, setToDelete, deleted, actions } = files;
  return (
    <>
      <ImageLightbox
        image={preview ? { url: preview.url, name: preview.displayName } : null}
        onClose={() => setPreview(null)}
        footer={preview ? <MediaPreviewFooter item={preview} actions={actions} /> : null}
        words={
          preview?.type === "image" ? (
            <div className="space-y-3 border-t border-slate-200 pt-3">
              <MediaWordsForm key={preview.id} file={preview} onSaved={onWordsSaved} />
              <MediaUsageList url={preview.url} />
            </div>
          ) : null
        }
      />
      <MediaDeleteDialog
        file={toDelete}
        title="Brisanje fajla"
        description={
          toDelete ? (
            <>
              Da li ste sigurni da želite da obrišete <strong>{toDelete.displayName}</strong>? Ova akcija se
              ne može poništiti.
            </>
          ) : null
        }
        Picker={ImagePickerModal}
        onCancel={() => setToDelete(null)}
        onDone={deleted}
      />
    </>
  );
}

export default function MediaManager({ loaderData }: Route.ComponentProps) {
  const { items, total, query } = loaderData;
  const revalidator = useRevalidator();
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadBucket: MediaBucket = query.bucket === "images" ? "images" : "mediji";
  const refresh = useCallback(() => revalidator.revalidate(), [revalidator]);
  const { uploads, skipped, start, clear } = useUploads(uploadBucket, refresh);

  const files = useFileActions(refresh);
  const { notice, actions } = files;
  return (
    <div>
      <PageHeader
        title="Mediji"
        description={`Otpremajte, pregledajte i brišite slike (${uploadLimitText("manager")}).`}
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
      <DropZone bucket={uploadBucket} onFiles={start} onBrowse={() => fileInput.current?.click()} />

      <div className="mb-4 space-y-2">
        {notice ? (
          <Notice
            tone={notice.ok ? "success" : "error"}
            message={notice.message}
            vanishAfterMs={notice.ok ? 3000 : undefined}
          />
        ) : null}
        <UploadProgress uploads={uploads} skipped={skipped} onHide={clear} />
      </div>

      <MediaFilters query={query} />
      <p className="mb-2 text-sm text-slate-600">{resultCountLine(query.page, MANAGER_PAGE_SIZE, total)}</p>
      {items.length === 0 ? (
        <Card className="px-5 py-10 text-center text-sm text-slate-500">Nema fajlova.</Card>
      ) : query.view === "grid" ? (
        <MediaGrid items={items} actions={actions} />
      ) : (
        <MediaList items={items} actions={actions} />
      )}

      <div className="mt-4">
        <Pagination page={query.page} totalPages={totalPagesOf(total, MANAGER_PAGE_SIZE)} />
      </div>

      <FileDialogs files={files} onWordsSaved={refresh} />
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
