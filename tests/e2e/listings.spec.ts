import { type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { jobPostingProblems, productProblems } from "../support/structured-data";
import { signIn } from "./support/auth";

/**
 * Jobs and buy/sell end to end, at phone size: a visitor posts a job and a truck with two photos
 * (after a validation error that keeps what was typed), the listings are 404 until an admin
 * approves both at once, then a driver finds the job by state and equipment, opens it, has a phone
 * link that dials and valid JobPosting data; the truck shows its photos as WebP and valid Product
 * data; an expired listing is 410; rejecting without a note is refused.
 */
test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: "serial" });

const TOKEN = `E2E${Date.now().toString(36)}`;
const JOB_TITLE = `CDL-A vozač za reefer ture ${TOKEN}`;
const TRUCK_TITLE = `Volvo VNL 860 2021 ${TOKEN}`;
const PHONE = "+1 (406) 555-0142";
let jobId = 0;
let truckId = 0;

const photo = (background: string) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  return context.newPage();
}

test("a visitor posts a job and a truck with two photos; both wait for approval", async ({ browser }) => {
  const page = await visitor(browser);
  await page.goto("/poslovi");
  await page.getByRole("link", { name: "Objavite oglas za posao" }).click();
  await expect(page).toHaveURL(/\/poslovi\/novi$/);

  await page.getByLabel(/^Kompanija/).fill("Bjelasica Trucking LLC");
  await page.getByLabel(/^Vrsta posla/).selectOption("company-driver");
  await page.getByLabel(/^Ture/).selectOption("otr");
  await page.getByLabel("Reefer (hladnjača)").check();
  await page.getByLabel("Plata od").fill("0,68");
  await page.getByLabel("Kako se računa").selectOption("per-mile");
  await page.getByLabel(/^Opis posla/).fill("Tražimo vozača za reefer ture, isplata svake nedelje.");
  await page.getByLabel(/^Grad/).fill("Billings");
  await page.getByLabel(/^Država/).selectOption("Montana");
  await page.getByLabel(/^Ime i prezime/).fill("Milan Jovanović");
  await page.getByLabel(/^Vaša e-pošta/).fill("milan.vlasnik@example.com");
  await page.getByRole("button", { name: "Pošalji oglas" }).click();

  // Missing title and contact: the messages show, everything typed stays, focus on the first field.
  await expect(page.getByText("Unesite naslov oglasa.")).toBeVisible();
  await expect(
    page.getByText("Unesite telefon ili adresu e-pošte da bi vas zainteresovani mogli kontaktirati."),
  ).toBeVisible();
  await expect(page.getByLabel(/^Naziv posla/)).toBeFocused();
  await expect(page.getByLabel(/^Kompanija/)).toHaveValue("Bjelasica Trucking LLC");
  await expect(page.getByLabel("Reefer (hladnjača)")).toBeChecked();
  await expect(page.getByLabel(/^Država/)).toHaveValue("Montana");

  await page.getByLabel(/^Naziv posla/).fill(JOB_TITLE);
  await page.getByLabel("Telefon").fill(PHONE);
  await page.getByRole("button", { name: "Pošalji oglas" }).click();
  await expect(page.getByRole("heading", { name: "Hvala vam!" })).toBeVisible();
  await expect(page.getByText(/čeka odobrenje/)).toBeVisible();

  await page.goto("/kupoprodaja/novi");
  await page.getByLabel(/^Kategorija/).selectOption("truck");
  await page.getByLabel(/^Stanje/).selectOption("used");
  await page.getByLabel(/^Naslov oglasa/).fill(TRUCK_TITLE);
  await page.getByLabel("Marka").fill("Volvo");
  await page.getByLabel("Model").fill("VNL 860");
  await page.getByLabel("Godište").fill("2021");
  await page.getByLabel("Pređeno (milja)").fill("310.000");
  await page.getByLabel("Cena ($)").fill("89.500");
  await page.getByLabel(/^Opis/).fill("Jedan vlasnik, redovno servisiran, spreman za rad odmah.");
  await page.getByLabel("Fotografije").setInputFiles([
    { name: "volvo-spolja.jpg", mimeType: "image/jpeg", buffer: await photo("#1d4ed8") },
    { name: "volvo-kabina.jpg", mimeType: "image/jpeg", buffer: await photo("#b91c1c") },
  ]);
  await expect(page.getByText("Izabrano: 2.")).toBeVisible();
  await page.getByLabel(/^Grad/).fill("Dallas");
  await page.getByLabel(/^Država/).selectOption("Texas");
  await page.getByLabel(/^Ime i prezime/).fill("Goran Petrović");
  await page.getByLabel("E-pošta", { exact: true }).fill("goran@primer.com");
  await page.getByLabel(/^Vaša e-pošta/).fill("goran.vlasnik@example.com");
  await page.getByRole("button", { name: "Pošalji oglas" }).click();
  await expect(page.getByRole("heading", { name: "Hvala vam!" })).toBeVisible();
  await page.context().close();
});

test("a file that is not an image is refused by its bytes", async ({ page }) => {
  await page.goto("/kupoprodaja/novi");
  await page.getByLabel(/^Kategorija/).selectOption("parts");
  await page.getByLabel(/^Stanje/).selectOption("used");
  await page.getByLabel(/^Naslov oglasa/).fill(`Gume na prodaju ${TOKEN}`);
  await page.getByLabel(/^Opis/).fill("Set od osam guma, malo korišćene, bez oštećenja.");
  await page
    .getByLabel("Fotografije")
    .setInputFiles([
      { name: "guma.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<html>ovo nije slika</html>") },
    ]);
  await page.getByLabel(/^Grad/).fill("Dallas");
  await page.getByLabel(/^Država/).selectOption("Texas");
  await page.getByLabel(/^Ime i prezime/).fill("Goran Petrović");
  await page.getByLabel("E-pošta", { exact: true }).fill("goran@primer.com");
  await page.getByLabel(/^Vaša e-pošta/).fill("goran.vlasnik@example.com");
  await page.getByRole("button", { name: "Pošalji oglas" }).click();
  await expect(page.getByText("guma.jpg: Molimo odaberite sliku (JPG, PNG, GIF, WebP)")).toBeVisible();
  await expect(page.getByLabel(/^Naslov oglasa/)).toHaveValue(`Gume na prodaju ${TOKEN}`);
});

test("unapproved listings are 404; the admin approves both at once", async ({ page, browser }) => {
  await signIn(page);
  await page.goto(`/admin/listings?q=${TOKEN}`);
  const jobCard = page.getByTestId(/^listing-card-\d+$/).filter({ hasText: JOB_TITLE });
  const truckCard = page.getByTestId(/^listing-card-\d+$/).filter({ hasText: TRUCK_TITLE });
  await expect(jobCard).toBeVisible();
  await expect(truckCard).toBeVisible();
  jobId = Number((await jobCard.getAttribute("data-testid"))?.replace("listing-card-", ""));
  truckId = Number((await truckCard.getAttribute("data-testid"))?.replace("listing-card-", ""));

  // The whole listing with its photos in the preview.
  await truckCard.getByRole("button", { name: "Pregledaj" }).click();
  const dialog = page.getByRole("dialog", { name: TRUCK_TITLE });
  await expect(dialog.getByRole("img", { name: /fotografija 1 od 2/ })).toBeVisible();
  await page.keyboard.press("Escape");

  const anonymous = await visitor(browser);
  expect((await anonymous.goto(`/poslovi/oglas-${jobId}`))?.status()).toBe(404);
  expect((await anonymous.goto(`/kupoprodaja/oglas-${truckId}`))?.status()).toBe(404);

  await page.getByRole("checkbox", { name: `Izaberi oglas: ${JOB_TITLE}` }).check();
  await page.getByRole("checkbox", { name: `Izaberi oglas: ${TRUCK_TITLE}` }).check();
  await page.getByRole("button", { name: "Odobri izabrane" }).click();
  await expect(page.getByText("Odobreno oglasa: 2.")).toBeVisible();
  await expect(jobCard).toHaveCount(0);

  // Now public: any form of the URL leads to the canonical one.
  const response = await anonymous.goto(`/poslovi/${jobId}`);
  expect(response?.status()).toBe(200);
  await expect(anonymous).toHaveURL(
    new RegExp(`/poslovi/cdl-a-vozac-za-reefer-ture-${TOKEN.toLowerCase()}-${jobId}$`),
  );
  await anonymous.context().close();
});

test("a driver filters jobs by state and equipment, opens the job and can call; JobPosting is valid", async ({
  page,
}) => {
  await page.goto("/poslovi");
  await page.getByLabel("Država").selectOption("Montana");
  await page.getByText("Više filtera").click();
  await page.getByLabel("Oprema").selectOption("reefer");
  await page.getByRole("button", { name: "Traži", exact: true }).click();
  await expect(page).toHaveURL(/drzava=Montana/);
  await expect(page).toHaveURL(/oprema=reefer/);
  const card = page.getByRole("link", { name: new RegExp(JOB_TITLE) });
  await expect(card).toBeVisible();
  await expect(card).toContainText("0,68 $ po milji");
  await card.click();

  await expect(page.getByRole("heading", { level: 1, name: JOB_TITLE })).toBeVisible();
  const call = page.getByRole("link", { name: `Pozovi ${PHONE}` });
  await expect(call).toBeVisible();
  await expect(call).toHaveAttribute("href", "tel:+14065550142");
  // The call bar stays at the bottom of a phone's screen.
  await expect(page.getByRole("link", { name: "Pozovi", exact: true })).toBeInViewport();

  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jobPostingProblems(ld)).toEqual([]);
  expect(ld).toMatchObject({
    "@type": "JobPosting",
    title: JOB_TITLE,
    hiringOrganization: { name: "Bjelasica Trucking LLC" },
    jobLocation: { address: { addressLocality: "Billings", addressRegion: "MT", addressCountry: "US" } },
  });

  // Another state leaves it out.
  await page.goto(`/poslovi?drzava=Texas&q=${TOKEN}`);
  await expect(page.getByText("Nema poslova za izabrane filtere.")).toBeVisible();
});

test("the truck is found by kind, price and year, with its two photos as WebP and a valid Product", async ({
  page,
}) => {
  await page.goto("/kupoprodaja?vrsta=truck&cena-od=80000&cena-do=90000&godiste-od=2020");
  const card = page.getByRole("link", { name: new RegExp(TRUCK_TITLE) });
  await expect(card).toContainText("89.500 $");
  await card.click();
  await expect(page.getByRole("heading", { level: 1, name: TRUCK_TITLE })).toBeVisible();
  const photos = page.getByRole("img", { name: new RegExp(`${TRUCK_TITLE} — fotografija`) });
  await expect(photos).toHaveCount(2);
  await expect(photos.first()).toHaveAttribute("srcset", /\.webp 400w/);
  await expect(page.getByRole("link", { name: /goran@primer\.com/ })).toHaveAttribute(
    "href",
    /^mailto:goran@primer\.com\?subject=/,
  );
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(productProblems(ld)).toEqual([]);
  expect(ld).toMatchObject({
    "@type": ["Product", "Vehicle"],
    offers: { price: "89500.00", priceCurrency: "USD" },
    vehicleModelDate: "2021",
  });

  await page.goto("/kupoprodaja?vrsta=truck&cena-do=50000");
  await expect(page.getByRole("link", { name: new RegExp(TRUCK_TITLE) })).toHaveCount(0);
});

test("the admin edits the truck: a wrong year is refused, then a photo goes and the price changes", async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`/admin/listings/edit/${truckId}`);
  await expect(page.getByRole("heading", { name: "Izmena oglasa" })).toBeVisible();
  await expect(page.getByLabel(/^Naslov oglasa/)).toHaveValue(TRUCK_TITLE);
  await page.getByLabel("Godište").fill("1800");
  await page.getByLabel("Cena ($)").fill("84.000");
  await page.getByRole("button", { name: "Sačuvaj izmene" }).click();
  await expect(page.getByText(/^Godište mora biti između 1950 i \d{4}\.$/)).toBeVisible();
  await expect(page.getByLabel("Godište")).toBeFocused();
  await expect(page.getByLabel("Cena ($)")).toHaveValue("84.000");

  await page.getByLabel("Godište").fill("2021");
  await page.getByRole("list", { name: "Sačuvane fotografije" }).getByLabel("Ukloni").first().check();
  await page.getByRole("button", { name: "Sačuvaj izmene" }).click();
  await expect(page).toHaveURL(/\/admin\/listings\?status=odobreno/);
  await expect(page.getByText("Izmene oglasa su sačuvane.")).toBeVisible();

  await page.goto(`/kupoprodaja/oglas-${truckId}`);
  await expect(page.getByRole("heading", { level: 1, name: TRUCK_TITLE })).toBeVisible();
  await expect(page.getByText("84.000 $").first()).toBeVisible();
  await expect(page.getByRole("img", { name: new RegExp(`${TRUCK_TITLE} — fotografija`) })).toHaveCount(1);
});

test("an expired listing answers 410 and points to the current ones", async ({ page, browser }) => {
  await signIn(page);
  await page.goto("/admin/listings?status=isteklo&vrsta=poslovi");
  const first = page.getByTestId(/^listing-card-\d+$/).first();
  const id = Number((await first.getAttribute("data-testid"))?.replace("listing-card-", ""));
  const anonymous = await visitor(browser);
  expect((await anonymous.goto(`/poslovi/oglas-${id}`))?.status()).toBe(410);
  await expect(anonymous.getByText("Ovaj oglas je istekao i više nije aktivan.")).toBeVisible();
  await expect(anonymous.getByRole("link", { name: /aktuelne oglase/ })).toHaveAttribute("href", "/poslovi");
  await anonymous.context().close();
});

test("rejecting without a note is refused; with a note the listing leaves the tab", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/listings");
  const card = page.getByTestId(/^listing-card-\d+$/).first();
  const title = (await card.getByRole("button").first().innerText()).trim();
  await card.getByRole("button", { name: "Pregledaj" }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.getByRole("button", { name: "Odbij" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Molimo unesite razlog odbijanja u napomene.");
  await dialog.getByLabel(/^Napomena/).fill("Nepotpuni podaci o kompaniji.");
  await dialog.getByRole("button", { name: "Odbij" }).click();
  await expect(page.getByText("Oglas je odbijen.")).toBeVisible();
  await expect(dialog).toBeHidden();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the buy/sell form posts its photos as a plain multipart form", async ({ page }) => {
    await page.goto("/kupoprodaja/novi");
    await page.getByLabel(/^Kategorija/).selectOption("trailer");
    await page.getByLabel(/^Stanje/).selectOption("used");
    await page.getByLabel(/^Naslov oglasa/).fill(`Utility reefer 2019 ${TOKEN}`);
    await page.getByLabel(/^Opis/).fill("Prikolica sa Carrier agregatom, nove kočnice, spremna za rad.");
    const photos = [{ name: "prikolica.jpg", mimeType: "image/jpeg", buffer: await photo("#e2e8f0") }];
    await page.getByLabel("Fotografije").setInputFiles(photos);
    await page.getByLabel(/^Grad/).fill("Joliet");
    await page.getByLabel(/^Država/).selectOption("Illinois");
    await page.getByLabel(/^Ime i prezime/).fill("Dejan Ilić");
    await page.getByRole("button", { name: "Pošalji oglas" }).click();

    // No make for a trailer: the page comes back with the message, the text kept, the photos to choose again.
    await expect(page.getByText("Unesite marku (npr. Freightliner, Utility).")).toBeVisible();
    await expect(page.getByText("Unesite telefon ili adresu e-pošte", { exact: false })).toBeVisible();
    await expect(page.getByLabel(/^Naslov oglasa/)).toHaveValue(`Utility reefer 2019 ${TOKEN}`);
    await expect(page.getByText(/Izaberite fotografije ponovo/)).toBeVisible();

    await page.getByLabel("Marka").fill("Utility");
    await page.getByLabel("Telefon").fill("815-555-0190");
    await page.getByLabel("Vaša e-pošta").fill(`dejan-${TOKEN.toLowerCase()}@example.com`);
    await page.getByLabel("Fotografije").setInputFiles(photos);
    await page.getByRole("button", { name: "Pošalji oglas" }).click();
    await expect(page.getByRole("heading", { name: "Hvala vam!" })).toBeVisible();
  });
});
