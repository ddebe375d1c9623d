import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/auth";
import { ADMIN } from "./support/env";

const EDITOR = {
  firstName: "Milica",
  lastName: "Urednić",
  email: `milica.${Date.now()}@e2e.test`,
  password: "urednik-lozinka-1",
};

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Admin navigacija" });

test.describe.configure({ mode: "serial" });

test("an anonymous visitor is sent to sign in and comes back to the page asked for", async ({ page }) => {
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fusers$/);
  await page.locator('input[name="email"]').fill(ADMIN.email.toUpperCase());
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole("button", { name: "Prijavi se" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole("heading", { name: "Korisnici" })).toBeVisible();
});

test("a wrong password shows the spec's message, keeps the e-mail and clears the password", async ({
  page,
}) => {
  await page.goto("/admin/login");
  await page.waitForLoadState("networkidle");
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill("pogresna-lozinka");
  await page.getByRole("button", { name: "Prijavi se" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(page.locator('input[name="email"]')).toHaveValue(ADMIN.email);
  await expect(page.locator('input[name="password"]')).toHaveValue("");
  await expect(page.locator('input[name="password"]')).toBeFocused();

  // Without JavaScript too: the server never sends the password back.
  const response = await page.request.post("/admin/login", {
    form: { email: ADMIN.email, password: "pogresna-lozinka", redirectTo: "/admin" },
  });
  expect(response.status()).toBe(401);
  expect(await response.text()).not.toContain("pogresna-lozinka");
});

test("the admin sees every ready entry, the user card, and manages users", async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Kontrolna tabla" })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Korisnici" })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Podešavanja" })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Kontrolna tabla" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const card = page.getByTestId("user-card").first();
  await expect(card).toContainText(ADMIN.email);
  await expect(card).toContainText("Administrator");

  await sidebar(page).getByRole("link", { name: "Korisnici" }).click();
  await expect(sidebar(page).getByRole("link", { name: "Korisnici" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // The protected administrator cannot be deactivated or deleted.
  const protectedRow = page.getByTestId(`user-row-${ADMIN.email}`);
  await expect(protectedRow).toContainText("Zaštićen");
  await expect(protectedRow.getByRole("button")).toHaveCount(0);

  // Create an editor: the form's rules first, nothing typed is lost.
  await page.getByRole("button", { name: "+ Novi korisnik" }).click();
  const dialog = page.getByRole("dialog", { name: "Novi korisnik" });
  await dialog.getByRole("button", { name: "Kreiraj korisnika" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Sva polja su obavezna");
  await dialog.getByLabel("Ime", { exact: true }).fill(EDITOR.firstName);
  await dialog.getByLabel("Prezime").fill(EDITOR.lastName);
  await dialog.getByLabel("Email adresa").fill(EDITOR.email.toUpperCase());
  await dialog.getByLabel("Lozinka", { exact: true }).fill("kratka");
  await dialog.getByRole("button", { name: "Kreiraj korisnika" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Lozinka mora imati najmanje 8 karaktera");
  await expect(dialog.getByLabel("Ime", { exact: true })).toHaveValue(EDITOR.firstName);
  await dialog.getByLabel("Lozinka", { exact: true }).fill(EDITOR.password);
  await dialog.getByRole("button", { name: "Kreiraj korisnika" }).click();
  await expect(page.getByRole("status")).toHaveText("Korisnik je uspešno kreiran");
  const row = page.getByTestId(`user-row-${EDITOR.email}`);
  await expect(row).toContainText("Editor");
  await expect(row).toContainText("Aktivan");

  // The same e-mail again is refused, by the server.
  await page.getByRole("button", { name: "+ Novi korisnik" }).click();
  await dialog.getByLabel("Ime", { exact: true }).fill("Druga");
  await dialog.getByLabel("Prezime").fill("Osoba");
  await dialog.getByLabel("Email adresa").fill(EDITOR.email);
  await dialog.getByLabel("Lozinka", { exact: true }).fill("neka-lozinka");
  await dialog.getByRole("button", { name: "Kreiraj korisnika" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Korisnik sa ovom email adresom već postoji");
  await dialog.getByRole("button", { name: "Otkaži" }).click();

  // Toggle off and on.
  await row.getByRole("button", { name: "Deaktiviraj" }).click();
  await expect(page.getByRole("status")).toHaveText("Korisnik je deaktiviran");
  await expect(row).toContainText("Neaktivan");
  await row.getByRole("button", { name: "Aktiviraj" }).click();
  await expect(page.getByRole("status")).toHaveText("Korisnik je aktiviran");
  await expect(row).toContainText("Aktivan");

  await page.getByRole("button", { name: "Odjavi se" }).first().click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/);
});

test("the editor sees only the editor's entries and gets 403 on /admin/users", async ({ page }) => {
  await signIn(page, EDITOR.email, EDITOR.password);
  await expect(sidebar(page).getByRole("link")).toHaveText(["Kontrolna tabla", "Članci", "Mediji"]);
  await expect(page.getByTestId("user-card").first()).toContainText("Editor");
  const response = await page.goto("/admin/users");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Pristup odbijen" })).toBeVisible();
  await expect(page.getByText("Nemate dozvolu za pristup upravljanju korisnicima")).toBeVisible();
});

test("a stranger spraying wrong passwords from 50 addresses cannot lock the editor out of her own browser", async ({
  page,
  browser,
  request,
}) => {
  // Her browser: she signed in here before (it keeps the known-device cookie), then signed out.
  await signIn(page, EDITOR.email, EDITOR.password);
  await page.getByRole("button", { name: "Odjavi se" }).first().click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  // The stranger, from 50 addresses (the server trusts X-Forwarded-For behind its proxy).
  const guess = async (i: number) => {
    const res = await request.post("/admin/login", {
      form: { email: EDITOR.email, password: `pogadjam-${i}`, redirectTo: "/admin" },
      headers: { "X-Forwarded-For": `198.51.100.${(i % 250) + 1}` },
      maxRedirects: 0,
    });
    return { status: res.status(), retryAfter: Number(res.headers()["retry-after"] ?? 0) };
  };
  const statuses: number[] = [];
  for (let i = 0; i < 50; i++) {
    const { status, retryAfter } = await guess(i);
    statuses.push(status);
    // Every refusal says when to come back.
    if (status === 429) expect(retryAfter).toBeGreaterThan(0);
  }
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(9);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(41);

  // She signs in from her browser as usual.
  await signIn(page, EDITOR.email, EDITOR.password);
  await expect(page.getByRole("heading", { name: "Kontrolna tabla" })).toBeVisible();

  // A browser the account never used is slowed down, with a Serbian message, not let in at once.
  // (The stranger keeps guessing until the pause is long enough for this check to beat it.)
  for (let i = 50; ; i++) {
    const { status, retryAfter } = await guess(i);
    if (status === 429 && retryAfter >= 4) break;
    if (status === 429) await new Promise((r) => setTimeout(r, retryAfter * 1000 + 100));
  }
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto("/admin/login");
  await other.locator('input[name="email"]').fill(EDITOR.email);
  await other.locator('input[name="password"]').fill(EDITOR.password);
  await other.getByRole("button", { name: "Prijavi se", exact: true }).click();
  await expect(other.getByRole("alert")).toContainText(
    "Previše neuspešnih pokušaja prijave. Pokušajte ponovo za",
  );
  await stranger.close();
});

test("the admin deletes the editor after confirming", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/users");
  const row = page.getByTestId(`user-row-${EDITOR.email}`);
  await row.getByRole("button", { name: "Obriši" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Brisanje korisnika" });
  await expect(confirm).toContainText(EDITOR.email);
  await confirm.getByRole("button", { name: "Otkaži" }).click();
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Obriši" }).click();
  await confirm.getByRole("button", { name: "Obriši" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `Korisnik ${EDITOR.firstName} ${EDITOR.lastName} je uspešno obrisan`,
  );
  await expect(row).toHaveCount(0);
});

test("on a phone the sidebar opens from the menu button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await expect(sidebar(page)).toBeHidden();
  await page.getByRole("button", { name: "Otvori meni" }).click();
  const drawer = page.getByRole("dialog", { name: "Admin navigacija" });
  await drawer.getByRole("link", { name: "Korisnici" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId(`user-card-${ADMIN.email}`)).toContainText("Zaštićen");
});
