/**
 * The pop-up overlay itself (spec §2, §4): an image in an accessible dialog. It fades in 100 ms
 * after it mounts and out in 300 ms when closed by its button, a click on the backdrop or Escape
 * (no fades with prefers-reduced-motion); a click on the image opens the link in a new tab and
 * closes it; an image that fails to load closes it. Focus moves to the dialog and back to where
 * it was. Loaded on demand by the public island (and shown as a preview on the admin screen).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { PublicPopup } from "~/domain/popup/rules";

export const POPUP_FADE_IN_DELAY_MS = 100;
export const POPUP_FADE_OUT_MS = 300;

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

export default function PopupOverlay({
  popup,
  onClosed,
}: {
  popup: Pick<PublicPopup, "image" | "link">;
  onClosed: () => void;
}) {
  const [phase, setPhase] = useState<"entering" | "open" | "closing">("entering");
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const reduced = useRef(prefersReducedMotion());
  const closing = useRef(false);

  const close = useCallback(() => {
    if (closing.current) return;
    closing.current = true;
    if (reduced.current) {
      onClosed();
      return;
    }
    setPhase("closing");
    setTimeout(onClosed, POPUP_FADE_OUT_MS);
  }, [onClosed]);

  useEffect(() => {
    const timer = setTimeout(() => setPhase("open"), reduced.current ? 0 : POPUP_FADE_IN_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  // Focus in, and back to where it was when the dialog goes away.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus({ preventScroll: true });
    return () => previous?.focus({ preventScroll: true });
  }, []);

  // Escape closes; Tab stays inside the dialog.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== "Tab" || !dialogRef.current) return;
      const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>("a[href], button")];
      if (focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      } else if (!dialogRef.current.contains(document.activeElement)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [close]);

  const shown = phase === "open";
  const image = (
    <img
      src={popup.image}
      alt={popup.link ? "Pop-up obaveštenje — otvara se u novom tabu" : "Pop-up obaveštenje"}
      className="block h-auto max-h-[80vh] w-auto max-w-full rounded-lg object-contain"
      onError={close}
    />
  );
  return createPortal(
    <div className="fixed inset-0 z-[100] flex items-center justify-center p-4" data-testid="popup-overlay">
      <div
        aria-hidden="true"
        className={`absolute inset-0 bg-slate-950/70 transition-opacity duration-300 motion-reduce:transition-none ${shown ? "opacity-100" : "opacity-0"}`}
        onClick={close}
      />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-label="Obaveštenje"
        className={`relative max-w-3xl transition-opacity duration-300 motion-reduce:transition-none ${shown ? "opacity-100" : "opacity-0"}`}
      >
        <button
          ref={closeRef}
          type="button"
          onClick={close}
          aria-label="Zatvori obaveštenje"
          className="absolute -right-2 -top-2 z-10 flex h-10 w-10 items-center justify-center rounded-full bg-white text-xl font-bold text-slate-800 shadow-lg ring-1 ring-slate-200 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <span aria-hidden="true">×</span>
        </button>
        {popup.link ? (
          <a href={popup.link} target="_blank" rel="noopener noreferrer" onClick={close} className="block">
            {image}
          </a>
        ) : (
          image
        )}
      </div>
    </div>,
    document.body,
  );
}
