import { type ReactNode, useEffect, useRef, useState } from "react";
import { pageWindow } from "~/lib/pagination";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { Dialog, type DialogProps } from "../ui/dialog";

/** The shell of the media dialogs: the kit's panel dialog, wide by default. */
export function MediaDialog({
  wide = true,
  ...props
}: Omit<DialogProps, "layout" | "width"> & { wide?: boolean }) {
  return <Dialog layout="panel" width={wide ? "5xl" : "lg"} {...props} />;
}

/** Page buttons for in-dialog lists (state, not the URL): previous, at most 5 pages, next. */
export function StatePager({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const win = pageWindow(page, totalPages);
  if (win.totalPages <= 1) return null;
  return (
    <nav aria-label="Stranice" className="flex flex-wrap items-center gap-1">
      <Button size="sm" variant="secondary" disabled={!win.hasPrevious} onClick={() => onPage(win.page - 1)}>
        ‹ Prethodna
      </Button>
      {win.pages.map((n) => (
        <Button
          key={n}
          size="sm"
          variant={n === win.page ? "primary" : "secondary"}
          aria-current={n === win.page ? "page" : undefined}
          onClick={() => onPage(n)}
        >
          {n}
        </Button>
      ))}
      <Button size="sm" variant="secondary" disabled={!win.hasNext} onClick={() => onPage(win.page + 1)}>
        Sledeća ›
      </Button>
    </nav>
  );
}

/** A full-size view of one image. */
export function ImageLightbox({
  image,
  onClose,
  footer,
  words,
}: {
  image: { url: string; name: string } | null;
  onClose: () => void;
  footer?: ReactNode;
  /** The file's alt text and caption form, and where it is used (decision 196). */
  words?: ReactNode;
}) {
  return (
    <MediaDialog
      open={image !== null}
      onOpenChange={(o) => !o && onClose()}
      title={image?.name ?? ""}
      testId="media-lightbox"
    >
      {image ? (
        <div className="space-y-3">
          <div className="flex items-center justify-center rounded-lg bg-slate-100 p-2">
            <img src={image.url} alt={image.name} className="max-h-[60vh] max-w-full object-contain" />
          </div>
          {footer}
          {words}
        </div>
      ) : null}
    </MediaDialog>
  );
}

/** The search value, debounced (what the list query uses). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** A thumbnail that shows a neutral tile when the image cannot load. */
export function Thumb({ url, alt, className }: { url: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div className={cn("flex items-center justify-center bg-slate-100 text-xs text-slate-400", className)}>
        Nema pregleda
      </div>
    );
  }
  return (
    <img
      src={url}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={cn("bg-slate-100 object-cover", className)}
    />
  );
}

/** The image types the library takes (spec §5 Image upload). */
export const LIBRARY_ACCEPT = "image/jpeg,image/png,image/gif,image/webp";

/**
 * "Otpremi sliku": opens the file dialog for one library image and shows the upload's progress
 * (`uploading` is the percentage, or null when idle). The file input itself stays out of sight.
 */
export function UploadImageButton({
  uploading,
  onFile,
  inputLabel,
  testId,
  variant = "primary",
  size = "md",
}: {
  uploading: number | null;
  onFile: (file: File) => void;
  inputLabel: string;
  testId: string;
  variant?: "primary" | "secondary";
  size?: "sm" | "md";
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        onClick={() => input.current?.click()}
        disabled={uploading !== null}
      >
        {uploading !== null ? `Otpremanje… ${uploading}%` : "Otpremi sliku"}
      </Button>
      <input
        ref={input}
        type="file"
        accept={LIBRARY_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={inputLabel}
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) onFile(file);
        }}
      />
    </>
  );
}
