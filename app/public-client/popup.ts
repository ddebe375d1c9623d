/**
 * The pop-up overlay (spec §2 Public pop-up overlay, §4 Popup), in plain DOM: public pages carry no
 * React (docs/decisions/065), so the enhancement script runs it there, and the admin screen's
 * preview opens the very same overlay.
 *
 * - `schedulePopup()`: reads the pop-up settings the public layout puts on the page
 *   (`<div hidden data-popup …>`), decides in the visitor's browser whether it may show (times per
 *   day, hours apart), preloads the image and opens the overlay 1.5 s after the page's load. An
 *   image that fails to load means no pop-up; so does a browser without local storage.
 * - `openPopupOverlay()`: an accessible dialog fixed over the page (nothing on the page moves). It
 *   fades in 100 ms after it opens and out in 300 ms (no fades with prefers-reduced-motion);
 *   closes on its button, the backdrop, Escape, a click on the image (which opens the link in a new
 *   tab, noopener) or an image that fails; focus moves in and back.
 */
import { mayShowPopup, POPUP_HISTORY_KEY, parseHistory, withShow } from "../domain/popup/frequency";

export const POPUP_DELAY_MS = 1500;
export const POPUP_FADE_IN_DELAY_MS = 100;
export const POPUP_FADE_OUT_MS = 300;

export type PopupContent = { image: string; link: string | null };
export type PopupConfig = PopupContent & { maxShowsPerDay: number; minHoursBetween: number };

/** The settings from the layout's `data-popup` element, or null when there is none or it is odd. */
export function readPopupConfig(el: HTMLElement | null): PopupConfig | null {
  if (!el) return null;
  const { image, link, maxShows, minHours } = el.dataset;
  const max = Number(maxShows);
  const hours = Number(minHours);
  if (!image || !Number.isFinite(max) || !Number.isFinite(hours)) return null;
  return { image, link: link || null, maxShowsPerDay: max, minHoursBetween: hours };
}

const fadeClasses = ["transition-opacity", "duration-300", "motion-reduce:transition-none", "opacity-0"];

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string>,
  ...children: Node[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** Opens the overlay; returns a function that closes it (with its fade). */
export function openPopupOverlay(popup: PopupContent, onClosed?: () => void): () => void {
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const image = el("img", {
    src: popup.image,
    alt: popup.link ? "Pop-up obaveštenje — otvara se u novom tabu" : "Pop-up obaveštenje",
    class: "block h-auto max-h-[80vh] w-auto max-w-full rounded-lg object-contain",
  });
  const close = el(
    "button",
    {
      type: "button",
      "aria-label": "Zatvori obaveštenje",
      class:
        "absolute -right-2 -top-2 z-10 flex h-10 w-10 items-center justify-center rounded-full bg-white text-xl font-bold text-slate-800 shadow-lg ring-1 ring-slate-200 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white",
    },
    el("span", { "aria-hidden": "true" }, document.createTextNode("×")),
  );
  const body = popup.link
    ? el("a", { href: popup.link, target: "_blank", rel: "noopener noreferrer", class: "block" }, image)
    : image;
  const dialog = el(
    "div",
    { role: "dialog", "aria-modal": "true", "aria-label": "Obaveštenje", class: "relative max-w-3xl" },
    close,
    body,
  );
  const backdrop = el("div", { "aria-hidden": "true", class: "absolute inset-0 bg-slate-950/70" });
  const root = el(
    "div",
    { class: "fixed inset-0 z-[100] flex items-center justify-center p-4", "data-testid": "popup-overlay" },
    backdrop,
    dialog,
  );
  for (const node of [backdrop, dialog]) node.classList.add(...fadeClasses);

  let closed = false;
  const shut = () => {
    if (closed) return;
    closed = true;
    document.removeEventListener("keydown", onKey, true);
    const remove = () => {
      root.remove();
      previous?.focus({ preventScroll: true });
      onClosed?.();
    };
    if (reduced) return remove();
    for (const node of [backdrop, dialog]) node.classList.replace("opacity-100", "opacity-0");
    setTimeout(remove, POPUP_FADE_OUT_MS);
  };
  function onKey(event: KeyboardEvent) {
    if (event.key === "Escape") {
      event.preventDefault();
      shut();
    } else if (event.key === "Tab") {
      // Keep the focus inside: the close button and the link.
      const focusable = [...dialog.querySelectorAll<HTMLElement>("button, a[href]")];
      const index = focusable.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey ? index - 1 : index + 1;
      event.preventDefault();
      focusable[(next + focusable.length) % focusable.length]?.focus();
    }
  }

  close.addEventListener("click", shut);
  backdrop.addEventListener("click", shut);
  if (popup.link) body.addEventListener("click", () => setTimeout(shut, 0));
  image.addEventListener("error", shut);
  document.addEventListener("keydown", onKey, true);
  document.body.append(root);
  close.focus({ preventScroll: true });
  setTimeout(
    () => {
      for (const node of [backdrop, dialog]) node.classList.replace("opacity-0", "opacity-100");
    },
    reduced ? 0 : POPUP_FADE_IN_DELAY_MS,
  );
  return shut;
}

function readHistory(): number[] | null {
  try {
    return parseHistory(window.localStorage.getItem(POPUP_HISTORY_KEY));
  } catch {
    return null; // no storage: the limits cannot be kept, so the pop-up stays away
  }
}

function recordShow(): void {
  try {
    const history = parseHistory(window.localStorage.getItem(POPUP_HISTORY_KEY));
    window.localStorage.setItem(POPUP_HISTORY_KEY, JSON.stringify(withShow(history, Date.now())));
  } catch {
    // Storage went away between the check and the show: nothing to record.
  }
}

/** The public pages' part: show the pop-up when the settings are on the page and the limits allow. */
export function schedulePopup(): void {
  const host = document.querySelector<HTMLElement>("[data-popup]");
  const popup = readPopupConfig(host);
  if (!popup || !host) return;
  // What the script decided, on the element ("skipped", "scheduled", "shown"): a test waits for
  // the decision instead of waiting a while and hoping nothing appears.
  const decided = (state: "skipped" | "scheduled" | "shown") => {
    host.dataset.popupState = state;
  };
  const begin = () => {
    const history = readHistory();
    if (!history || !mayShowPopup(history, Date.now(), popup)) return decided("skipped");
    decided("scheduled");
    const showAt = performance.now() + POPUP_DELAY_MS;
    const preload = new Image();
    preload.decoding = "async";
    preload.onload = () => {
      setTimeout(
        () => {
          recordShow();
          openPopupOverlay(popup);
          decided("shown");
        },
        Math.max(0, showAt - performance.now()),
      );
    };
    preload.onerror = () => decided("skipped");
    preload.src = popup.image;
  };
  if (document.readyState === "complete") begin();
  else window.addEventListener("load", begin, { once: true });
}
