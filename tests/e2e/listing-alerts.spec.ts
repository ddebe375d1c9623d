import { type Browser, expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/auth";

/**
 * Job alerts end to end (docs/decisions/302, 303), without JavaScript on the driver's side: a
 * driver asks to be told about "reefer" jobs in Ohio from /poslovi (a wrong address first: the
 * message, the filters kept), confirms the alert from the e-mail in the local outbox; a poster's
 * two Ohio jobs — one a reefer job, one not — are approved; the daily run sends one e-mail with
 * exactly the reefer job, a second run sends nothing new, and the e-mail's RFC 8058 one-click POST
 * deletes the alert.
 */
test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: "serial" });

const TOKEN = `AL${Date.now().toString(36)}`;
const DRIVER = `vozac.${TOKEN.toLowerCase()}@example.com`;
const MATCHING = `Reefer vozač, Columbus ${TOKEN}`;
const OTHER = `Dry van vozač, Cleveland ${TOKEN}`;
let alertPage = "";

/** A browser of its own address (the server trusts X-Forwarded-For from its proxy) and no JavaScript. */
async function visitor(browser: Browser, ip: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: false,
    extraHTTPHeaders: { "X-Forwarded-For": ip },
  });
  return context.newPage();
}

/** The page at phone and desktop width, kept with the test's output to be looked at. */
async function screens(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/** The newest outbox e-mail whose subject has `subject`, opened as `recipient` sees it. */
async function openMail(page: Page, subject: string, recipient: string) {
  await page.goto("/admin/newsletter/outbox");
  await page
    .getByRole("link", { name: new RegExp(subject) })
    .first()
    .click();
  await page.getByLabel(/Prikaži kako je vidi primalac/).fill(recipient);
  await page.getByRole("button", { name: "Prikaži" }).click();
  await expect(page.getByTestId("outbox-recipient")).toHaveText(recipient);
  return page.frameLocator('iframe[title="Pregled newsletter-a na telefonu"]');
}

async function postJob(page: Page, title: string, description: string, city: string) {
  await page.goto("/poslovi/novi");
  await page.getByLabel(/^Naziv posla/).fill(title);
  await page.getByLabel(/^Kompanija/).fill("Lovćen Logistics Inc");
  await page.getByLabel(/^Vrsta posla/).selectOption("company-driver");
  await page.getByLabel(/^Ture/).selectOption("otr");
  await page.getByLabel(/^Opis posla/).fill(description);
  await page.getByLabel(/^Grad/).fill(city);
  await page.getByLabel(/^Država/).selectOption("Ohio");
  await page.getByLabel(/^Ime i prezime/).fill("Nenad Lovrić");
  await page.getByLabel("Telefon").fill("+1 (614) 555-0123");
  await page.getByLabel(/^Vaša e-pošta/).fill(`poslodavac.${TOKEN.toLowerCase()}@example.com`);
  await page.getByRole("button", { name: "Pošalji oglas" }).click();
  await expect(page.getByRole("heading", { name: "Hvala vam!" })).toBeVisible();
}

/**
 * Runs the daily alerts from the admin screen, waits for the run to finish, and answers the newest
 * finished daily run's row and how many sends the screen lists (a run with nothing new keeps no send).
 */
async function runDaily(page: Page) {
  await page.goto("/admin/newsletter/alerts");
  const finished = page.locator('[data-testid^="alert-run-row-daily-"]').filter({ hasText: "Završeno" });
  const before = await finished.count();
  await page.getByRole("button", { name: "Pokreni dnevno slanje sada" }).click();
  await expect(page.getByText("Slanje dnevnih obaveštenja je pokrenuto.")).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(finished).toHaveCount(before + 1);
  }).toPass({ timeout: 60_000 });
  return { run: finished.first(), sends: page.locator('[data-testid^="alert-send-row-"]') };
}

test("a driver sets an alert for reefer jobs in Ohio and confirms it from the e-mail", async ({
  browser,
  page,
}) => {
  const driver = await visitor(browser, "203.0.113.71");
  await driver.goto("/poslovi?q=reefer&drzava=Ohio");
  await driver.getByRole("link", { name: /Obavesti me o novim oglasima sa ovim filterima/ }).click();
  await expect(driver).toHaveURL(/\/poslovi\/obavestenje\?/);
  await expect(driver.getByRole("searchbox")).toHaveValue("reefer");
  await expect(driver.getByLabel("Država")).toHaveValue("Ohio");

  await driver.getByLabel(/^Vaša e-pošta/).fill("vozac@");
  await driver.getByRole("button", { name: "Sačuvajte obaveštenje" }).click();
  await expect(driver.getByText("Unesite ispravnu adresu e-pošte (npr. ime@primer.com).")).toBeVisible();
  await expect(driver.getByRole("searchbox")).toHaveValue("reefer");
  await expect(driver.getByLabel("Država")).toHaveValue("Ohio");
  await expect(driver.getByLabel(/^Vaša e-pošta/)).toHaveValue("vozac@");
  await screens(driver, "alert-form-error");

  await driver.getByLabel(/^Vaša e-pošta/).fill(DRIVER);
  await driver.getByRole("button", { name: "Sačuvajte obaveštenje" }).click();
  await expect(driver.getByRole("heading", { name: "Potvrdite obaveštenje" })).toBeVisible();

  await signIn(page);
  const mail = await openMail(page, "Potvrdite obaveštenje o novim oglasima", DRIVER);
  const href = (await mail.getByRole("link", { name: "Potvrdite obaveštenje" }).getAttribute("href")) ?? "";
  alertPage = new URL(href).pathname;
  expect(alertPage).toMatch(/^\/obavestenja\/\d+\/[\w.-]+$/);

  // Opening the link confirms nothing (a link scanner's GET); the button does.
  const opened = await driver.goto(alertPage);
  expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(driver.getByText("Čeka potvrdu", { exact: true })).toBeVisible();
  await driver.getByRole("button", { name: "Potvrdite obaveštenje" }).click();
  await expect(
    driver.getByText("Obaveštenje je potvrđeno. Javićemo vam kada se pojave novi oglasi."),
  ).toBeVisible();
  await expect(driver.getByText("Aktivno", { exact: true })).toBeVisible();
  await screens(driver, "alert-page");
  await driver.context().close();
});

test("the daily run sends exactly the matching job, once; a second run sends nothing new", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const poster = await visitor(browser, "203.0.113.72");
  await postJob(poster, MATCHING, "Reefer ture po celoj Americi, nedeljna isplata.", "Columbus");
  await postJob(poster, OTHER, "Dry van regionalne ture, kući vikendom.", "Cleveland");
  await poster.context().close();

  await signIn(page);
  await page.goto(`/admin/listings?q=${TOKEN}`);
  await page.getByRole("checkbox", { name: `Izaberi oglas: ${MATCHING}` }).check();
  await page.getByRole("checkbox", { name: `Izaberi oglas: ${OTHER}` }).check();
  await page.getByRole("button", { name: "Odobri izabrane" }).click();
  await expect(page.getByText("Odobreno oglasa: 2.")).toBeVisible();

  const first = await runDaily(page);
  await expect(first.run).toContainText("Poslato e-mailova: 1.");
  await expect(first.sends).toHaveCount(1);
  await expect(first.sends.first()).toContainText("1 od 1");

  const mail = await openMail(page, "novi posao — Poslovi: „reefer“ · Ohio", DRIVER);
  await expect(page.getByTestId("outbox-header-List-Unsubscribe-Post")).toHaveText(
    "List-Unsubscribe=One-Click",
  );
  await expect(mail.getByRole("link", { name: MATCHING })).toBeVisible();
  await expect(mail.getByRole("link", { name: OTHER })).toHaveCount(0);
  // Of this test's two jobs, the e-mail links the one that matches, once.
  await expect(mail.getByRole("link", { name: new RegExp(TOKEN) })).toHaveCount(1);

  // Again: nothing new for the alert, no e-mail.
  const second = await runDaily(page);
  await expect(second.run).toContainText("Nema novih oglasa za slanje.");
  await expect(second.sends).toHaveCount(1);
  await page.goto("/admin/newsletter/outbox");
  await expect(page.getByRole("link", { name: /novi posao — Poslovi: „reefer“ · Ohio/ })).toHaveCount(1);
});

test("the e-mail's one-click unsubscribe deletes the alert with one POST", async ({ page, request }) => {
  await signIn(page);
  await openMail(page, "novi posao — Poslovi: „reefer“ · Ohio", DRIVER);
  const header = (await page.getByTestId("outbox-header-List-Unsubscribe").innerText()).trim();
  expect(header).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/obavestenja\/odjava\?id=\d+&token=[\w.-]+>$/);
  const unsubscribe = header.slice(1, -1);

  // A provider's RFC 8058 POST: no origin of ours, one request.
  const oneClick = await request.post(unsubscribe, { form: { "List-Unsubscribe": "One-Click" } });
  expect(oneClick.status()).toBe(200);
  expect(await oneClick.text()).toContain("Uspešno ste se odjavili. Ovo obaveštenje je obrisano.");
  expect((await request.get(alertPage)).status()).toBe(404);
});
