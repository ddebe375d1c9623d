import { type ReactNode, useDeferredValue, useId, useMemo, useRef, useState } from "react";
import { ImagePickerModal } from "~/components/media/image-picker-modal";
import { uploadLibraryImage } from "~/components/media/media-api";
import { LIBRARY_ACCEPT } from "~/components/media/media-parts";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Dialog } from "~/components/ui/dialog";
import { Field, Input } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { applyLink, checkLinkSelection, imageHtml, insertAt, normalizeLinkUrl } from "~/domain/articles/link";
import { sanitizeArticleHtml } from "~/domain/articles/sanitize";
import { isSafeArticleUrl } from "~/domain/articles/urls";
import { CleanArticleHtml } from "./article-body";

const IMAGE_URL_MESSAGE = "Unesite adresu slike (http(s)://… ili /putanja).";

/** A small dialog with one URL field; the message stays beside the field and the typed URL is kept. */
function UrlDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  submitLabel,
  error,
  onSubmit,
  extra,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label: string;
  submitLabel: string;
  error: string | null;
  onSubmit: (url: string, form: FormData) => void;
  extra?: ReactNode;
}) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      layout="center"
      width="md"
      title={title}
      description={description}
    >
      <form
        className="mt-4 space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          const form = new FormData(event.currentTarget);
          onSubmit(String(form.get("url") ?? ""), form);
        }}
      >
        <Field id={`${id}-url`} label={label} error={error ?? undefined}>
          <Input id={`${id}-url`} name="url" autoComplete="off" invalid={Boolean(error)} autoFocus />
        </Field>
        {extra}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Otkaži
          </Button>
          <Button type="submit">{submitLabel}</Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The article content editor: the HTML in a textarea, a toolbar acting on its selection (add image,
 * add link with the rules of spec §5, choose from library) and a live preview rendered through the
 * same allowlist sanitizer as the public page.
 */
export function ContentEditor({
  id,
  name,
  value,
  onChange,
  error,
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const selection = useRef<{ start: number; end: number }>({ start: 0, end: 0 });
  const [message, setMessage] = useState<string | null>(null);
  const [dialog, setDialog] = useState<"link" | "image" | "library" | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const preview = useDeferredValue(value);
  const previewHtml = useMemo(() => sanitizeArticleHtml(preview), [preview]);

  function rememberSelection() {
    const el = textarea.current;
    if (el) selection.current = { start: el.selectionStart, end: el.selectionEnd };
  }

  /** Puts new content in and the caret where it belongs, once React has rendered it. */
  function replaceContent(next: { content: string; caret: number }) {
    onChange(next.content);
    requestAnimationFrame(() => {
      const el = textarea.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(next.caret, next.caret);
    });
  }

  function openDialog(kind: "link" | "image" | "library") {
    rememberSelection();
    setMessage(null);
    setDialogError(null);
    if (kind === "link") {
      const check = checkLinkSelection(value, selection.current.start, selection.current.end);
      if (!check.ok) {
        setMessage(check.message);
        return;
      }
    }
    setDialog(kind);
  }

  /** "Add image" by upload: the library's rules (image only, 5 MB), then the uploaded URL goes in. */
  async function uploadImage(file: File | undefined, alt: string) {
    if (!file) return;
    setDialogError(null);
    setUploading(0);
    const result = await uploadLibraryImage(file, { onProgress: (f) => setUploading(Math.round(f * 100)) });
    setUploading(null);
    if (!result.ok) return setDialogError(result.message);
    setDialog(null);
    insertImage(result.item.url, alt);
  }

  function insertImage(src: string, alt: string) {
    const { start, end } = selection.current;
    replaceContent(insertAt(value, start, end, imageHtml(src, alt)));
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          Sadržaj (HTML)
        </label>
        <div className="flex flex-wrap gap-2" role="toolbar" aria-label="Alati za sadržaj">
          <Button
            size="sm"
            variant="secondary"
            onMouseDown={rememberSelection}
            onClick={() => openDialog("image")}
          >
            Dodaj sliku
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onMouseDown={rememberSelection}
            onClick={() => openDialog("link")}
          >
            Dodaj link
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onMouseDown={rememberSelection}
            onClick={() => openDialog("library")}
          >
            Izaberi iz biblioteke
          </Button>
        </div>
      </div>
      <Notice tone="error" message={message} />
      <div className="grid gap-4 xl:grid-cols-2">
        <div className="space-y-1">
          <textarea
            ref={textarea}
            id={id}
            name={name}
            value={value}
            onChange={(event) => {
              onChange(event.currentTarget.value);
              if (message) setMessage(null);
            }}
            onSelect={rememberSelection}
            rows={20}
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={cn(
              "block h-[32rem] min-h-60 w-full resize-y rounded-lg border bg-white px-3 py-2 font-mono text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200",
              error ? "border-red-400" : "border-slate-300",
            )}
          />
          {error ? (
            <p id={`${id}-error`} className="text-xs font-medium text-red-600">
              {error}
            </p>
          ) : null}
        </div>
        <section
          aria-label="Pregled sadržaja"
          className="max-h-[32rem] overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-4"
        >
          <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
            Pregled sadržaja
          </p>
          {preview.trim() ? (
            <div data-testid="content-preview">
              <CleanArticleHtml html={previewHtml} />
            </div>
          ) : (
            <p className="text-sm text-slate-500">Pregled će se pojaviti kada unesete sadržaj.</p>
          )}
        </section>
      </div>

      <UrlDialog
        open={dialog === "link"}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Dodaj link"
        description="Označeni tekst postaje link. Adresa može biti relativna (/… ili #…) ili http(s)."
        label="URL adrese"
        submitLabel="Dodaj link"
        error={dialogError}
        onSubmit={(url) => {
          const { start, end } = selection.current;
          const result = applyLink(value, start, end, url);
          if (!result.ok) {
            setDialogError(result.message);
            return;
          }
          setDialog(null);
          replaceContent(result.value);
        }}
      />
      <UrlDialog
        open={dialog === "image"}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Dodaj sliku"
        description="Slika se umeće na mesto kursora u sadržaju: unesite adresu ili otpremite fajl."
        label="Adresa slike"
        submitLabel="Dodaj sliku"
        error={dialogError}
        extra={
          <>
            <Field id="image-alt" label="Opis slike (alt)">
              <Input id="image-alt" name="alt" autoComplete="off" />
            </Field>
            <div className="space-y-1">
              <label htmlFor="image-upload" className="block text-sm font-medium text-slate-700">
                …ili otpremite sliku (JPG, PNG, GIF, WebP, najviše 5MB)
              </label>
              <input
                id="image-upload"
                type="file"
                accept={LIBRARY_ACCEPT}
                disabled={uploading !== null}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
                onChange={(event) => {
                  const input = event.currentTarget;
                  const alt = String(new FormData(input.form ?? undefined).get("alt") ?? "").trim();
                  void uploadImage(input.files?.[0], alt);
                  input.value = "";
                }}
              />
              {uploading !== null ? <p className="text-xs text-slate-500">Otpremanje… {uploading}%</p> : null}
            </div>
          </>
        }
        onSubmit={(url, form) => {
          const src = url.trim();
          const normalized = src.startsWith("/") ? { ok: true as const, value: src } : normalizeLinkUrl(src);
          if (!normalized.ok || !isSafeArticleUrl(normalized.value, { fragment: false })) {
            setDialogError(IMAGE_URL_MESSAGE);
            return;
          }
          setDialog(null);
          insertImage(normalized.value, String(form.get("alt") ?? "").trim());
        }}
      />
      <ImagePickerModal
        open={dialog === "library"}
        onOpenChange={(open) => !open && setDialog(null)}
        onSelect={(file) => {
          setDialog(null);
          insertImage(file.url, "");
        }}
      />
    </div>
  );
}
