/**
 * The one dialog shell of the back office (Radix Dialog: focus trap, Escape, focus back to the
 * trigger). Every dialog picks a layout instead of writing its own classes:
 *
 * - `sheet`: a bottom sheet on phones, a centred card from 640 px (moderation previews, orders);
 * - `center`: a small centred card for a short form (create user, a link, a rejection note);
 * - `panel`: a centred panel with a fixed header, a scrolling body and an optional footer
 *   (media manager, image picker);
 * - `screen`: like `panel`, but the whole screen on phones (newsletter composer and its friends);
 * - `page`: nearly the whole window at every width (the headings preview);
 * - `drawer`: the phone menu, sliding from the left.
 *
 * Confirmations use `ConfirmDialog` (an alert dialog), which always opens above these.
 */
import { Dialog as Radix } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "./button";
import { cn } from "./cn";

export type DialogLayout = "sheet" | "center" | "panel" | "screen" | "page" | "drawer";
export type DialogWidth = "md" | "lg" | "2xl" | "3xl" | "5xl";

const SHEET_WIDTH: Record<DialogWidth, string> = {
  md: "sm:max-w-md",
  lg: "sm:max-w-lg",
  "2xl": "sm:max-w-2xl",
  "3xl": "sm:max-w-3xl",
  "5xl": "sm:max-w-5xl",
};
const WIDTH: Record<DialogWidth, string> = {
  md: "max-w-md",
  lg: "max-w-lg",
  "2xl": "max-w-2xl",
  "3xl": "max-w-3xl",
  "5xl": "max-w-5xl",
};

const CONTENT: Record<DialogLayout, (width: DialogWidth) => string> = {
  sheet: (w) =>
    cn(
      "fixed inset-x-0 bottom-0 z-40 max-h-[92vh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-6",
      SHEET_WIDTH[w],
    ),
  center: (w) =>
    cn(
      "fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl",
      WIDTH[w],
    ),
  panel: (w) =>
    cn(
      "fixed left-1/2 top-1/2 z-50 flex max-h-[92vh] w-[calc(100%-1rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-xl bg-white shadow-xl",
      WIDTH[w],
    ),
  screen: (w) =>
    cn(
      "fixed inset-0 z-50 flex flex-col bg-white shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:max-h-[92vh] sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl",
      SHEET_WIDTH[w],
    ),
  page: () =>
    "fixed inset-x-2 top-2 bottom-2 z-50 mx-auto flex max-w-6xl flex-col overflow-hidden rounded-xl bg-white shadow-xl sm:inset-x-4 sm:top-6 sm:bottom-6",
  drawer: () => "fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-xl lg:hidden",
};

const OVERLAY: Record<DialogLayout, string> = {
  sheet: "fixed inset-0 z-40 bg-slate-900/50",
  center: "fixed inset-0 z-50 bg-slate-900/50",
  panel: "fixed inset-0 z-50 bg-slate-900/50",
  screen: "fixed inset-0 z-50 bg-slate-900/50",
  page: "fixed inset-0 z-50 bg-slate-900/50",
  drawer: "fixed inset-0 z-40 bg-slate-900/50 lg:hidden",
};

/** Layouts with a fixed header and a scrolling body. */
const FRAMED = new Set<DialogLayout>(["panel", "screen", "page"]);

export function CloseButton({ label = "Zatvori" }: { label?: string }) {
  return (
    <Radix.Close asChild>
      <Button variant="ghost" size="sm" aria-label={label}>
        ✕
      </Button>
    </Radix.Close>
  );
}

export type DialogProps = {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Called when the dialog closes (Escape, the overlay, ✕): for dialogs opened by a state or URL. */
  onClose?: () => void;
  layout?: DialogLayout;
  width?: DialogWidth;
  title: ReactNode;
  titleClassName?: string;
  /** A line under the title (status badges, dates). */
  subtitle?: ReactNode;
  /** Read out with the title; shown under it when given, otherwise only to screen readers. */
  description?: ReactNode;
  trigger?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  closeLabel?: string;
  testId?: string;
  /** Where the focus goes when the dialog closes, instead of back to what opened it. */
  returnFocus?: () => void;
};

/** What the dialog holds, laid out by its layout: title, description, body and footer. */
function DialogContents({
  layout,
  title,
  titleClassName,
  subtitle,
  description,
  children,
  footer,
  closeLabel,
}: Required<Pick<DialogProps, "layout" | "closeLabel">> &
  Pick<DialogProps, "title" | "titleClassName" | "subtitle" | "description" | "children" | "footer">) {
  const titleNode = (
    <Radix.Title className={cn("text-lg font-semibold text-slate-900", titleClassName)}>{title}</Radix.Title>
  );
  const descriptionNode = description ? (
    <Radix.Description className="mt-1 text-sm text-slate-600">{description}</Radix.Description>
  ) : null;
  const header = (className: string) => (
    <div className={className}>
      <div className="min-w-0">
        {titleNode}
        {subtitle}
        {descriptionNode}
      </div>
      <CloseButton label={closeLabel} />
    </div>
  );
  if (layout === "drawer")
    return (
      <>
        <Radix.Title className="sr-only">{title}</Radix.Title>
        {descriptionNode ? <Radix.Description className="sr-only">{description}</Radix.Description> : null}
        {children}
      </>
    );
  if (layout === "center")
    return (
      <>
        {titleNode}
        {descriptionNode}
        {children}
      </>
    );
  if (!FRAMED.has(layout))
    return (
      <>
        {header("flex items-start justify-between gap-3")}
        {children}
      </>
    );
  return (
    <>
      {header(
        cn(
          "flex items-start justify-between gap-4 border-b border-slate-200",
          layout === "screen" ? "px-5 py-4" : "px-4 py-3 sm:px-6",
        ),
      )}
      <div
        className={cn(
          "min-h-0 flex-1 overflow-y-auto",
          layout === "screen" ? "px-5 py-4" : "px-4 py-4 sm:px-6",
        )}
      >
        {children}
      </div>
      {footer ? (
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-3 sm:flex-row sm:justify-end">
          {footer}
        </div>
      ) : null}
    </>
  );
}

export function Dialog({
  open = true,
  onOpenChange,
  onClose,
  layout = "sheet",
  width = "2xl",
  trigger,
  closeLabel = "Zatvori",
  testId,
  returnFocus,
  description,
  ...contents
}: DialogProps) {
  const change = (next: boolean) => {
    onOpenChange?.(next);
    if (!next) onClose?.();
  };
  return (
    <Radix.Root open={open} onOpenChange={change}>
      {trigger ? <Radix.Trigger asChild>{trigger}</Radix.Trigger> : null}
      <Radix.Portal>
        <Radix.Overlay className={OVERLAY[layout]} />
        <Radix.Content
          data-testid={testId}
          className={CONTENT[layout](width)}
          onCloseAutoFocus={
            returnFocus
              ? (event) => {
                  event.preventDefault();
                  returnFocus();
                }
              : undefined
          }
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <DialogContents layout={layout} closeLabel={closeLabel} description={description} {...contents} />
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
