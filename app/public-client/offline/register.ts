/**
 * The page's side of reading without a signal (docs/decisions/310, 312), part of the public script:
 * - registers the service worker (`/sw.js`) once the page has loaded, and tells it which page was
 *   shown, so it keeps that page and refreshes what is due (also when the connection comes back);
 * - drives "Sačuvaj za čitanje bez mreže" (`[data-offline-save]`, laid out but invisible until the
 *   service worker is registered: showing it moves nothing);
 * - a form sent while the device is offline is not sent: it stays as typed, with a notice that it
 *   needs a connection (`[data-offline-text]` in the page holds the words, in the page's script).
 */
import {
  PERIODIC_SYNC_TAG,
  SERVICE_WORKER_URL,
  type WorkerAnswer,
  type WorkerNotice,
  type WorkerRequest,
} from "./protocol";

function text(key: string): string {
  return document.querySelector(`[data-offline-text="${key}"]`)?.textContent?.trim() ?? "";
}

// --- Forms -------------------------------------------------------------------------------------

let lastForm: HTMLFormElement | null = null;

function formNotice(form: HTMLFormElement, key: "form-offline" | "form-online"): void {
  let notice = form.querySelector<HTMLElement>("[data-offline-notice]");
  if (!notice) {
    notice = document.createElement("p");
    notice.dataset.offlineNotice = "";
    notice.setAttribute("role", "alert");
    notice.className =
      "mt-2 w-full basis-full rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-300";
    form.append(notice);
  }
  notice.textContent = text(key);
}

function offlineForms(): void {
  // Capturing, so that it runs before the forms' own handlers (in-place posts, JSON forms).
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      lastForm = form;
      if (navigator.onLine) {
        form.querySelector("[data-offline-notice]")?.remove();
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      formNotice(form, "form-offline");
    },
    true,
  );
  window.addEventListener("online", () => {
    for (const notice of document.querySelectorAll<HTMLElement>("[data-offline-notice]")) {
      const form = notice.closest("form");
      if (form) formNotice(form, "form-online");
    }
  });
}

// --- The service worker -------------------------------------------------------------------------

function ask(container: ServiceWorkerContainer, message: WorkerRequest): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no answer")), 60_000);
    container.ready.then((registration) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => {
        clearTimeout(timer);
        resolve(event.data as WorkerAnswer);
      };
      registration.active?.postMessage(message, [channel.port2]);
    }, reject);
  });
}

function saveButton(container: ServiceWorkerContainer): void {
  const button = document.querySelector<HTMLButtonElement>("[data-offline-save]");
  if (!button) return;
  const status = document.querySelector<HTMLElement>("[data-offline-save-status]");
  const url = location.pathname;
  const show = (answer: WorkerAnswer, announce: boolean) => {
    if (answer.ok) button.setAttribute("aria-pressed", String(answer.saved));
    if (!announce || !status) return;
    const key = answer.ok ? (answer.saved ? "saved" : "removed") : `save-${answer.code}`;
    status.textContent = text(key) || text("save-failed");
  };
  button.classList.remove("invisible");
  ask(container, { type: "status", url }).then(
    (answer) => show(answer, false),
    () => undefined,
  );
  button.addEventListener("click", () => {
    if (button.getAttribute("aria-busy") === "true") return;
    button.setAttribute("aria-busy", "true");
    const saved = button.getAttribute("aria-pressed") === "true";
    ask(container, { type: saved ? "unsave" : "save", url })
      .then(
        (answer) => show(answer, true),
        () => show({ ok: false, code: "failed" }, true),
      )
      .finally(() => button.removeAttribute("aria-busy"));
  });
}

type PeriodicSync = { register(tag: string, options: { minInterval: number }): Promise<void> };

export function offlineReading(): void {
  offlineForms();
  const container = navigator.serviceWorker;
  // Development serves no /sw.js (vite.config.ts builds it with the production bundle).
  if (!container || !window.isSecureContext || !import.meta.env.PROD) return;
  container.addEventListener("message", (event) => {
    if ((event.data as WorkerNotice | null)?.type === "form-offline" && lastForm)
      formNotice(lastForm, "form-offline");
  });
  const shown = () => {
    container.ready.then((registration) =>
      registration.active?.postMessage({ type: "page", url: location.href } satisfies WorkerRequest),
    );
  };
  const start = () => {
    container
      .register(SERVICE_WORKER_URL)
      .then(async (registration) => {
        shown();
        saveButton(container);
        const sync = (registration as ServiceWorkerRegistration & { periodicSync?: PeriodicSync })
          .periodicSync;
        const permission = await navigator.permissions
          ?.query({ name: "periodic-background-sync" as PermissionName })
          .catch(() => null);
        if (sync && permission?.state === "granted") {
          await sync.register(PERIODIC_SYNC_TAG, { minInterval: 12 * 3_600_000 });
        }
      })
      .catch(() => undefined);
  };
  // After the load, so that nothing the service worker fetches competes with the page.
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
  window.addEventListener("online", shown);
}
