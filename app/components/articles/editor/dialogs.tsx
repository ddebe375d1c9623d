import { Dialog } from "radix-ui";
import { type ReactNode, useId } from "react";
import { Button } from "~/components/ui/button";
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
}) {
  const id = useId();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
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
              <Dialog.Close asChild>
                <Button variant="secondary">Otkaži</Button>
              </Dialog.Close>
              <Button type="submit">{submitLabel}</Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
