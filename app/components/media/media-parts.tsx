import { Dialog } from "radix-ui";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { pageWindow } from "~/lib/pagination";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";

/** The shell of the media dialogs: a wide, scrollable Radix dialog with a title and a close button. */
export function MediaDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide = true,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          data-testid={testId}
          className={cn(
            "fixed left-1/2 top-1/2 z-50 flex max-h-[92vh] w-[calc(100%-1rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-xl bg-white shadow-xl",
            wide ? "max-w-5xl" : "max-w-lg",
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-4 py-3 sm:px-6">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="text-sm text-slate-600">{description}</Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{title}</Dialog.Description>
              )}
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Zatvori">
                ✕
              </Button>
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
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
