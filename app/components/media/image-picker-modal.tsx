/**
 * The image picker (spec §2 Media): the one dialog every "choose from library" opens — the article
 * content, the article's main image, the settings images, the banner image and the company logo
 * (decision 112). It reads BOTH buckets (`images` and `mediji`, or one of them), filters by name,
 * 20 per page, and offers what the media library modal of the spec offers: upload (image only,
 * 5 MB, into `images`), refresh, a full-size view, delete with confirmation, and select.
 *
 *   const [open, setOpen] = useState(false);
 *   <ImagePickerModal open={open} onOpenChange={setOpen}
 *     onSelect={({ url, name }) => setImageUrl(url)} />
 *
 * `url` is the public path (`/media/images/{key}` or `/media/mediji/{key}`); the dialog closes
 * itself after a selection.
 */
import { useCallback, useEffect, useState } from "react";
import { OptionsSelect } from "~/components/ui/options-select";
import { thumbnailUrl } from "~/domain/media/responsive";
import { LIBRARY_PAGE_SIZE } from "~/domain/media/rules";
import { totalPagesOf } from "~/lib/pagination";
import { MEDIA_MESSAGES } from "~/messages/media";
import { ConfirmDialog } from "../confirm-dialog";
import { Button } from "../ui/button";
import { Input } from "../ui/field";
import { Notice } from "../ui/notice";
import {
  deleteMediaFile,
  fetchMediaPage,
  type MediaBucket,
  type MediaItem,
  type MediaPage,
  uploadLibraryImage,
} from "./media-api";
import {
  ImageLightbox,
  MediaDialog,
  StatePager,
  Thumb,
  UploadImageButton,
  useDebounced,
} from "./media-parts";
import { MediaUsageList, MediaWordsForm } from "./media-words";

/** The chosen file, with the words stored with it (used by default where it is inserted). */
export type SelectedMedia = { url: string; name: string; alt?: string; caption?: string };

const BUCKET_LABELS: Record<MediaBucket | "all", string> = {
  all: "Sve slike",
  images: "images",
  mediji: "mediji",
};

/** One page of the library as the dialog shows it: filter, bucket, page, reloaded on request. */
function useLibraryPage(open: boolean) {
  const [query, setQuery] = useState("");
  const [bucket, setBucket] = useState<MediaBucket | "all">("all");
  const q = useDebounced(query.trim(), 300);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<MediaPage | null>(null);
  const [loading, setLoading] = useState(false);
  const [reloadToken, setReloadToken] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts at page 1
  useEffect(() => setPage(1), [q, bucket]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadToken forces a refresh
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setLoading(true);
    fetchMediaPage({ bucket, q, type: "image", page, perPage: LIBRARY_PAGE_SIZE, signal: controller.signal })
      .then((result) => {
        setData(result);
        setLoading(false);
      })
      // Aborted by a newer request (or the dialog closing): that one shows its own result.
      .catch(() => undefined);
    return () => controller.abort();
  }, [open, q, bucket, page, reloadToken]);

  const refresh = useCallback(() => setReloadToken((n) => n + 1), []);
  return {
    ...{ query, setQuery, bucket, setBucket, q, page, setPage, data, loading, refresh },
    /** After an upload the new image comes first: newest first, in every bucket. */
    showNewest() {
      setQuery("");
      if (bucket === "mediji") setBucket("all");
      setPage(1);
      refresh();
    },
  };
}

type Library = ReturnType<typeof useLibraryPage>;

/** Filter by name, bucket, refresh and upload. */
function PickerBar({
  library,
  uploading,
  onFile,
}: {
  library: Library;
  uploading: number | null;
  onFile: (file: File) => void;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      <Input
        type="search"
        aria-label="Pretraga slika"
        placeholder="Filtriraj po nazivu…"
        value={library.query}
        onChange={(e) => library.setQuery(e.target.value)}
        className="sm:max-w-xs"
      />
      <OptionsSelect
        aria-label="Bucket"
        value={library.bucket}
        onChange={(e) => library.setBucket(e.target.value as MediaBucket | "all")}
        className="sm:max-w-40"
        options={Object.entries(BUCKET_LABELS)}
      />
      <div className="flex gap-2">
        <Button variant="secondary" onClick={library.refresh} disabled={library.loading}>
          Osveži
        </Button>
        <UploadImageButton
          uploading={uploading}
          onFile={onFile}
          inputLabel="Otpremi sliku"
          testId="image-picker-upload"
        />
      </div>
    </div>
  );
}

const SMALL = "h-7 px-2 text-xs";

/** What can be done with an image of the grid. */
type ItemActions = {
  onSelect: (item: MediaItem) => void;
  onView: (item: MediaItem) => void;
  onDelete: (item: MediaItem) => void;
};

/** One image of the grid: its thumbnail selects it; "Izaberi", "Prikaži", "Obriši". */
function PickerItem({ item, actions }: { item: MediaItem; actions: ItemActions }) {
  const onSelect = () => actions.onSelect(item);
  return (
    <li className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      <button type="button" className="block w-full" onClick={onSelect} title={`Izaberi ${item.displayName}`}>
        <Thumb url={thumbnailUrl(item.url)} alt={item.displayName} className="aspect-square w-full" />
      </button>
      <div className="space-y-1 p-2">
        <p className="truncate text-xs text-slate-700" title={item.displayName}>
          {item.displayName}
        </p>
        <p className="text-[10px] uppercase text-slate-400">{item.bucket}</p>
        <div className="flex flex-wrap gap-1">
          <Button size="sm" className={SMALL} onClick={onSelect}>
            Izaberi
          </Button>
          <Button size="sm" variant="secondary" className={SMALL} onClick={() => actions.onView(item)}>
            Prikaži
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className={`${SMALL} text-red-700`}
            onClick={() => actions.onDelete(item)}
            aria-label={`Obriši ${item.displayName}`}
          >
            Obriši
          </Button>
        </div>
      </div>
    </li>
  );
}

/** The full-size view of an image: its words (alt text, caption) to edit, delete or select. */
function PickerLightbox({
  viewing,
  onClose,
  onDelete,
  onSelect,
  onSaved,
}: {
  viewing: MediaItem | null;
  onClose: () => void;
  onDelete: (item: MediaItem) => void;
  onSelect: (item: MediaItem) => void;
  onSaved: (item: MediaItem) => void;
}) {
  return (
    <ImageLightbox
      image={viewing ? { url: viewing.url, name: viewing.displayName } : null}
      onClose={onClose}
      footer={
        viewing ? (
          <div className="flex justify-end gap-2">
            <Button variant="danger" onClick={() => onDelete(viewing)}>
              Obriši
            </Button>
            <Button onClick={() => onSelect(viewing)}>Izaberi</Button>
          </div>
        ) : null
      }
      words={
        viewing ? (
          <MediaWordsForm
            key={viewing.id}
            file={viewing}
            onSaved={(words) => onSaved({ ...viewing, ...words })}
          />
        ) : null
      }
    />
  );
}

/** An upload into `images`: its progress, then the message and the new image first. */
function useUpload(say: (message: { ok: boolean; text: string } | null) => void, showNewest: () => void) {
  const [uploading, setUploading] = useState<number | null>(null);
  async function onFile(file: File) {
    say(null);
    setUploading(0);
    const result = await uploadLibraryImage(file, { onProgress: (f) => setUploading(Math.round(f * 100)) });
    setUploading(null);
    if (!result.ok) return say({ ok: false, text: result.message });
    say({ ok: true, text: "Slika je uspešno otpremljena." });
    showNewest();
  }
  return { uploading, onFile };
}

/** The page's images (or why there are none), the total and the pager. */
function PickerGrid({ library, actions }: { library: Library; actions: ItemActions }) {
  const { data, loading, q, page } = library;
  const items = data?.items ?? [];
  return (
    <>
      {items.length === 0 && !loading ? (
        <p className="py-10 text-center text-sm text-slate-500">
          {q ? "Nema slika za ovu pretragu." : "Biblioteka je prazna."}
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-5" aria-busy={loading}>
          {items.map((item) => (
            <PickerItem key={item.id} item={item} actions={actions} />
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-500">{data ? `Ukupno: ${data.total}` : "Učitavanje…"}</p>
        <StatePager
          page={page}
          totalPages={totalPagesOf(data?.total ?? 0, LIBRARY_PAGE_SIZE)}
          onPage={library.setPage}
        />
      </div>
    </>
  );
}

export function ImagePickerModal({
  open,
  onOpenChange,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (file: SelectedMedia) => void;
}) {
  const library = useLibraryPage(open);
  const { refresh } = library;
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [viewing, setViewing] = useState<MediaItem | null>(null);
  const [toDelete, setToDelete] = useState<MediaItem | null>(null);
  const [deleting, setDeleting] = useState(false);

  const { uploading, onFile } = useUpload(setMessage, library.showNewest);

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    const result = await deleteMediaFile(toDelete.bucket, toDelete.name);
    setDeleting(false);
    setToDelete(null);
    if (!result.ok) return setMessage({ ok: false, text: MEDIA_MESSAGES.deleteFailed });
    if (viewing?.id === toDelete.id) setViewing(null);
    refresh();
  }

  function select(item: MediaItem) {
    setViewing(null);
    onSelect({ url: item.url, name: item.displayName, alt: item.alt, caption: item.caption });
    onOpenChange(false);
  }

  return (
    <>
      <MediaDialog
        open={open}
        onOpenChange={onOpenChange}
        title="Izaberite sliku"
        description="Slike iz oba bucket-a (images i mediji). Nova slika se otprema u images (JPG, PNG, GIF, WebP, najviše 5MB)."
        testId="image-picker-modal"
      >
        <div className="space-y-4">
          <PickerBar library={library} uploading={uploading} onFile={onFile} />
          <Notice
            tone={message?.ok ? "success" : "error"}
            message={message?.text}
            vanishAfterMs={message?.ok ? 3000 : undefined}
          />
          <PickerGrid
            library={library}
            actions={{ onSelect: select, onView: setViewing, onDelete: setToDelete }}
          />
        </div>
      </MediaDialog>
      <PickerLightbox
        viewing={viewing}
        onClose={() => setViewing(null)}
        onDelete={setToDelete}
        onSelect={select}
        onSaved={(item) => {
          setViewing(item);
          refresh();
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title="Brisanje slike"
        description={MEDIA_MESSAGES.confirmDelete}
        details={toDelete ? <MediaUsageList url={toDelete.url} /> : null}
        confirmLabel="Obriši"
        busy={deleting}
        onConfirm={confirmDelete}
      />
    </>
  );
}
