/**
 * The media manager's uploads (spec §2 Media, §5 Media manager upload): drag-and-drop or a file
 * dialog, several files at once, two at a time, each with its progress. Types other than jpeg,
 * png, gif, webp and svg are skipped (and counted); a file over 10 MB is refused by itself.
 */
import { useCallback, useState } from "react";
import { Card } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Notice } from "~/components/ui/notice";
import { isAllowedDeclaredType, MANAGER_MAX_BYTES } from "~/domain/media/rules";
import { MEDIA_MESSAGES } from "~/messages/media";
import { type MediaBucket, uploadMediaFile } from "./media-api";

export type Upload = {
  id: string;
  name: string;
  progress: number;
  status: "pending" | "uploading" | "done" | "error";
  message?: string;
};

export function useUploads(bucket: MediaBucket, onDone: () => void) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [skipped, setSkipped] = useState(0);
  const update = useCallback(
    (id: string, patch: Partial<Upload>) =>
      setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...patch } : u))),
    [],
  );

  const start = useCallback(
    async (files: File[]) => {
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
            update(item.id, { status: "error", message: MEDIA_MESSAGES.managerTooLarge });
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

/** The drop zone: files dropped on it (or chosen with the button) start uploading into `bucket`. */
export function DropZone({
  bucket,
  onFiles,
  onBrowse,
}: {
  bucket: MediaBucket;
  onFiles: (files: File[]) => void;
  onBrowse: () => void;
}) {
  const [dragging, setDragging] = useState(false);
  return (
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
        onFiles(Array.from(e.dataTransfer.files));
      }}
      className={cn(
        "mb-4 flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center text-sm transition-colors",
        dragging ? "border-brand-500 bg-brand-50 text-brand-800" : "border-slate-300 bg-white text-slate-600",
      )}
    >
      <p className="font-medium">Prevucite fajlove ovde ili</p>
      <Button variant="secondary" size="sm" onClick={onBrowse}>
        izaberite sa računara
      </Button>
      <p className="text-xs text-slate-500">
        Fajlovi se otpremaju u fasciklu <strong>{bucket}</strong>.
      </p>
    </section>
  );
}

function uploadState(u: Upload): string {
  if (u.status === "done") return "Otpremljeno";
  if (u.status === "error") return u.message ?? "Greška";
  if (u.status === "pending") return "Čeka…";
  return `${u.progress}%`;
}

/** The skipped-type warning and each upload's progress. */
export function UploadProgress({
  uploads,
  skipped,
  onHide,
}: {
  uploads: Upload[];
  skipped: number;
  onHide: () => void;
}) {
  return (
    <>
      {skipped > 0 ? (
        <Notice
          tone="warning"
          message={`Preskočeno fajlova nedozvoljenog tipa: ${skipped}. Dozvoljeni su JPG, PNG, GIF, WebP i SVG.`}
        />
      ) : null}
      {uploads.length > 0 ? (
        <Card className="p-3">
          <div className="mb-2 flex items-center justify-between">
            <h2 className="text-sm font-semibold text-slate-800">Otpremanje</h2>
            <Button size="sm" variant="ghost" onClick={onHide}>
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
                    {uploadState(u)}
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
    </>
  );
}
