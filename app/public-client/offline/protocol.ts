/**
 * What the pages (./register.ts, in the public script) and the service worker (./service-worker.ts)
 * say to each other. Kept apart from ./rules.ts so that the public script carries none of the rules.
 */

/** The service worker's address: the site's root, so that its scope is the whole site. */
export const SERVICE_WORKER_URL = "/sw.js";

/** What a page asks the service worker (each with a MessageChannel port for the answer). */
export type WorkerRequest =
  /** A page was shown (and the device is online): keep it as opened, then refresh what is due. */
  | { type: "page"; url: string }
  | { type: "save"; url: string }
  | { type: "unsave"; url: string }
  | { type: "status"; url: string };

export type SaveFailure = "offline" | "full" | "not-readable" | "failed";
export type WorkerAnswer = { ok: true; saved: boolean } | { ok: false; code: SaveFailure };

/** What the service worker tells a page on its own: a form post found no connection. */
export type WorkerNotice = { type: "form-offline" };

/** Installed apps on Chromium may be woken now and then (periodic background sync) to refresh. */
export const PERIODIC_SYNC_TAG = "bv-refresh";
