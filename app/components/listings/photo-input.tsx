import { useEffect, useRef } from "react";
import { FieldError } from "~/components/ui/field";
import { MAX_PHOTOS } from "~/domain/listings/options";
import type { ListingPhoto } from "~/domain/listings/types";
import { thumbnailUrl } from "~/domain/media/responsive";
import { LISTING_MESSAGES } from "~/messages/listings";
import { bindFileSummaries } from "~/public-client/file-summary";

/**
 * The photo picker: a plain multiple file input (works without JavaScript, in a multipart form).
 * With JavaScript it tells at once how many photos were chosen and which are too large
 * (app/public-client/file-summary.ts: the public enhancement script on the posting pages, an
 * effect in the admin editor); the server checks every photo by its bytes anyway.
 */
export function PhotoInput({
  idPrefix,
  error,
  existing,
  photosLost,
}: {
  idPrefix: string;
  error?: string;
  existing: readonly ListingPhoto[];
  photosLost?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current) bindFileSummaries(ref.current);
  }, []);
  const id = `${idPrefix}-photos`;
  const room = MAX_PHOTOS - existing.length;
  const describedBy = [error ? `${id}-error` : null, `${id}-hint`, `${id}-status`].filter(Boolean).join(" ");
  return (
    <div ref={ref} className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Fotografije
      </label>
      {existing.length > 0 ? (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Sačuvane fotografije">
          {existing.map((photo, i) => (
            <li key={photo.id} className="overflow-hidden rounded-lg border border-slate-200">
              <img
                src={thumbnailUrl(photo.url)}
                alt={`Fotografija ${i + 1}`}
                width={200}
                height={150}
                className="aspect-[4/3] w-full object-cover"
              />
              <label className="flex items-center gap-2 px-2 py-1.5 text-xs text-slate-700">
                <input type="checkbox" name="removePhoto" value={photo.id} className="h-4 w-4" />
                Ukloni
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        name="photos"
        type="file"
        multiple
        accept="image/jpeg,image/png,image/gif,image/webp"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-file-summary={`#${id}-status`}
        data-file-room={room}
        data-file-max-bytes={5 * 1024 * 1024}
        className="block w-full rounded-lg border border-dashed border-slate-300 bg-slate-50 px-3 py-3 text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        Do {MAX_PHOTOS} fotografija ukupno, JPG, PNG, GIF ili WebP, najviše 5 MB svaka. Prva fotografija je
        naslovna.
      </p>
      <p
        id={`${id}-status`}
        role="status"
        aria-live="polite"
        className="text-xs font-medium text-slate-600 empty:hidden data-[state=problem]:text-amber-700"
      />
      {photosLost ? (
        <p className="text-xs font-medium text-amber-700">{LISTING_MESSAGES.photosAgain}</p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}
