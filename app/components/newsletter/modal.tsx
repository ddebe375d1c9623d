import { Dialog, type DialogProps } from "~/components/ui/dialog";

/**
 * The newsletter manager's dialogs: the kit's `screen` dialog — the whole screen on phones, a
 * centred panel on wider screens, with a footer for the buttons.
 */
export function Modal({
  wide = false,
  ...props
}: Omit<DialogProps, "layout" | "width"> & { wide?: boolean }) {
  return <Dialog layout="screen" width={wide ? "5xl" : "lg"} {...props} />;
}
