/**
 * An image chosen by URL, upload or library pick (article main image, settings, banner image,
 * company logo, pop-up image). The URL is a plain text input named `name`, so it is submitted with
 * the surrounding form and a failed validation keeps it (pass the returned value as defaultValue).
 *
 *   <ImageField name="image" label="Glavna slika" defaultValue={values.image}
 *     error={errors.image} onChange={(url) => setPreview(url)} />
 *
 * Optional: `onUploadResult({ ok, message })` to show your own notice after an upload (the field
 * shows its error itself otherwise); `uploadErrorMessage` overrides the upload failure text;
 * `onLibrarySelect(url)` after a pick from the library; `clearOnLoadError` empties the field when
 * its image cannot be loaded (not while the URL is being typed: when the field is left), and
 * `onLoadError(url)` says so.
 */
import { useEffect, useId, useState } from "react";
import { Button } from "../ui/button";
import { Field, Input } from "../ui/field";
import { ImagePickerModal } from "./image-picker-modal";
import { uploadLibraryImage } from "./media-api";
import { UploadImageButton } from "./media-parts";

/** Spec §5 Image URLs: only local paths and http(s) may be previewed. */
export function isPreviewableUrl(url: string): boolean {
  const v = url.trim();
  if (!v || /^\d+$/.test(v)) return false;
  if (v.startsWith("//")) return false;
  return v.startsWith("/") || /^https?:\/\//i.test(v);
}

/** The chosen image, or why there is none to show. */
function ImagePreview({
  url,
  label,
  previewable,
  failed,
  onError,
}: {
  url: string;
  label: string;
  previewable: boolean;
  failed: boolean;
  onError: () => void;
}) {
  return (
    <div className="flex h-40 w-full max-w-xs items-center justify-center overflow-hidden rounded-lg border border-dashed border-slate-300 bg-slate-50">
      {previewable ? (
        <img src={url} alt={`Pregled: ${label}`} className="h-full w-full object-contain" onError={onError} />
      ) : (
        <span className="px-3 text-center text-xs text-slate-500">
          {url && failed ? "Slika se ne može učitati" : "Nema slike"}
        </span>
      )}
    </div>
  );
}

type ImageFieldProps = {
  name: string;
  label: string;
  defaultValue?: string | null;
  error?: string;
  id?: string;
  onChange?: (url: string) => void;
  onUploadResult?: (result: { ok: boolean; message: string }) => void;
  uploadErrorMessage?: string;
  hint?: string;
  onLibrarySelect?: (url: string) => void;
  clearOnLoadError?: boolean;
  onLoadError?: (url: string) => void;
};

/** The field's value, its upload, its local error and whether its image loads. */
function useImageValue(props: ImageFieldProps, inputId: string) {
  const { defaultValue, onChange, onUploadResult, uploadErrorMessage, clearOnLoadError, onLoadError } = props;
  const [value, setValue] = useState(defaultValue ?? "");
  const [uploading, setUploading] = useState<number | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);

  // A new server value (e.g. after a reload of the loader) replaces the field's value.
  useEffect(() => setValue(defaultValue ?? ""), [defaultValue]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new URL gets one fresh try
  useEffect(() => setPreviewFailed(false), [value]);

  function change(url: string) {
    setValue(url);
    setLocalError(null);
    onChange?.(url);
  }

  function report(ok: boolean, message: string) {
    if (onUploadResult) onUploadResult({ ok, message });
    if (!ok) setLocalError(message);
  }

  return {
    value,
    uploading,
    localError,
    previewFailed,
    change,
    /** The image could not be loaded: with clearOnLoadError the field is emptied (not mid-typing). */
    failed(url: string) {
      setPreviewFailed(true);
      if (!clearOnLoadError || document.activeElement?.id === inputId) return;
      change("");
      onLoadError?.(url);
    },
    async onFile(file: File) {
      setUploading(0);
      const result = await uploadLibraryImage(file, {
        onProgress: (f) => setUploading(Math.round(f * 100)),
        failedMessage: uploadErrorMessage,
      });
      setUploading(null);
      if (result.ok) {
        change(result.item.url);
        report(true, "Slika je uspešno otpremljena!");
      } else {
        report(false, result.message);
      }
    },
  };
}

export function ImageField(props: ImageFieldProps) {
  const { name, label, error, id, hint, onLibrarySelect, clearOnLoadError, onLoadError } = props;
  const autoId = useId();
  const inputId = id ?? `image-${autoId}`;
  const [libraryOpen, setLibraryOpen] = useState(false);
  const { value, uploading, localError, previewFailed, change, failed, onFile } = useImageValue(
    props,
    inputId,
  );

  const shownError = error ?? localError ?? undefined;
  const previewable = isPreviewableUrl(value);
  return (
    <div className="space-y-2" data-testid={`image-field-${name}`}>
      <Field id={inputId} label={label} error={shownError} hint={hint}>
        <Input
          id={inputId}
          name={name}
          type="text"
          inputMode="url"
          placeholder="https://… ili /media/images/…"
          value={value}
          invalid={Boolean(shownError)}
          onChange={(e) => change(e.target.value)}
          onBlur={() => {
            if (clearOnLoadError && previewFailed && value) {
              const url = value;
              change("");
              onLoadError?.(url);
            }
          }}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <UploadImageButton
          variant="secondary"
          size="sm"
          uploading={uploading}
          onFile={onFile}
          inputLabel={`${label}: otpremi sliku`}
          testId={`image-field-${name}-file`}
        />
        <Button variant="secondary" size="sm" onClick={() => setLibraryOpen(true)}>
          Izaberi iz biblioteke
        </Button>
        {value ? (
          <Button variant="ghost" size="sm" onClick={() => change("")}>
            Ukloni
          </Button>
        ) : null}
      </div>
      <ImagePreview
        url={value}
        label={label}
        previewable={previewable && !previewFailed}
        failed={previewFailed}
        onError={() => failed(value)}
      />
      <ImagePickerModal
        open={libraryOpen}
        onOpenChange={setLibraryOpen}
        onSelect={(file) => {
          change(file.url);
          onLibrarySelect?.(file.url);
        }}
      />
    </div>
  );
}
