import { type ReactNode, useId } from "react";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Field, Input } from "~/components/ui/field";

/**
 * The editor's small dialogs: one form with a main field (URL, or the alt text when editing an
 * image), extra fields, the message beside the main field; what was typed stays on an error.
 */
export function EditorDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  submitLabel,
  error,
  onSubmit,
  extra,
  defaultValue,
  fieldName = "url",
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label: string;
  submitLabel: string;
  error: string | null;
  onSubmit: (value: string, form: FormData) => void;
  extra?: ReactNode;
  defaultValue?: string;
  fieldName?: string;
  /** Closed, the focus goes back to the editor (not to the toolbar button that opened it). */
  returnFocus?: () => void;
}) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocus={returnFocus}
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
          onSubmit(String(form.get(fieldName) ?? ""), form);
        }}
      >
        <Field id={`${id}-main`} label={label} error={error ?? undefined}>
          <Input
            id={`${id}-main`}
            name={fieldName}
            autoComplete="off"
            invalid={Boolean(error)}
            defaultValue={defaultValue}
            autoFocus
          />
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

/** The alt text and caption fields of an image dialog. */
export function ImageWordsFields({
  alt,
  caption,
  withAlt = true,
}: {
  alt?: string;
  caption?: string;
  withAlt?: boolean;
}) {
  const id = useId();
  return (
    <>
      {withAlt ? (
        <Field
          id={`${id}-alt`}
          label="Opis slike (alt tekst)"
          hint="Šta je na slici, za čitače ekrana i pretragu."
        >
          <Input id={`${id}-alt`} name="alt" autoComplete="off" defaultValue={alt} />
        </Field>
      ) : null}
      <Field id={`${id}-caption`} label="Potpis ispod slike">
        <Input id={`${id}-caption`} name="caption" autoComplete="off" defaultValue={caption} />
      </Field>
    </>
  );
}
