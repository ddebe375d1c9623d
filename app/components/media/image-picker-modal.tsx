/**
 * The image picker modal (spec §2 Media): reads BOTH buckets (`images` and `mediji`), filters by
 * name, and returns the chosen image. Read-only: uploads and deletes live in MediaLibraryModal and
 * the media manager.
 *
 *   <ImagePickerModal open={open} onOpenChange={setOpen}
 *     onSelect={({ url, name }) => insertImage(url, name)} />
 */
import { useEffect, useState } from "react";
import { thumbnailUrl } from "~/domain/media/responsive";
import { LIBRARY_PAGE_SIZE } from "~/domain/media/rules";
import { totalPagesOf } from "~/lib/pagination";
import { Button } from "../ui/button";
import { Input, Select } from "../ui/field";
import { fetchMediaPage, type MediaBucket, type MediaPage } from "./media-api";
import type { SelectedMedia } from "./media-library-modal";
import { MediaDialog, StatePager, Thumb, useDebounced } from "./media-parts";

const BUCKET_LABELS: Record<MediaBucket | "all", string> = {
  all: "Sve slike",
  images: "images",
  mediji: "mediji",
};

export function ImagePickerModal({
  open,
  onOpenChange,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (file: SelectedMedia) => void;
}) {
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
      .catch(() => undefined);
    return () => controller.abort();
  }, [open, q, bucket, page, reloadToken]);

  const items = data?.items ?? [];
  return (
    <MediaDialog open={open} onOpenChange={onOpenChange} title="Izaberite sliku" testId="image-picker-modal">
      <div className="space-y-4">
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            type="search"
            aria-label="Filtriraj po nazivu"
            placeholder="Filtriraj po nazivu…"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="sm:max-w-xs"
          />
          <Select
            aria-label="Bucket"
            value={bucket}
            onChange={(e) => setBucket(e.target.value as MediaBucket | "all")}
            className="sm:max-w-48"
          >
            {Object.entries(BUCKET_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
          <Button variant="secondary" onClick={() => setReloadToken((n) => n + 1)} disabled={loading}>
            Osveži
          </Button>
        </div>
        {items.length === 0 && !loading ? (
          <p className="py-10 text-center text-sm text-slate-500">Nema slika.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-5" aria-busy={loading}>
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => {
                    onSelect({ url: item.url, name: item.displayName });
                    onOpenChange(false);
                  }}
                  className="block w-full overflow-hidden rounded-lg border border-slate-200 text-left hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  <Thumb
                    url={thumbnailUrl(item.url)}
                    alt={item.displayName}
                    className="aspect-square w-full"
                  />
                  <span className="block truncate p-2 text-xs text-slate-700">{item.displayName}</span>
                  <span className="block px-2 pb-2 text-[10px] uppercase text-slate-400">{item.bucket}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex justify-end">
          <StatePager
            page={page}
            totalPages={totalPagesOf(data?.total ?? 0, LIBRARY_PAGE_SIZE)}
            onPage={setPage}
          />
        </div>
      </div>
    </MediaDialog>
  );
}
