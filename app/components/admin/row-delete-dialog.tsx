import type { ReactNode } from "react";
import { ConfirmDialog } from "~/components/confirm-dialog";

/**
 * "Obriši" on an admin table row asks first: the danger confirmation of the row in `actions`
 * (useRowActions), which posts the row's delete intent when confirmed.
 */
export function RowDeleteDialog<Row extends { id: number }>({
  actions,
  title,
  children,
}: {
  actions: {
    toDelete: Row | null;
    setToDelete: (row: Row | null) => void;
    busy: boolean;
    submit: (intent: "delete", id: number) => void;
  };
  title: string;
  /** The question, naming the row. */
  children: (row: Row) => ReactNode;
}) {
  const row = actions.toDelete;
  return (
    <ConfirmDialog
      open={row !== null}
      onOpenChange={(open) => !open && actions.setToDelete(null)}
      tone="danger"
      title={title}
      description={row ? children(row) : null}
      confirmLabel="Obriši"
      busy={actions.busy}
      onConfirm={() => row && actions.submit("delete", row.id)}
    />
  );
}
