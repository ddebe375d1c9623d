import { type Browser, expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/auth";

/**
 * A poster manages their own job without an account (docs/decisions/300), at phone size and
 * without JavaScript: they post it with their own e-mail, open the management link from the
 * e-mail (the local outbox), edit it (the edit waits in the moderation queue, the public page keeps
 * the approved version), mark it filled (off /poslovi), renew it (back on the list), ask for a new
 * link (the old one is refused from then on), and delete it (404, gone from the search). A forged
 * link is refused; the page works in Cyrillic.
 */
test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: "serial" });

const TOKEN = `VL${Date.now().toString(36)}`;
const TITLE = `Vozač za flatbed ture ${TOKEN}`;
const EDITED = `Vozač za flatbed ture, nova plata ${TOKEN}`;
const POSTER = `vlasnik.${TOKEN.toLowerCase()}@example.com`;
let id = 0;
let link = "";

/** A visitor's own browser, without JavaScript: every page of the poster's works as plain forms. */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: false,
    // An address of its own (the server trusts X-Forwarded-For from its proxy): the form limiter
    // counts this spec's posts apart from the other specs'.
    extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.29" },
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

/** The management link of the newest e-mail whose subject has `subject`, as the poster got it. */
async function linkFromOutbox(page: Page, subject: string): Promise<string> {
  await page.goto("/admin/newsletter/outbox");
  await page
    .getByRole("link", { name: new RegExp(subject) })
    .first()
    .click();
  await expect(page.getByTestId("outbox-recipient")).toHaveText(POSTER);
  const mail = page.frameLocator('iframe[title="Pregled newsletter-a na telefonu"]');
  const href = (await mail.getByRole("link", { name: "Upravljajte oglasom" }).getAttribute("href")) ?? "";
  const url = new URL(href);
  expect(url.pathname).toMatch(new RegExp(`^/moj-oglas/${id}/[\\w-]{43}\\.[\\w-]{22}$`));
  return url.pathname;
}

test("a visitor posts a job with their e-mail and gets the management link", async ({ browser, page }) => {
  const poster = await visitor(browser);
  await poster.goto("/poslovi/novi");
  await poster.getByLabel(/^Naziv posla/).fill(TITLE);
  await poster.getByLabel(/^Kompanija/).fill("Durmitor Freight LLC");
  await poster.getByLabel(/^Vrsta posla/).selectOption("company-driver");
  await poster.getByLabel(/^Ture/).selectOption("regional");
  await poster.getByLabel(/^Opis posla/).fill("Flatbed ture po srednjem zapadu, kući svakog vikenda.");
  await poster.getByLabel(/^Grad/).fill("Toledo");
  await poster.getByLabel(/^Država/).selectOption("Ohio");
  await poster.getByLabel(/^Ime i prezime/).fill("Dragan Vlahović");
  await poster.getByLabel("Telefon").fill("+1 (419) 555-0188");
  // A wrong address of one's own: the Serbian message, and what was typed stays.
  await poster.getByLabel(/^Vaša e-pošta/).fill("nije-adresa");
  await poster.getByRole("button", { name: "Pošalji oglas" }).click();
  await expect(poster.getByText("Unesite ispravnu adresu e-pošte (npr. ime@primer.com).")).toBeVisible();
  await expect(poster.getByLabel(/^Naziv posla/)).toHaveValue(TITLE);
  await poster.getByLabel(/^Vaša e-pošta/).fill(POSTER);
  await poster.getByRole("button", { name: "Pošalji oglas" }).click();
  await expect(poster.getByRole("heading", { name: "Hvala vam!" })).toBeVisible();
  await poster.context().close();

  // The admin approves it; the e-mail with the link is in the outbox.
  await signIn(page);
  await page.goto(`/admin/listings?q=${TOKEN}`);
  const card = page.getByTestId(/^listing-card-\d+$/).filter({ hasText: TITLE });
  id = Number((await card.getAttribute("data-testid"))?.replace("listing-card-", ""));
  await page.getByRole("checkbox", { name: `Izaberi oglas: ${TITLE}` }).check();
  await page.getByRole("button", { name: "Odobri izabrane" }).click();
  await expect(page.getByText("Oglas je odobren i objavljen.")).toBeVisible();
  link = await linkFromOutbox(page, `Vaš oglas „${TITLE}“ je primljen`);
});

test("the poster edits the live job: the edit waits in the queue, the public page keeps the approved one", async ({
  browser,
  page,
}) => {
  const poster = await visitor(browser);
  const response = await poster.goto(link);
  expect(response?.status()).toBe(200);
  // The link never leaves the page: no referrer, never cached, not indexed.
  expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
  expect(response?.headers()["cache-control"]).toMatch(/no-store/);
  await expect(poster.getByRole("heading", { name: "Upravljanje oglasom" })).toBeVisible();
  await expect(poster.getByText("Objavljen", { exact: true })).toBeVisible();
  await screens(poster, "manage-live");

  await poster.getByRole("link", { name: "Izmenite oglas" }).click();
  await expect(poster.getByLabel(/^Naziv posla/)).toHaveValue(TITLE);
  // A required field emptied: the message, the rest kept.
  await poster.getByLabel(/^Naziv posla/).fill("");
  await poster.getByLabel(/^Grad/).fill("Dayton");
  await poster.getByRole("button", { name: "Sačuvajte izmene" }).click();
  await expect(poster.getByText("Unesite naslov oglasa.")).toBeVisible();
  await expect(poster.getByLabel(/^Grad/)).toHaveValue("Dayton");
  await poster.getByLabel(/^Naziv posla/).fill(EDITED);
  await poster.getByRole("button", { name: "Sačuvajte izmene" }).click();
  await expect(
    poster.getByText(
      "Izmene su sačuvane i čekaju odobrenje. Dok ih ne odobrimo, na sajtu je prethodna verzija oglasa.",
    ),
  ).toBeVisible();
  await expect(poster.getByText(/Vaša izmena od .* čeka odobrenje/)).toBeVisible();
  await screens(poster, "manage-edit-waiting");

  // The public page: still the approved version.
  await poster.goto(`/poslovi/${id}`);
  await expect(poster.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await poster.context().close();

  // The moderation queue: the edit, marked as one.
  await signIn(page);
  await page.goto(`/admin/listings?q=${TOKEN}`);
  const edit = page.getByTestId(/^listing-card-\d+$/).filter({ hasText: EDITED });
  await expect(edit).toBeVisible();
  await expect(edit.getByText(`Izmena oglasa #${id}`)).toBeVisible();
});

test("the poster marks it filled (off /poslovi), then renews it (back on the list)", async ({ browser }) => {
  const poster = await visitor(browser);
  await poster.goto(link);
  await poster.getByRole("button", { name: "Posao je popunjen" }).click();
  await expect(poster.getByText("Oglas je označen kao popunjen i uklonjen sa spiska poslova.")).toBeVisible();
  await expect(poster.getByText("Popunjeno", { exact: true })).toBeVisible();

  await poster.goto(`/poslovi?q=${TOKEN}`);
  await expect(poster.getByRole("link", { name: new RegExp(TITLE) })).toHaveCount(0);
  await poster.goto(`/poslovi/${id}`);
  await expect(poster.getByText("Ovaj posao je popunjen.", { exact: false })).toBeVisible();

  await poster.goto(link);
  await poster.getByRole("button", { name: /^Obnovite na \d+ dana$/ }).click();
  await expect(
    poster.getByText(/^Oglas je obnovljen i važi još \d+ dana\. Na spisku je ponovo\.$/),
  ).toBeVisible();
  // Browsers keep the list a few seconds (PUBLIC_LIST_CACHE), and this one saw it without the job
  // a moment ago: the renewal's answer tells it to forget (Clear-Site-Data), so it is back at once.
  await poster.goto(`/poslovi?q=${TOKEN}`);
  await expect(poster.getByRole("link", { name: new RegExp(TITLE) })).toBeVisible();

  // The same page in Cyrillic.
  await poster.goto(`/cir${link}`);
  await expect(poster.getByRole("heading", { name: "Управљање огласом" })).toBeVisible();
  await poster.context().close();
});

test("a lost link is sent again; the old one and a forged one are refused", async ({ browser, page }) => {
  const poster = await visitor(browser);
  await poster.goto(`/poslovi/${id}`);
  await poster.getByRole("link", { name: "Izgubili ste link?" }).click();
  await expect(poster.getByLabel(/^Broj oglasa/)).toHaveValue(String(id));
  await poster.getByLabel(/^Vaša e-pošta/).fill(POSTER.toUpperCase());
  await poster.getByRole("button", { name: "Pošaljite novi link" }).click();
  await expect(
    poster.getByText(
      "Ako je to adresa sa kojom je oglas objavljen, poslali smo na nju novi link za upravljanje. Prethodni linkovi više ne važe.",
    ),
  ).toBeVisible();

  const revoked = await poster.goto(link);
  expect(revoked?.status()).toBe(410);
  await expect(
    poster.getByText(
      "Ovaj link više ne važi: zatražen je novi. Otvorite link iz poslednje e-pošte ili zatražite novi.",
    ),
  ).toBeVisible();
  const [, , , token] = link.split("/");
  const forged = await poster.goto(`/moj-oglas/${id}/${"A".repeat(43)}.${token.split(".")[1]}`);
  expect(forged?.status()).toBe(404);
  await expect(
    poster.getByText(
      "Link za upravljanje oglasom nije ispravan. Proverite da ste ga otvorili celog iz e-pošte.",
    ),
  ).toBeVisible();
  // A refused link changes nothing either.
  const post = await poster.request.post(link, { form: { intent: "delete" } });
  expect(post.status()).toBe(410);
  await poster.context().close();

  await signIn(page);
  link = await linkFromOutbox(page, `Novi link za oglas „${TITLE}“`);
});

test("the poster deletes it after confirming: 404 and gone from the search", async ({ browser }) => {
  const poster = await visitor(browser);
  await poster.goto(`/pretraga?q=${TOKEN}`);
  await expect(poster.getByRole("link", { name: new RegExp(TITLE) }).first()).toBeVisible();

  await poster.goto(link);
  await poster.getByText("Obrišite oglas", { exact: true }).last().click();
  await expect(poster.getByText("Da li ste sigurni da želite da obrišete ovaj oglas?")).toBeVisible();
  await poster.getByRole("button", { name: "Da, obrišite oglas" }).click();
  await expect(poster.getByRole("heading", { name: "Oglas je obrisan" })).toBeVisible();

  expect((await poster.goto(`/poslovi/${id}`))?.status()).toBe(404);
  await poster.goto(`/pretraga?q=${TOKEN}`);
  await expect(poster.getByRole("link", { name: new RegExp(TITLE) })).toHaveCount(0);
  expect((await poster.goto(link))?.status()).toBe(404);
  await poster.context().close();
});
