/**
 * The bottom of a moderation item's dialog (listings, company requests): the moderator's note and
 * the buttons that decide. The note is read when a button is pressed, not kept in state.
 */
import { type ReactNode, type RefObject, useRef } from "react";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import type { FieldErrors, FormValues } from "~/lib/form";
import type { QueueControls } from "./queue";

export function DecisionForm({
  note,
  formRef,
  children,
}: {
  /** The note field, or null when no decision of this status takes a note. */
  note: { idPrefix: string; label: string; rows: number; values?: FormValues; errors?: FieldErrors } | null;
  formRef?: RefObject<HTMLFormElement | null>;
  /** The buttons; `note()` is what the moderator typed. */
  children: (note: () => string) => ReactNode;
}) {
  const own = useRef<HTMLFormElement>(null);
  const form = formRef ?? own;
  const noteValue = () => String(new FormData(form.current ?? undefined).get("note") ?? "");
  return (
    <form
      ref={form}
      noValidate
      className="mt-5 space-y-3 border-t border-slate-100 pt-4"
      onSubmit={(e) => e.preventDefault()}
    >
      {note ? <TextField name="note" multiline {...note} /> : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">{children(noteValue)}</div>
    </form>
  );
}

/** "Obriši" at the end of the decision buttons: asks the queue's delete confirmation. */
export function DeleteItemButton({
  id,
  q,
  className = "sm:ml-auto",
}: {
  id: number;
  q: QueueControls;
  className?: string;
}) {
  return (
    <Button variant="danger" className={className} disabled={q.busy} onClick={() => q.askDelete(id)}>
      Obriši
    </Button>
  );
}
