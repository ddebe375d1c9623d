import { type Browser, expect, type Page, test } from "@playwright/test";
import Stripe from "stripe";
import { signIn } from "./support/auth";
import { FAKE_STRIPE, FAKE_STRIPE_URL } from "./support/env";

/**
 * Card payments end to end against the fake Stripe that playwright.config.ts starts: a poster's job
 * is approved, the poster buys "Istaknut oglas 7 dana" through the fake checkout, the success page
 * waits for the signed webhook (delayed on purpose), and then the job is first on /poslovi with its
 * badge; the admin finds the order by the customer's e-mail, filtered to today, with its detail;
 * replaying the webhook changes nothing. Then the error paths: a cancelled payment, a package that
 * does not exist, a bad signature, and a wrong price on the settings screen.
 */
test.describe.configure({ mode: "serial" });

const TOKEN = `E2E${Date.now().toString(36)}`;
const JOB_TITLE = `Vozač za flatbed ture ${TOKEN}`;
const CUSTOMER = `kupac-${TOKEN.toLowerCase()}@example.com`;
let jobPath = "";
let jobId = 0;
let sessionId = "";

/** The first job of the list on /poslovi (each job is a list item with its title as a heading). */
const firstJobCard = (page: Page) =>
  page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2 }) })
    .first();

async function visitor(browser: Browser, width = 390): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  return context.newPage();
}

test("a poster's job is approved; after paying for 7 days it is first on /poslovi with its badge", async ({
  page,
  browser,
}) => {
  const poster = await visitor(browser);
  await poster.goto("/poslovi/novi");
  await poster.getByLabel(/^Naziv posla/).fill(JOB_TITLE);
  await poster.getByLabel(/^Kompanija/).fill("Durmitor Freight LLC");
  await poster.getByLabel(/^Vrsta posla/).selectOption("company-driver");
  await poster.getByLabel(/^Ture/).selectOption("regional");
  await poster.getByLabel(/^Opis posla/).fill("Regionalne flatbed ture, vikendom kući.");
  await poster.getByLabel(/^Grad/).fill("Gary");
  await poster.getByLabel(/^Država/).selectOption("Indiana");
  await poster.getByLabel(/^Ime i prezime/).fill("Nikola Petrović");
  await poster.getByLabel("Telefon").fill("+1 (219) 555-0177");
  await poster.getByLabel(/^Vaša e-pošta/).fill("nikola.vlasnik@example.com");
  await poster.getByRole("button", { name: "Pošalji oglas" }).click();
  await expect(poster.getByRole("heading", { name: "Hvala vam!" })).toBeVisible();
  // The thank-you page already offers the promotion; its days would start at approval.
  const offers = poster.getByTestId("promotion-offers");
  await expect(offers).toContainText("Dani isticanja počinju kada oglas bude odobren.");
  await expect(
    offers.getByRole("button", { name: "7 dana 29,00 $ (Istaknut oglas 7 dana – posao)" }),
  ).toBeVisible();

  await signIn(page);
  await page.goto(`/admin/listings?q=${TOKEN}`);
  const card = page.getByTestId(/^listing-row-\d+$/).filter({ hasText: JOB_TITLE });
  jobId = Number((await card.getAttribute("data-testid"))?.replace("listing-row-", ""));
  await card.getByRole("button", { name: "Pregledaj" }).click();
  await page.getByRole("dialog", { name: JOB_TITLE }).getByRole("button", { name: "Odobri" }).click();
  await expect(card).toHaveCount(0);

  // Live, but below the jobs that are already promoted.
  await poster.goto("/poslovi");
  const firstCard = firstJobCard(poster);
  await expect(firstCard).toContainText("Istaknuto");
  await expect(firstCard).not.toContainText(JOB_TITLE);
  await poster.getByRole("link", { name: new RegExp(JOB_TITLE) }).click();
  jobPath = new URL(poster.url()).pathname;
  expect(jobPath).toMatch(new RegExp(`-${jobId}$`));

  await poster.getByRole("button", { name: "7 dana 29,00 $ (Istaknut oglas 7 dana – posao)" }).click();
  await expect(poster).toHaveURL(new RegExp(`^${FAKE_STRIPE_URL}/checkout/cs_test_`));
  await expect(poster.getByTestId("total")).toHaveText("$29.00");
  await expect(poster.getByText("Istaknut oglas 7 dana – posao")).toBeVisible();
  await poster.getByLabel("Email").fill(CUSTOMER);
  await poster.getByLabel("Name").fill("Nikola Petrović");
  await poster.getByRole("button", { name: "Plati", exact: true }).click();

  // Back on the site before Stripe's webhook: the page does not trust the redirect.
  await expect(poster).toHaveURL(/\/istaknite-oglas\/potvrda\?session_id=cs_test_/);
  sessionId = new URL(poster.url()).searchParams.get("session_id") ?? "";
  await expect(poster.getByRole("heading", { name: "Plaćanje se potvrđuje…" })).toBeVisible();
  // It refreshes itself until the webhook has recorded the order.
  await expect(poster.getByRole("heading", { name: "Plaćanje je uspešno!" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(poster.getByTestId("promotion-result")).toContainText("Oglas je istaknut do");
  await expect(poster.getByTestId("payment-state")).toContainText("29,00 $");

  // The list is public, max-age=5 + stale-while-revalidate=5 (decision 033): the browser may show
  // its copy from a few seconds ago once, so the poster looks again as a person would.
  const top = firstJobCard(poster);
  await expect(async () => {
    await poster.goto("/poslovi");
    await expect(top).toContainText(JOB_TITLE, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(top).toContainText("Istaknuto");
  await poster.context().close();
});

test("the admin finds the order by e-mail, today, with its detail; a replayed webhook changes nothing", async ({
  page,
  request,
}) => {
  await signIn(page);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Stripe narudžbine" }).click();
  await expect(page.getByRole("heading", { name: "Stripe narudžbine" })).toBeVisible();
  await page.getByRole("searchbox").fill(CUSTOMER);
  await page.getByRole("button", { name: "Pretraži" }).click();
  await page.getByRole("link", { name: "Danas" }).click();
  await expect(page).toHaveURL(/period=danas/);
  await expect(page).toHaveURL(/q=kupac-/);
  await expect(page.getByText("Prikazano 1–1 od 1 rezultata")).toBeVisible();
  await expect(page.getByTestId("summary-paid")).toHaveText("1");
  await expect(page.getByTestId("summary-revenue")).toHaveText("29,00\u00a0$");
  const row = page.getByTestId(/^order-row-\d+$/);
  await expect(row).toContainText("Istaknut oglas 7 dana – posao");
  await expect(row).toContainText(CUSTOMER);
  await expect(row).toContainText("29,00 $");
  await expect(row).toContainText("Plaćeno");

  await row.getByRole("button", { name: "Detalji" }).click();
  const dialog = page.getByRole("dialog", { name: /^Narudžbina #\d+$/ });
  await expect(dialog.getByTestId("billing-address")).toContainText("100 Main St");
  await expect(dialog.getByTestId("billing-address")).toContainText("Chicago, IL 60601");
  await expect(dialog.getByTestId("order-metadata")).toContainText(`listing_id${jobId}`);
  await expect(dialog).toContainText(sessionId);
  const featured = await dialog.getByText(/^Istaknuto do /).innerText();
  await expect(dialog.getByRole("link", { name: `Otvori oglas #${jobId}` })).toHaveAttribute(
    "href",
    `/admin/listings/edit/${jobId}`,
  );
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // Stripe sends the same event again: one order, the same promotion.
  const events = (await (await request.get(`${FAKE_STRIPE_URL}/__fake/events`)).json()) as {
    id: string;
    type: string;
    sessionId: string;
  }[];
  const completed = events.find((e) => e.sessionId === sessionId && e.type === "checkout.session.completed");
  expect(completed).toBeDefined();
  const replay = await request.post(`${FAKE_STRIPE_URL}/__fake/events/${completed?.id}/resend`);
  expect(await replay.json()).toMatchObject({ status: 200 });
  await page.reload();
  await expect(page.getByText("Prikazano 1–1 od 1 rezultata")).toBeVisible();
  await page
    .getByTestId(/^order-row-\d+$/)
    .getByRole("button", { name: "Detalji" })
    .click();
  await expect(page.getByRole("dialog").getByText(/^Istaknuto do /)).toHaveText(featured);
});

test("a refund shows as Refundirano on the orders screen and takes the job's promotion back", async ({
  page,
  request,
  browser,
}) => {
  const refund = await request.post(`${FAKE_STRIPE_URL}/__fake/sessions/${sessionId}/refund`);
  expect(await refund.json()).toMatchObject({ type: "charge.refunded", deliveries: [200] });

  await signIn(page);
  await page.goto(`/admin/stripe-orders?q=${encodeURIComponent(CUSTOMER)}`);
  await expect(page.getByTestId("summary-refunded")).toHaveText("1");
  await expect(page.getByTestId("summary-paid")).toHaveText("0");
  await page.getByRole("navigation", { name: "Status" }).getByRole("link", { name: "Refundirane" }).click();
  await expect(page).toHaveURL(/status=refundirane/);
  const row = page.getByTestId(/^order-row-\d+$/);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Refundirano");
  await expect(row).not.toContainText("refunded");
  await row.getByRole("button", { name: "Detalji" }).click();
  await expect(page.getByRole("dialog").getByTestId("promotion-withdrawn")).toContainText("Povučeno");
  await page.keyboard.press("Escape");
  await page.getByRole("navigation", { name: "Status" }).getByRole("link", { name: "Plaćene" }).click();
  await expect(page.getByText("Nema narudžbina za ovu pretragu.")).toBeVisible();

  // The job is no longer featured on the public site.
  const poster = await visitor(browser, 1280);
  const card = poster
    .getByRole("listitem")
    .filter({ has: poster.getByRole("heading", { level: 2, name: JOB_TITLE }) });
  await expect(async () => {
    await poster.goto("/poslovi");
    await expect(card).toHaveCount(1, { timeout: 1_000 });
    await expect(card).not.toContainText("Istaknuto", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await poster.context().close();
});

test("a payment cancelled on Stripe's page charges nothing and offers the packages again", async ({
  browser,
}) => {
  const poster = await visitor(browser, 1280);
  await poster.goto(jobPath);
  await poster.getByRole("button", { name: "30 dana 79,00 $ (Istaknut oglas 30 dana – posao)" }).click();
  await expect(poster.getByTestId("total")).toHaveText("$79.00");
  await poster.getByRole("link", { name: "Odustani" }).click();
  await expect(poster).toHaveURL(new RegExp(`/istaknite-oglas/otkazano\\?oglas=${jobId}$`));
  await expect(poster.getByRole("heading", { name: "Plaćanje je otkazano" })).toBeVisible();
  await expect(poster.getByText("Ništa nije naplaćeno.")).toBeVisible();
  await expect(
    poster.getByRole("button", { name: "30 dana 79,00 $ (Istaknut oglas 30 dana – posao)" }),
  ).toBeVisible();
  await poster.context().close();
});

test("a package that does not exist is refused on the promotion page, nothing is started", async ({
  browser,
}) => {
  const poster = await visitor(browser);
  await poster.goto(jobPath);
  const button = poster.getByRole("button", { name: "7 dana 29,00 $ (Istaknut oglas 7 dana – posao)" });
  // As if the packages changed while the page was open.
  await button.evaluate((b) => b.setAttribute("value", "featured-job-999"));
  await button.click();
  await expect(poster).toHaveURL(new RegExp(`/istaknite-oglas\\?oglas=${jobId}$`));
  await expect(poster.getByRole("alert")).toHaveText("Izabrani paket nije dostupan. Izaberite drugi.");
  await expect(
    poster.getByRole("button", { name: "30 dana 79,00 $ (Istaknut oglas 30 dana – posao)" }),
  ).toBeVisible();
  await poster.context().close();
});

test("a webhook with a bad signature is refused with 400", async ({ request }) => {
  const payload = JSON.stringify({
    id: `evt_forged_${TOKEN}`,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: { id: "cs_test_forged", object: "checkout.session", payment_status: "paid", metadata: {} },
    },
  });
  const forged = await request.post("/webhooks/stripe", {
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_not_ours" }),
    },
    data: payload,
  });
  expect(forged.status()).toBe(400);
  // The same body signed with the webhook secret is accepted.
  const signed = await request.post("/webhooks/stripe", {
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: FAKE_STRIPE.webhookSecret,
      }),
    },
    data: payload,
  });
  expect(signed.status()).toBe(200);

  // Signed with the right secret but dated tomorrow, or not an event at all: 400, never 500.
  const tomorrow = await request.post("/webhooks/stripe", {
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({
        payload: payload.replace("evt_forged_", "evt_future_"),
        secret: FAKE_STRIPE.webhookSecret,
        timestamp: Math.floor(Date.now() / 1000) + 86_400,
      }),
    },
    data: payload.replace("evt_forged_", "evt_future_"),
  });
  expect(tomorrow.status()).toBe(400);
  for (const body of ["null", "[1,2,3]", payload.replace('"payment_status":"paid"', '"payment_status":7')]) {
    const malformed = await request.post("/webhooks/stripe", {
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: FAKE_STRIPE.webhookSecret,
        }),
      },
      data: body,
    });
    expect(malformed.status(), body.slice(0, 40)).toBe(400);
  }
});

test("the admin changes a package's price on the settings screen; a wrong price is refused", async ({
  page,
  browser,
}) => {
  await signIn(page);
  await page.goto("/admin/settings");
  const row = page.getByTestId("product-featured-job-7");
  await row.getByLabel("Cena ($)").fill("nula");
  await row.getByRole("button", { name: "Sačuvaj paket" }).click();
  await expect(row.getByText("Unesite cenu u dolarima, npr. 29 ili 29,90.")).toBeVisible();
  await expect(row.getByLabel("Cena ($)")).toHaveValue("nula");
  await expect(row.getByLabel("Cena ($)")).toBeFocused();
  await row.getByLabel("Cena ($)").fill("34,50");
  await row.getByRole("button", { name: "Sačuvaj paket" }).click();
  await expect(row.getByText("Paket je sačuvan.")).toBeVisible();

  const poster = await visitor(browser);
  await poster.goto(jobPath);
  await expect(
    poster.getByRole("button", { name: "7 dana 34,50 $ (Istaknut oglas 7 dana – posao)" }),
  ).toBeVisible();
  await poster.context().close();
});
