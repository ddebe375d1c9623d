import { type Browser, expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/auth";

/**
 * Companies end to end, at phone size: a visitor sends a company request, the admin sees the
 * badge go up, edits the request, approves it and the company appears in the public directory;
 * rejecting without a note shows the spec's message; a company is deleted after a confirmation.
 */
test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: "serial" });

const NAME = `Soko Trucking ${Date.now()}`;

/** The live number on the sidebar's "Zahtevi kompanija" badge (the sidebar is a drawer on phones). */
async function pendingBadge(page: Page): Promise<number> {
  await page.getByRole("button", { name: "Otvori meni" }).click();
  const link = page.getByRole("dialog").getByRole("link", { name: /Zahtevi kompanija/ });
  await expect(link).toBeVisible();
  const text = await link.innerText();
  await page.keyboard.press("Escape");
  await expect(link).toBeHidden();
  const match = text.match(/(\d+)/);
  return match ? Number(match[1]) : 0;
}

async function sendRequestAsVisitor(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/kompanije");
  await page.getByRole("link", { name: "Dodajte svoju kompaniju" }).click();
  await expect(page).toHaveURL(/\/kompanije\/nova$/);

  await page.getByLabel("Naziv kompanije *").fill(NAME);
  await page.getByLabel("Kategorija").selectOption("Logistika");
  await page.getByLabel("Država").selectOption("Illinois");
  await page.getByLabel("Grad").fill("Chicago");
  await page.getByLabel("Opis").fill("Porodična firma, dispečeri govore srpski.");
  await page.getByLabel("E-pošta").fill("nije-mejl");
  await page.getByRole("textbox", { name: "Usluge" }).fill("OTR ture, Lokalni prevoz");
  await page.getByLabel("Godina osnivanja").fill("2015");
  await page.getByRole("button", { name: "Pošalji zahtev" }).click();

  // The validation error keeps everything typed.
  await expect(page.getByText("Unesite ispravnu adresu e-pošte (npr. info@kompanija.com).")).toBeVisible();
  await expect(page.getByLabel("Naziv kompanije *")).toHaveValue(NAME);
  await expect(page.getByLabel("Država")).toHaveValue("Illinois");
  await expect(page.getByRole("textbox", { name: "Usluge" })).toHaveValue("OTR ture, Lokalni prevoz");

  await page.getByLabel("E-pošta").fill("dispatch@soko.example.com");
  await page.getByLabel("Telefon").fill("+1 (312) 555-0199");
  await page.getByRole("button", { name: "Pošalji zahtev" }).click();
  await expect(page.getByRole("heading", { name: "Hvala vam!" })).toBeVisible();
  await context.close();
}

test("a visitor's request is edited and approved by the admin and appears in the directory", async ({
  page,
  browser,
}) => {
  await signIn(page);
  const before = await pendingBadge(page);

  await sendRequestAsVisitor(browser);

  await page.goto("/admin/company-submissions?status=na-cekanju");
  expect(await pendingBadge(page)).toBe(before + 1);
  await expect(page.getByTestId("tab-count-pending")).toHaveText(String(before + 1));

  await page.getByRole("button", { name: new RegExp(NAME) }).click();
  const dialog = page.getByRole("dialog", { name: NAME });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Izmeni" }).click();
  await dialog.getByLabel("Veličina flote").fill("0");
  await dialog.getByRole("button", { name: "Sačuvaj izmene" }).click();
  await expect(dialog.getByText("Veličina flote mora biti ceo broj, najmanje 1.")).toBeVisible();
  await dialog.getByLabel("Veličina flote").fill("14");
  await dialog.getByLabel("Specijalnosti").fill("Reefer, Dry van");
  await dialog.getByRole("button", { name: "Sačuvaj izmene" }).click();
  await expect(dialog.getByText("Podaci su uspešno ažurirani!")).toBeVisible();
  await expect(dialog.getByText("Reefer, Dry van")).toBeVisible();

  await dialog.getByLabel(/Napomene/).fill("Provereno telefonom.");
  await dialog.getByRole("button", { name: "Odobri" }).click();
  await expect(page.getByText("Kompanija je uspešno odobrena i kreirana!")).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await pendingBadge(page)).toBe(before);

  // The public directory, as a visitor sees it.
  await page.goto(`/kompanije?q=${encodeURIComponent("soko trucking")}`);
  await page.getByRole("link", { name: new RegExp(NAME) }).click();
  await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
  await expect(page.getByRole("link", { name: /\+1 \(312\) 555-0199/ })).toHaveAttribute(
    "href",
    "tel:+13125550199",
  );
  await expect(page.getByRole("link", { name: /dispatch@soko\.example\.com/ })).toHaveAttribute(
    "href",
    "mailto:dispatch@soko.example.com",
  );
  await expect(page.getByText("Reefer")).toBeVisible();
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({ "@type": "Organization", name: NAME, telephone: "+1 (312) 555-0199" });
});

test("rejecting without a note shows the spec's message and changes nothing", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/company-submissions?status=na-cekanju");
  const before = await pendingBadge(page);
  await page
    .getByTestId(/^submission-card-/)
    .first()
    .getByRole("button", { name: "Pregledaj" })
    .click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Odbij" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Molimo unesite razlog odbijanja u napomene.");
  await expect(dialog.getByText("Molimo unesite razlog odbijanja u napomene.").nth(1)).toBeVisible();
  await page.keyboard.press("Escape");
  await page.reload();
  expect(await pendingBadge(page)).toBe(before);
});

test("the admin filters companies and deletes one after confirming", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/companies");
  await page.getByRole("searchbox").fill("soko trucking");
  await page.getByRole("button", { name: "Pretraži" }).click();
  const card = page.getByTestId(/^company-card-/).filter({ hasText: NAME });
  await expect(card).toHaveCount(1);
  await card.getByRole("button", { name: "Deaktiviraj" }).click();
  await expect(page.getByText("Kompanija je deaktivirana.")).toBeVisible();
  await expect(card.getByRole("button", { name: "Aktiviraj" })).toBeVisible();

  await card.getByRole("button", { name: "Obriši" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(NAME);
  await confirm.getByRole("button", { name: "Obriši" }).click();
  await expect(page.getByText("Kompanija je uspešno obrisana!")).toBeVisible();
  await expect(card).toHaveCount(0);

  await page.goto(`/kompanije?q=${encodeURIComponent("soko trucking")}`);
  await expect(page.getByText("Nema kompanija za izabrane filtere.")).toBeVisible();
});

test("the admin category filter offers the request editor's categories too (decision 041)", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/admin/companies");
  const filter = page.getByLabel("Kategorija");
  for (const category of ["Transportne Kompanije", "Osiguranje", "Špedicija", "Međunarodni Transport"]) {
    await expect(filter.locator("option", { hasText: category })).toHaveCount(1);
  }
  await filter.selectOption("Špedicija");
  await page.getByRole("button", { name: "Pretraži" }).click();
  await expect(page).toHaveURL(/kategorija=%C5%A0pedicija/);
  await expect(page.getByLabel("Kategorija")).toHaveValue("Špedicija");
  const shown = page.getByTestId(/^company-card-/);
  for (const text of await shown.allInnerTexts()) expect(text).toContain("Špedicija");
});

test("the company form checks its fields and keeps what was typed", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/companies/new");
  await expect(page.getByLabel("Kategorija")).toHaveValue("Transportne Kompanije");
  await expect(page.getByLabel("Godina osnivanja")).toHaveValue(String(new Date().getFullYear()));
  await page.getByRole("textbox", { name: "Usluge" }).fill("  Flatbed ");
  await page.getByRole("textbox", { name: "Usluge" }).press("Enter");
  await page.getByRole("textbox", { name: "Usluge" }).fill("flatbed");
  await page.getByRole("button", { name: "Dodaj" }).first().click();
  await expect(page.getByRole("list", { name: "Usluge" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Usluge" })).toContainText("Flatbed");
  await page.getByLabel("E-pošta").fill("los-mejl");
  await page.getByLabel("Godina osnivanja").fill("1899");
  await page.getByRole("button", { name: "Kreiraj kompaniju" }).click();
  await expect(page.getByText("Naziv kompanije je obavezan.")).toBeVisible();
  await expect(page.getByText("Godina osnivanja mora biti između 1900 i")).toBeVisible();
  await expect(page.getByLabel("E-pošta")).toHaveValue("los-mejl");
  await expect(page.getByRole("list", { name: "Usluge" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Usluge" })).toContainText("Flatbed");
});
