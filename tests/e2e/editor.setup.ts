import { expect, test as setup } from "@playwright/test";
import { signIn } from "./support/auth";
import { EDITOR } from "./support/env";

/** The tests' own editor, created by the administrator through the users screen (once per server). */
setup("the administrator creates the tests' editor", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/users");
  const users = page.getByRole("main");
  await expect(page.getByRole("heading", { name: "Korisnici" })).toBeVisible();
  if ((await users.getByText(EDITOR.email).count()) > 0) return;
  await page.getByRole("button", { name: "+ Novi korisnik" }).click();
  const dialog = page.getByRole("dialog", { name: "Novi korisnik" });
  await dialog.getByLabel("Ime", { exact: true }).fill(EDITOR.firstName);
  await dialog.getByLabel("Prezime", { exact: true }).fill(EDITOR.lastName);
  await dialog.getByLabel("Email adresa", { exact: true }).fill(EDITOR.email);
  await dialog.getByLabel("Lozinka", { exact: true }).fill(EDITOR.password);
  await dialog.getByLabel("Uloga", { exact: true }).selectOption("editor");
  await dialog.getByRole("button", { name: "Kreiraj korisnika" }).click();
  await expect(page.getByText("Korisnik je uspešno kreiran")).toBeVisible();
  await expect(users.getByText(EDITOR.email).locator("visible=true").first()).toBeVisible();
});
