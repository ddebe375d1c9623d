/**
 * The public site's only JavaScript (docs/decisions/065). Public pages are complete server-rendered
 * HTML that works without any script; this small file, loaded with `defer`, adds what script can
 * add on top — and every part of it checks that its markup is there and stays silent otherwise:
 *
 * - image fallback: an <img data-fallback> that fails to load swaps once to its fallback (spec §8);
 * - view beacon: an article page counts one view, sent after the page is shown (not prerendered);
 * - carousels: the hero's numbered buttons move the strip, not the page, and show the current slide;
 * - banner rotation: a position showing one banner of several shows a random one per page view;
 * - in-place forms: <form data-enhance="replace" data-target="#id"> posts with fetch and swaps the
 *   target from the answer page (votes, newsletter signup), falling back to a normal post;
 * - JSON forms: <form data-enhance="json" data-endpoint=…> (the newsletter signup) shows the
 *   endpoint's answer in place;
 * - after a failed form post the focus moves to the first field marked invalid;
 * - the pop-up (`<div hidden data-popup …>` from the public layout): shown 1.5 s after the load when
 *   the visitor's limits allow (./popup.ts, docs/decisions/103);
 * - reading without a signal: the service worker's registration, "Sačuvaj za čitanje bez mreže",
 *   and forms that stay as typed while offline (./offline/register.ts, docs/decisions/310).
 */
import { bindFileSummaries } from "./file-summary";
import { offlineReading } from "./offline/register";
import { schedulePopup } from "./popup";

const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

// --- Images ------------------------------------------------------------------------------------

function fallBack(img: HTMLImageElement): void {
  const fallback = img.dataset.fallback;
  if (!fallback) return;
  delete img.dataset.fallback; // once: a broken fallback must not loop
  img.removeAttribute("srcset");
  img.removeAttribute("sizes");
  img.src = fallback;
}

function imageFallbacks(root: ParentNode): void {
  for (const img of root.querySelectorAll<HTMLImageElement>("img[data-fallback]")) {
    // It may have failed before this script ran (the error event is then already gone).
    if (img.complete && img.naturalWidth === 0 && (img.currentSrc || img.src)) fallBack(img);
  }
}

// --- Article views -----------------------------------------------------------------------------

function viewBeacon(): void {
  const el = document.querySelector<HTMLElement>("[data-view-id]");
  const id = el?.dataset.viewId;
  if (!id || !/^\d+$/.test(id)) return;
  let sent = false;
  const send = () => {
    if (sent || document.visibilityState !== "visible") return;
    sent = true;
    const body = new URLSearchParams({ id });
    if (!navigator.sendBeacon?.("/api/views", body)) {
      fetch("/api/views", { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => {
        // A lost view is not worth bothering the reader about.
      });
    }
  };
  const doc = document as Document & { prerendering?: boolean };
  if (doc.prerendering) {
    document.addEventListener("prerenderingchange", send, { once: true });
  } else if (document.visibilityState === "visible") {
    send();
  } else {
    document.addEventListener("visibilitychange", send);
  }
}

// --- Carousels ---------------------------------------------------------------------------------

function carousels(root: ParentNode): void {
  for (const carousel of root.querySelectorAll<HTMLElement>("[data-carousel]")) {
    const track = carousel.querySelector<HTMLElement>("[data-carousel-track]");
    const links = [...carousel.querySelectorAll<HTMLAnchorElement>("[data-carousel-nav] a[href^='#']")];
    if (!track || links.length === 0) continue;
    const slides = links.map((a) => document.getElementById(a.hash.slice(1)));
    const mark = () => {
      const width = track.clientWidth || 1;
      const index = Math.min(slides.length - 1, Math.max(0, Math.round(track.scrollLeft / width)));
      links.forEach((a, i) => {
        if (i === index) a.setAttribute("aria-current", "true");
        else a.removeAttribute("aria-current");
      });
    };
    links.forEach((a, i) => {
      a.addEventListener("click", (event) => {
        const slide = slides[i];
        if (!slide) return;
        event.preventDefault();
        track.scrollTo({
          left: slide.offsetLeft - track.offsetLeft,
          behavior: reducedMotion() ? "auto" : "smooth",
        });
        links.forEach((other) => {
          if (other === a) other.setAttribute("aria-current", "true");
          else other.removeAttribute("aria-current");
        });
      });
    });
    let timer: number | undefined;
    track.addEventListener(
      "scroll",
      () => {
        window.clearTimeout(timer);
        timer = window.setTimeout(mark, 80);
      },
      { passive: true },
    );
    mark();
  }
}

// --- Banner rotation ---------------------------------------------------------------------------

/** A position that shows one banner of several (on phones) shows a different one each page view. */
function rotations(root: ParentNode): void {
  for (const group of root.querySelectorAll<HTMLElement>("[data-rotate]")) {
    const items = [...group.querySelectorAll<HTMLElement>(":scope > [data-rotate-item]")];
    if (items.length < 2) continue;
    const pick = Math.floor(Math.random() * items.length);
    items.forEach((item, i) => {
      if (i === pick) item.setAttribute("data-active", "");
      else item.removeAttribute("data-active");
    });
  }
}

// --- Forms -------------------------------------------------------------------------------------

function inPlaceForms(root: ParentNode): void {
  for (const form of root.querySelectorAll<HTMLFormElement>("form[data-enhance='replace']")) {
    if (form.dataset.enhanced) continue;
    form.dataset.enhanced = "1";
    form.addEventListener("submit", async (event) => {
      const selector = form.dataset.target;
      const target = selector ? document.querySelector(selector) : null;
      if (!target?.id) return; // nothing to swap: let the browser post normally
      event.preventDefault();
      const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
      const data = new FormData(form);
      if (submitter?.name) data.set(submitter.name, submitter.value);
      const hasFiles = [...data.values()].some((v) => typeof v !== "string");
      const body = hasFiles ? data : new URLSearchParams(data as unknown as Record<string, string>);
      const buttons = form.querySelectorAll<HTMLButtonElement>("button");
      for (const b of buttons) b.disabled = true;
      target.setAttribute("aria-busy", "true");
      try {
        const response = await fetch(form.action, { method: "POST", body, credentials: "same-origin" });
        const html = await response.text();
        const next = new DOMParser().parseFromString(html, "text/html").getElementById(target.id);
        if (!next) throw new Error("no target in the answer");
        const adopted = document.importNode(next, true);
        target.replaceWith(adopted);
        enhance(adopted);
        const focusable = adopted.querySelector<HTMLElement>(
          "[aria-invalid='true'], [role='status'], [role='alert']",
        );
        if (focusable) {
          if (!focusable.hasAttribute("tabindex") && focusable.getAttribute("role")) focusable.tabIndex = -1;
          focusable.focus();
        }
      } catch {
        // The in-place update failed: post the ordinary way, which always works.
        for (const b of buttons) b.disabled = false;
        target.removeAttribute("aria-busy");
        HTMLFormElement.prototype.submit.call(form);
      }
    });
  }
}

type JsonAnswer = { ok: boolean; message: string; fieldErrors?: Record<string, string | undefined> };

/**
 * <form data-enhance="json" data-endpoint="/api/…">: posts its fields to the endpoint, which answers
 * { ok, message, fieldErrors }, and shows the answer in the form's [data-form-message] (marking the
 * wrong fields); the form still posts normally when anything goes wrong.
 */
function jsonForms(root: ParentNode): void {
  for (const form of root.querySelectorAll<HTMLFormElement>("form[data-enhance='json']")) {
    if (form.dataset.enhanced) continue;
    form.dataset.enhanced = "1";
    form.addEventListener("submit", async (event) => {
      const endpoint = form.dataset.endpoint;
      const message = form.querySelector<HTMLElement>("[data-form-message]");
      if (!endpoint || !message) return;
      event.preventDefault();
      const button = form.querySelector<HTMLButtonElement>("button[type='submit']");
      const label = button?.textContent ?? "";
      if (button) {
        button.disabled = true;
        if (button.dataset.busyLabel) button.textContent = button.dataset.busyLabel;
      }
      try {
        const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
        const response = await fetch(endpoint, {
          method: "POST",
          body,
          credentials: "same-origin",
          headers: { Accept: "application/json" },
        });
        const answer = (await response.json()) as JsonAnswer;
        message.textContent = answer.message;
        message.dataset.state = answer.ok ? "ok" : "error";
        message.setAttribute("role", answer.ok ? "status" : "alert");
        let first: HTMLElement | null = null;
        for (const field of form.querySelectorAll<HTMLInputElement>("input[name]:not([tabindex='-1'])")) {
          const wrong = Boolean(answer.fieldErrors?.[field.name]);
          if (wrong) field.setAttribute("aria-invalid", "true");
          else field.removeAttribute("aria-invalid");
          if (wrong && !first) first = field;
        }
        if (answer.ok) form.reset();
        first?.focus();
      } catch {
        HTMLFormElement.prototype.submit.call(form);
        return;
      } finally {
        if (button) {
          button.disabled = false;
          button.textContent = label;
        }
      }
    });
  }
}

function focusFirstError(): void {
  const first = document.querySelector<HTMLElement>("main form [aria-invalid='true']");
  first?.focus();
}

// --- Start -------------------------------------------------------------------------------------

function enhance(root: ParentNode): void {
  rotations(root);
  imageFallbacks(root);
  carousels(root);
  inPlaceForms(root);
  jsonForms(root);
  bindFileSummaries(root);
}

document.addEventListener(
  "error",
  (event) => {
    const target = event.target;
    if (target instanceof HTMLImageElement && target.dataset.fallback) fallBack(target);
  },
  true,
);
enhance(document);
viewBeacon();
focusFirstError();
schedulePopup();
offlineReading();
