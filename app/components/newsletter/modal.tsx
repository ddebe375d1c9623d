import type { ReactNode } from "react";
import { Dialog } from "~/components/ui/dialog";

/**
 * The newsletter manager's dialogs: the kit's `screen` dialog — the whole screen on phones, a
 * centred panel on wider screens, with a footer for the buttons.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  wide = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      layout="screen"
      width={wide ? "5xl" : "lg"}
      title={title}
      description={description}
      footer={footer}
    >
      {children}
    </Dialog>
  );
}
