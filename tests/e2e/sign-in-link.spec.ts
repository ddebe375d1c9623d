/**
 * Issue 24 / decision 228: a spray of wrong passwords keeps every browser the account never used
 * waiting, the real staff member on a new phone included — a sign-in link by e-mail lets them in
 * (the local outbox here: no Mailgun), with their password, once. Screenshots of both screens at
 * 390 and 1280 px go to test-results/.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/auth";

const STAFF = {
  firstName: "Vesna",
  lastName: "Telefonić",
  email: `vesna.${Date.now()}@e2e.test`,
  password: "Vesna-Telefon-2026",
};

// A spray (bcrypt per guess, then the delays it builds) and two browsers: longer than the default.
test.describe.configure({ mode: "serial", timeout: 120_000 });

let linkPath = "";

/** Wrong passwords from many addresses until a browser the account never used must wait ≥ 8 s. */
async function spray(request: APIRequestContext, email: string): Promise<void> {
  for (let i = 0; ; i++) {
    const res = await request.post("/admin/login", {
      form: { email, password: `pogadjam-${i}`, redirectTo: "/admin" },
      headers: { "X-Forwarded-For": `198.51.100.${(i % 250) + 1}` },
      maxRedirects: 0,
    });
    const retryAfter = Number(res.headers()["retry-after"] ?? 0);
    if (res.status() === 429 && retryAfter >= 8) return;
    if (res.status() === 429) await new Promise((r) => setTimeout(r, retryAfter * 1000 + 100));
  }
}

/** The newest sign-in link in the local outbox, read as the administrator: its path and query. */
async function newestLink(admin: Page, email: string): Promise<string> {
  await admin.goto("/admin/newsletter/outbox");
  await admin
    .getByRole("link", { name: /Link za prijavu/ })
    .first()
    .click();
  await expect(admin.getByTestId("outbox-recipient")).toHaveText(email);
  await admin.getByRole("tab", { name: /Tekst/i }).click();
  const text = await admin.locator("pre").innerText();
  const url = /https?:\/\/\S+\/admin\/login\/link\?token=[\w-]{43}/.exec(text)?.[0];
  expect(url, text).toBeTruthy();
  const parsed = new URL(url ?? "");
  return parsed.pathname + parsed.search;
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
  }
}

test("a staff member on a new phone gets in by the e-mailed link while a spray keeps new browsers waiting", async ({
  page,
  browser,
  request,
}) => {
  // The administrator makes the account (and later reads the outbox, where mail goes without Mailgun).
  await signIn(page);
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "+ Novi korisnik" }).click();
  const dialog = page.getByRole("dialog", { name: "Novi korisnik" });
  await dialog.getByLabel("Ime", { exact: true }).fill(STAFF.firstName);
  await dialog.getByLabel("Prezime", { exact: true }).fill(STAFF.lastName);
  await dialog.getByLabel("Email adresa", { exact: true }).fill(STAFF.email);
  await dialog.getByLabel("Lozinka", { exact: true }).fill(STAFF.password);
  await dialog.getByLabel("Uloga", { exact: true }).selectOption("editor");
  await dialog.getByRole("button", { name: "Kreiraj korisnika" }).click();
  await expect(page.getByText("Korisnik je uspešno kreiran")).toBeVisible();

  // Her new phone, ready to sign in the moment the spray has made new browsers wait: the password
  // alone is refused for now.
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await phoneContext.newPage();
  await phone.goto("/admin/login");
  await shoot(phone, "login-with-link");
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.locator('input[name="email"]').fill(STAFF.email);
  await phone.locator('input[name="password"]').fill(STAFF.password);
  await spray(request, STAFF.email);
  await phone.getByRole("button", { name: "Prijavi se", exact: true }).click();
  await expect(phone.getByRole("alert")).toContainText("Previše neuspešnih pokušaja prijave");

  // She asks for a link.
  await phone.getByRole("link", { name: "Novi uređaj? Prijava linkom sa emaila" }).click();
  await expect(phone).toHaveURL(/\/admin\/login\/link$/);
  await expect(phone.getByRole("heading", { name: "Prijava linkom" })).toBeVisible();
  await shoot(phone, "sign-in-link-request");
  await phone.getByLabel("Email adresa").fill(STAFF.email);
  await phone.getByRole("button", { name: "Pošalji link za prijavu" }).click();
  await expect(phone.getByRole("status")).toHaveText(
    "Ako je to adresa naloga u administraciji, poslali smo na nju link za prijavu. Link važi 15 minuta.",
  );

  // The e-mail (the local outbox, as the administrator sees it).
  linkPath = await newestLink(page, STAFF.email);

  // The link asks for her password and lets her in; the phone is a known device from now on.
  await phone.goto(linkPath);
  await expect(phone.getByText(STAFF.email)).toBeVisible();
  await shoot(phone, "sign-in-link-password");
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.getByLabel("Lozinka").fill(STAFF.password);
  await phone.getByRole("button", { name: "Prijavi se" }).click();
  await expect(phone).toHaveURL(/\/admin$/);
  await expect(phone.getByRole("heading", { name: "Kontrolna tabla" })).toBeVisible();
  const cookies = await phoneContext.cookies();
  expect(cookies.map((c) => c.name)).toEqual(expect.arrayContaining(["bv_session", "bv_device"]));
  await phoneContext.close();
});

test("a used or forged link is refused with a way to ask again; a wrong password through a good one is refused", async ({
  page,
  browser,
}) => {
  expect(linkPath).not.toBe("");
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  const used = await phone.goto(linkPath);
  expect(used?.status()).toBe(410);
  await expect(phone.getByRole("alert")).toHaveText(
    "Link za prijavu je istekao ili je već iskorišćen. Zatražite novi.",
  );
  await expect(phone.getByRole("button", { name: "Pošalji link za prijavu" })).toBeVisible();
  await shoot(phone, "sign-in-link-expired");
  expect((await phone.goto(`/admin/login/link?token=${"A".repeat(43)}`))?.status()).toBe(410);

  // She asks again from there; a wrong password through the new link gets the sign-in form's message.
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.getByLabel("Email adresa").fill(STAFF.email);
  await phone.getByRole("button", { name: "Pošalji link za prijavu" }).click();
  await expect(phone.getByRole("status")).toContainText("poslali smo na nju link za prijavu");
  await signIn(page);
  const fresh = await newestLink(page, STAFF.email);
  expect(fresh).not.toBe(linkPath);
  await phone.goto(fresh);
  await phone.getByLabel("Lozinka").fill("pogresna-lozinka");
  await phone.getByRole("button", { name: "Prijavi se" }).click();
  await expect(phone.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(phone.getByLabel("Lozinka")).toHaveValue("");
  await expect(phone.getByLabel("Lozinka")).toBeFocused();
  await shoot(phone, "sign-in-link-wrong-password");
  await context.close();
});
