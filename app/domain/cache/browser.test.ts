import { describe, expect, it } from "vitest";
import { clearBrowserStores, clearLocalStorage, isSignInKey, type StorageLike } from "./browser";

function fakeStorage(entries: Record<string, string>): StorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(entries));
  return {
    data,
    get length() {
      return data.size;
    },
    key: (i: number) => [...data.keys()][i] ?? null,
    removeItem: (key: string) => void data.delete(key),
    clear: () => data.clear(),
  };
}

describe("spec §4 cache clear in the browser", () => {
  it("keeps the sign-in keys and removes every other local storage key", () => {
    expect(isSignInKey("sb-abc-auth-token")).toBe(true);
    expect(isSignInKey("bv.popup.shows")).toBe(false);
    const storage = fakeStorage({
      "sb-abc-auth-token": "t",
      "bv.popup.shows": "[1]",
      "bv.settings.backup": "{}",
    });
    expect(clearLocalStorage(storage).sort()).toEqual(["bv.popup.shows", "bv.settings.backup"]);
    expect([...storage.data.keys()]).toEqual(["sb-abc-auth-token"]);
  });

  it("empties session storage and deletes every cache and IndexedDB database", async () => {
    const session = fakeStorage({ a: "1", b: "2" });
    const cacheNames = new Set(["v1", "slike"]);
    const deletedDbs: string[] = [];
    const result = await clearBrowserStores({
      localStorage: fakeStorage({ x: "1" }),
      sessionStorage: session,
      caches: {
        keys: async () => [...cacheNames],
        delete: async (name: string) => cacheNames.delete(name),
      },
      indexedDB: {
        databases: async () => [{ name: "jedna" }, { name: "druga" }, {}],
        deleteDatabase: (name: string) => {
          deletedDbs.push(name);
          const request = {} as { onsuccess?: () => void; onerror?: () => void; onblocked?: () => void };
          setTimeout(() => request.onsuccess?.(), 0);
          return request;
        },
      },
    });
    expect(result).toEqual({ localStorage: 1, sessionStorage: 2, caches: 2, databases: 2 });
    expect(session.data.size).toBe(0);
    expect(cacheNames.size).toBe(0);
    expect(deletedDbs).toEqual(["jedna", "druga"]);
  });

  it("skips what the browser does not have", async () => {
    expect(await clearBrowserStores({})).toEqual({
      localStorage: 0,
      sessionStorage: 0,
      caches: 0,
      databases: 0,
    });
  });

  it("reports a failure instead of pretending", async () => {
    await expect(
      clearBrowserStores({
        caches: {
          keys: async () => {
            throw new Error("SecurityError");
          },
          delete: async () => false,
        },
      }),
    ).rejects.toThrow("SecurityError");
  });
});
