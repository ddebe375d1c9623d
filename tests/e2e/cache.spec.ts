import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/auth";
import { EDITOR } from "./support/env";

/** The cache screen (spec §2 Cache, §4 Cache clear, §8): clear button, confirm, clear, reload. */
test.describe.configure({ mode: "serial" });

async function fillBrowserStores(page: Page) {
  await page.evaluate(async () => {
    localStorage.setItem("bv.popup.shows", "[1]");
    localStorage.setItem("nesto.staro", "x");
    localStorage.setItem("sb-demo-auth-token", "prijava");
    sessionStorage.setItem("privremeno", "1");
    const cache = await caches.open("bv-test");
    await cache.put("/e2e-kes", new Response("keš"));
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open("bv-test-db", 1);
      request.onupgradeneeded = () => request.result.createObjectStore("stavke");
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
  });
}

const storesOf = (page: Page) =>
  page.evaluate(async () => ({
    local: Object.keys(localStorage).sort(),
    session: Object.keys(sessionStorage),
    caches: await caches.keys(),
    databases: (await indexedDB.databases()).map((d) => d.name),
  }));

test("an editor has no cache screen", async ({ page }) => {
  await signIn(page, EDITOR.email, EDITOR.password);
  const response = await page.goto("/admin/cache");
  expect(response?.status()).toBe(403);
});

test("cancelling the confirm step clears nothing", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/cache");
  await fillBrowserStores(page);
  await page.getByRole("button", { name: "Obriši keš" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Obrisati keš?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Otkaži" }).click();
  await expect(confirm).toBeHidden();
  const stores = await storesOf(page);
  expect(stores.local).toContain("nesto.staro");
  expect(stores.caches).toContain("bv-test");
});

test("clearing empties the browser's storage except the sign-in, reloads and reports success", async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole("navigation", { name: "Admin navigacija" }).getByRole("link", { name: "Keš" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Keš" })).toBeVisible();
  await fillBrowserStores(page);
  await page.reload();
  await expect(page.getByTestId("browser-counts")).toContainText(
    "2 stavki u lokalnom skladištu (+1 o prijavi, ostaju)",
  );

  await page.getByRole("button", { name: "Obriši keš" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Obrisati keš?" });
  const reloaded = page.waitForEvent("load");
  await confirm.getByRole("button", { name: "Obriši keš" }).click();
  await reloaded;
  await expect(page.getByText("Keš je uspešno obrisan.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/cache$/);

  const stores = await storesOf(page);
  expect(stores.local).toEqual(["sb-demo-auth-token"]);
  // (React Router keeps its scroll positions there again right after the reload.)
  expect(stores.session).not.toContain("privremeno");
  expect(stores.caches).toEqual([]);
  expect(stores.databases).not.toContain("bv-test-db");
  // Still signed in.
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Kontrolna tabla" })).toBeVisible();
});
