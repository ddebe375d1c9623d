/**
 * What the toolbar's buttons open: the link dialog (spec §5's URL rules and messages), the image
 * dialog (an address or an upload with the library's rules), the alt text and caption of the
 * selected image, the video dialog and the media library picker. Each answers with a command for
 * the editor to run, or keeps its dialog open with the message.
 */
import type { Command, EditorState } from "prosemirror-state";
import { useState } from "react";
import { ImagePickerModal } from "~/components/media/image-picker-modal";
import { uploadLibraryImage } from "~/components/media/media-api";
import { LIBRARY_ACCEPT } from "~/components/media/media-parts";
import { parseVideoUrl } from "~/domain/articles/embeds";
import { normalizeLinkUrl } from "~/domain/articles/link";
import { isSafeArticleUrl } from "~/domain/articles/urls";
import { EMBED_MESSAGES } from "~/messages/articles";
import { fieldMessage } from "~/messages/fields";
import { EditorDialog, ImageWordsFields } from "./dialogs";
import type { FigureInput } from "./setup";
import { insertEmbed, insertFigure, selectedFigure, setLink, updateFigure } from "./setup";
import type { InsertDialog } from "./toolbar";

const IMAGE_URL_MESSAGE = "Unesite adresu slike (http(s)://… ili /putanja).";

export type EditorDialogKind = "link" | InsertDialog;

/** The alt text and caption typed in an image dialog. */
function imageWords(form: FormData): { alt: string; caption: string } {
  return { alt: String(form.get("alt") ?? "").trim(), caption: String(form.get("caption") ?? "").trim() };
}

/** An image's address as typed: a local path, or a link the article may show. */
function imageSource(url: string): string | null {
  const src = url.trim();
  const normalized = src.startsWith("/") ? { ok: true as const, value: src } : normalizeLinkUrl(src);
  return normalized.ok && isSafeArticleUrl(normalized.value, { fragment: false }) ? normalized.value : null;
}

/** "Dodaj sliku" by upload: the library's rules (image only, 5 MB), then the uploaded file goes in. */
function UploadField({
  id,
  onUploaded,
  onError,
}: {
  id: string;
  onUploaded: (src: string, words: { alt: string; caption: string }) => void;
  onError: (message: string | null) => void;
}) {
  const [uploading, setUploading] = useState<number | null>(null);

  async function upload(file: File | undefined, words: { alt: string; caption: string }) {
    if (!file) return;
    onError(null);
    setUploading(0);
    const result = await uploadLibraryImage(file, { onProgress: (f) => setUploading(Math.round(f * 100)) });
    setUploading(null);
    if (!result.ok) return onError(result.message);
    onUploaded(result.item.url, words);
  }

  return (
    <div className="space-y-1">
      <label htmlFor={`${id}-upload`} className="block text-sm font-medium text-slate-700">
        …ili otpremite sliku (JPG, PNG, GIF, WebP, najviše 5MB)
      </label>
      <input
        id={`${id}-upload`}
        type="file"
        accept={LIBRARY_ACCEPT}
        disabled={uploading !== null}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
        onChange={(event) => {
          const input = event.currentTarget;
          void upload(input.files?.[0], imageWords(new FormData(input.form ?? undefined)));
          input.value = "";
        }}
      />
      {uploading !== null ? <p className="text-xs text-slate-500">Otpremanje… {uploading}%</p> : null}
    </div>
  );
}

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  error: string | null;
  onError: (message: string | null) => void;
  onRun: (command: Command) => void;
};

/** A dialog whose one address becomes a command, or its message: the link and the video dialogs. */
type AddressDialog = {
  title: string;
  description: string;
  label: string;
  submitLabel: string;
  /** The command for the address typed, or the message why it cannot be used. */
  commandOf: (url: string) => Command | string;
};

const LINK_DIALOG: AddressDialog = {
  title: "Dodaj link",
  description: "Označeni tekst postaje link. Adresa može biti relativna (/… ili #…) ili http(s).",
  label: "URL adrese",
  submitLabel: "Dodaj link",
  // Spec §5's URL rules; outside links open in a new tab.
  commandOf(url) {
    const result = normalizeLinkUrl(url);
    if (!result.ok) return fieldMessage(result.code);
    return setLink(result.value, /^https?:\/\//i.test(result.value) ? "_blank" : null);
  },
};

const VIDEO_DIALOG: AddressDialog = {
  title: "Dodaj video",
  description:
    "YouTube ili Vimeo. Na sajtu se prikazuje kao veza ka videu: posetilac ne učitava ništa sa tih servisa dok ne klikne.",
  label: "Adresa videa",
  submitLabel: "Dodaj video",
  commandOf(url) {
    const video = parseVideoUrl(url);
    return video ? insertEmbed(video.provider, video.id) : EMBED_MESSAGES.invalid;
  },
};

function AddressDialog({ onError, onRun, dialog, ...props }: DialogProps & { dialog: AddressDialog }) {
  const { commandOf, ...texts } = dialog;
  return (
    <EditorDialog
      {...props}
      {...texts}
      onSubmit={(url) => {
        const command = commandOf(url);
        if (typeof command === "string") return onError(command);
        onRun(command);
      }}
    />
  );
}

/** "Dodaj sliku": an address or an upload, with its alt text and caption, at the cursor. */
function ImageDialog({ id, onError, onRun, ...dialog }: DialogProps & { id: string }) {
  const insertImage = (input: FigureInput) => onRun(insertFigure(input));
  return (
    <EditorDialog
      {...dialog}
      title="Dodaj sliku"
      description="Slika se umeće na mesto kursora: unesite adresu ili otpremite fajl."
      label="Adresa slike"
      submitLabel="Dodaj sliku"
      extra={
        <>
          <ImageWordsFields />
          <UploadField
            id={id}
            onError={onError}
            onUploaded={(src, words) => insertImage({ src, ...words })}
          />
        </>
      }
      onSubmit={(url, form) => {
        const src = imageSource(url);
        if (src === null) return onError(IMAGE_URL_MESSAGE);
        insertImage({ src, ...imageWords(form) });
      }}
    />
  );
}

/** The selected image's alt text and caption. */
function FigureDialog({
  state,
  onClose,
  onRun,
  open,
  onOpenChange,
}: DialogProps & { state: EditorState | null; onClose: () => void }) {
  const figure = state ? selectedFigure(state) : null;
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      error={null}
      title="Opis i potpis slike"
      description="Opis (alt tekst) čitaju čitači ekrana; potpis se vidi ispod slike."
      label="Opis slike (alt tekst)"
      fieldName="alt"
      defaultValue={figure?.input.alt}
      submitLabel="Sačuvaj"
      extra={<ImageWordsFields withAlt={false} caption={figure?.input.caption} />}
      onSubmit={(alt, form) => {
        if (!figure) return onClose();
        onRun(
          updateFigure({
            src: figure.input.src,
            alt: alt.trim(),
            caption: String(form.get("caption") ?? ""),
          }),
        );
      }}
    />
  );
}

export function EditorInsertDialogs({
  id,
  open,
  state,
  error,
  onError,
  onClose,
  onRun,
}: {
  id: string;
  open: EditorDialogKind | null;
  state: EditorState | null;
  error: string | null;
  onError: (message: string | null) => void;
  /** Closes the dialog and gives the focus back to the editor. */
  onClose: () => void;
  /** Closes the dialog and runs the command on the document. */
  onRun: (command: Command) => void;
}) {
  const onOpenChange = (isOpen: boolean) => !isOpen && onClose();
  const common = (kind: EditorDialogKind) => ({ open: open === kind, onOpenChange, error, onError, onRun });
  return (
    <>
      <AddressDialog {...common("link")} dialog={LINK_DIALOG} />
      <ImageDialog {...common("image")} id={id} />
      <FigureDialog {...common("figure")} state={state} onClose={onClose} />
      <AddressDialog {...common("video")} dialog={VIDEO_DIALOG} />
      <ImagePickerModal
        open={open === "library"}
        onOpenChange={onOpenChange}
        onSelect={(file) =>
          onRun(insertFigure({ src: file.url, alt: file.alt ?? "", caption: file.caption ?? "" }))
        }
      />
    </>
  );
}
