/**
 * Deleting a library file (decisions 196, 295): the confirmation lists where the file is used. An
 * unused file is deleted on "Obriši"; a used one is never simply deleted — the editor cancels, or
 * picks another image that replaces it everywhere first ("Zameni svuda i obriši"), so no page is
 * left with a broken image. The server applies the same rule (`media.in_use`).
 */
import { type ComponentType, type ReactNode, useState } from "react";
import { ConfirmDialog } from "../confirm-dialog";
import { deleteMediaFile, type MediaBucket } from "./media-api";
import { MediaUsageView, usageIsEmpty, useMediaUsage } from "./media-words";

/** A picker that hands back the chosen image (the image picker modal). */
export type ReplacementPicker = ComponentType<{
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (file: { url: string; name: string }) => void;
}>;

export type DeleteOutcome = { ok: true; replacedBy: string | null } | { ok: false; message: string };

/** Where the file is used, why it cannot simply go, the chosen replacement and a refusal. */
function DeleteDetails({
  usage,
  used,
  replacement,
  refusal,
  onPickAnother,
}: {
  usage: ReturnType<typeof useMediaUsage>[0];
  used: boolean;
  replacement: { url: string; name: string } | null;
  refusal: string | null;
  onPickAnother: () => void;
}) {
  return (
    <div className="space-y-2" data-testid="media-delete-details">
      <MediaUsageView usage={usage} />
      {used ? (
        <p className="text-xs text-slate-700">
          Slika se ne može samo obrisati dok se koristi: izaberite sliku koja će je zameniti svuda, ili
          otkažite.
        </p>
      ) : null}
      {replacement ? (
        <p className="text-xs font-medium text-slate-800" data-testid="media-replacement">
          Zamena: {replacement.name}{" "}
          <button type="button" className="text-brand-700 underline" onClick={onPickAnother}>
            izaberi drugu
          </button>
        </p>
      ) : null}
      {refusal ? <p className="text-xs font-medium text-red-700">{refusal}</p> : null}
    </div>
  );
}

export type MediaDeleteDialogProps = {
  file: { bucket: MediaBucket; name: string; url: string; displayName: string } | null;
  title: string;
  description: ReactNode;
  Picker: ReplacementPicker;
  onCancel: () => void;
  onDone: (outcome: DeleteOutcome) => void;
};

export function MediaDeleteDialog(props: MediaDeleteDialogProps) {
  const { file, title, description, Picker, onCancel, onDone } = props;
  const [usage, setUsage] = useMediaUsage(file?.url ?? null);
  const [replacement, setReplacement] = useState<{ url: string; name: string } | null>(null);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const used = usage !== "loading" && usage !== null && !usageIsEmpty(usage);

  function reset() {
    setReplacement(null);
    setRefusal(null);
    setPicking(false);
  }

  async function remove() {
    if (!file) return;
    setBusy(true);
    const result = await deleteMediaFile(file.bucket, file.name, replacement?.url);
    setBusy(false);
    if (!result.ok && result.code === "media.in_use" && result.usage) {
      // Used meanwhile (or the use could not be read before): the choice is offered now.
      setUsage(result.usage);
      setRefusal(result.message ?? null);
      return;
    }
    reset();
    onDone(
      result.ok
        ? { ok: true, replacedBy: replacement?.url ?? null }
        : { ok: false, message: result.message ?? "" },
    );
  }

  const details = (
    <DeleteDetails
      usage={usage}
      used={used}
      replacement={replacement}
      refusal={refusal}
      onPickAnother={() => setPicking(true)}
    />
  );

  return (
    <>
      <ConfirmDialog
        open={file !== null && !picking}
        onOpenChange={(open) => {
          if (open) return;
          reset();
          onCancel();
        }}
        title={title}
        description={description}
        details={file ? details : null}
        confirmLabel={used ? (replacement ? "Zameni svuda i obriši" : "Izaberi sliku za zamenu…") : "Obriši"}
        busy={busy || usage === "loading"}
        onConfirm={() => (used && !replacement ? setPicking(true) : void remove())}
      />
      {file ? (
        <Picker
          open={picking}
          onOpenChange={setPicking}
          onSelect={(picked) => {
            setPicking(false);
            if (picked.url === file.url) return setRefusal("Izaberite drugu sliku, ne istu.");
            setRefusal(null);
            setReplacement({ url: picked.url, name: picked.name });
          }}
        />
      ) : null}
    </>
  );
}
