/**
 * The parts of the service worker's global scope that ./service-worker.ts uses. The project is
 * type-checked with the DOM library, which lacks them; TypeScript's "webworker" library cannot be
 * added beside it (the two declare the same names).
 */
export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface InstallEvent extends ExtendableEvent {
  /** The static routing API (Chromium 123+): requests that never reach the fetch handler. */
  addRoutes?: (
    rules: { condition: { urlPattern?: string; requestMode?: string }; source: "network" }[],
  ) => Promise<void>;
}

export interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  readonly clientId: string;
  readonly resultingClientId: string;
  respondWith(response: Response | Promise<Response>): void;
}

export interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
}

export interface PeriodicSyncEvent extends ExtendableEvent {
  readonly tag: string;
}

export interface WindowClient {
  readonly url: string;
  readonly focused: boolean;
  postMessage(message: unknown): void;
}

export interface ServiceWorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration & {
    readonly navigationPreload?: { enable(): Promise<void> };
  };
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window"; includeUncontrolled?: boolean }): Promise<WindowClient[]>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install", listener: (event: InstallEvent) => void): void;
  addEventListener(type: "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
  addEventListener(type: "periodicsync", listener: (event: PeriodicSyncEvent) => void): void;
}
