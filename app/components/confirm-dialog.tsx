import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button, type ButtonVariant } from "./ui/button";
import { cn } from "./ui/cn";

export type ConfirmTone = "danger" | "warning" | "info";

const toneStyles: Record<ConfirmTone, { icon: string; ring: string; button: ButtonVariant }> = {
  danger: { icon: "!", ring: "bg-red-100 text-red-700", button: "danger" },
  warning: { icon: "!", ring: "bg-amber-100 text-amber-800", button: "warning" },
  info: { icon: "i", ring: "bg-sky-100 text-sky-700", button: "primary" },
};

/**
 * The generic confirm dialog (spec §2) in danger, warning and info styles. Controlled: the caller
 * opens it and acts in `onConfirm`. Escape and "Otkaži" cancel; focus returns to the trigger.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = "Potvrdi",
  cancelLabel = "Otkaži",
  tone = "danger",
  busy = false,
  details,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: ConfirmTone;
  busy?: boolean;
  /** Block content under the description (a list: what a delete would affect). */
  details?: ReactNode;
  onConfirm: () => void;
}) {
  const style = toneStyles[tone];
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content
          data-tone={tone}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
        >
          <div className="flex gap-4">
            <div
              aria-hidden
              className={cn(
                "flex h-10 w-10 shrink-0 items-center justify-center rounded-full font-bold",
                style.ring,
              )}
            >
              {style.icon}
            </div>
            <div className="space-y-2">
              <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
              <AlertDialog.Description className="text-sm text-slate-600">
                {description}
              </AlertDialog.Description>
              {details}
            </div>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button variant={style.button} disabled={busy} onClick={onConfirm}>
              {busy ? "Sačekajte…" : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
