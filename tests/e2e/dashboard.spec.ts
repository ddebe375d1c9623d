import { expect, test } from "@playwright/test";
import { signIn } from "./support/auth";

/** The dashboard (spec §2 Dashboard, §9): counts, banner clicks, what waits, quick actions, latest lists. */

test("the admin sees click stats, pending requests and the latest items, each leading to its screen", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Kontrolna tabla" })).toBeVisible();

  const clicks = page.getByTestId("click-stats");
  for (const label of ["Ukupno", "Danas", "Poslednjih 7 dana", "Poslednjih 30 dana"]) {
    await expect(clicks.getByText(label, { exact: true })).toBeVisible();
  }
  const quick = page.locator("section", { has: page.getByRole("heading", { name: "Brze akcije" }) });
  await expect(quick.getByRole("link", { name: "AI naslovi" })).toBeVisible();

  // Pending company requests lead to their tab.
  await page.getByRole("link", { name: /Zahtevi kompanija na čekanju/ }).click();
  await expect(page).toHaveURL(/\/admin\/company-submissions\?status=na-cekanju$/);
  await page.goBack();

  // A latest article opens its admin view.
  const latest = page
    .locator("section", { has: page.getByRole("heading", { name: "Najnoviji članci" }) })
    .getByRole("listitem")
    .first()
    .getByRole("link");
  const title = (await latest.locator("p").first().innerText()).trim();
  await latest.click();
  await expect(page).toHaveURL(/\/admin\/articles\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await page.goto("/admin");
  await page.getByRole("link", { name: "Analitika banera →" }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);

  // The admin's "Sistem" card: the e2e server is one process on the embedded database.
  await page.goto("/admin");
  const system = page.getByTestId("system-status");
  await expect(system.getByText("PGlite (ugrađena)")).toBeVisible();
  for (const label of ["Verzija", "Radi", "Procesi", "Poslovi na čekanju", "Poslednja rezervna kopija"]) {
    await expect(system.getByText(label, { exact: true })).toBeVisible();
  }
});

test("an editor's dashboard has no click stats, pending requests or company links", async ({ page }) => {
  await signIn(page, "urednik@balkanvozaci.com", "Urednik2026!");
  await expect(page.getByRole("heading", { level: 1, name: "Kontrolna tabla" })).toBeVisible();
  await expect(page.getByTestId("click-stats")).toHaveCount(0);
  await expect(page.getByTestId("system-status")).toHaveCount(0);
  await expect(page.getByText("Čeka na vas")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sve kompanije" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Najnovije kompanije" })).toBeVisible();
});

for (const width of [360, 390, 768, 1024, 1280]) {
  test(`the dashboard fits a ${width} px screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await page.goto("/admin");
    await expect(page.getByTestId("click-stats")).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
}
