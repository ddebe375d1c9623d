/**
 * Spec §4/§7 Cache clear, the browser's part: local storage is emptied except the sign-in keys,
 * session storage is emptied, and every Cache Storage cache and IndexedDB database of the site is
 * deleted. Our own sign-in is an httpOnly cookie that no script can touch, so clearing never signs
 * anyone out; the rule still keeps any key that holds a sign-in ("auth", as the hosted backend's
 * `sb-…-auth-token` did), so that a future client-side sign-in survives it too. The screen's words
 * are in app/messages/cache.ts.
 */

/** A local storage key that belongs to a sign-in and is kept. */
export function isSignInKey(key: string): boolean {
  return /auth/i.test(key);
}

export type StorageLike = Pick<Storage, "length" | "key" | "removeItem" | "clear">;

/** Removes every local storage key except the sign-in ones; returns the keys removed. */
export function clearLocalStorage(storage: StorageLike): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null) keys.push(key);
  }
  const removed = keys.filter((key) => !isSignInKey(key));
  for (const key of removed) storage.removeItem(key);
  return removed;
}

export type BrowserStores = {
  localStorage?: StorageLike;
  sessionStorage?: StorageLike;
  caches?: Pick<CacheStorage, "keys" | "delete">;
  indexedDB?: { databases?: () => Promise<{ name?: string }[]>; deleteDatabase(name: string): unknown };
};

export type BrowserClearResult = {
  localStorage: number;
  sessionStorage: number;
  caches: number;
  databases: number;
};

/** Clears what spec §4 lists; a store the browser does not have is skipped. Throws on a real failure. */
export async function clearBrowserStores(stores: BrowserStores): Promise<BrowserClearResult> {
  const result: BrowserClearResult = { localStorage: 0, sessionStorage: 0, caches: 0, databases: 0 };
  if (stores.localStorage) result.localStorage = clearLocalStorage(stores.localStorage).length;
  if (stores.sessionStorage) {
    result.sessionStorage = stores.sessionStorage.length;
    stores.sessionStorage.clear();
  }
  if (stores.caches) {
    const names = await stores.caches.keys();
    await Promise.all(names.map((name) => stores.caches?.delete(name)));
    result.caches = names.length;
  }
  if (stores.indexedDB?.databases) {
    const databases = await stores.indexedDB.databases();
    for (const db of databases) {
      if (!db.name) continue;
      await new Promise<void>((resolve) => {
        const request = stores.indexedDB?.deleteDatabase(db.name as string) as IDBOpenDBRequest | undefined;
        if (!request || typeof request !== "object" || !("onsuccess" in request)) return resolve();
        // "blocked" (another tab holds it open) still deletes it once that tab lets go.
        request.onsuccess = request.onerror = request.onblocked = () => resolve();
      });
      result.databases += 1;
    }
  }
  return result;
}

/** The stores of this window (each read guarded: a privacy mode may refuse access). */
export function windowStores(win: Window): BrowserStores {
  const stores: BrowserStores = {};
  try {
    stores.localStorage = win.localStorage;
  } catch {
    // no local storage here
  }
  try {
    stores.sessionStorage = win.sessionStorage;
  } catch {
    // no session storage here
  }
  if ("caches" in win) stores.caches = win.caches;
  if ("indexedDB" in win && win.indexedDB) stores.indexedDB = win.indexedDB;
  return stores;
}
