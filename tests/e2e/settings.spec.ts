import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./support/auth";
import { EDITOR } from "./support/env";

test.describe.configure({ mode: "serial" });

test("an editor has no settings screen", async ({ page }) => {
  await signIn(page, EDITOR.email, EDITOR.password);
  await expect(
    page.getByRole("navigation", { name: "Admin navigacija" }).getByRole("link", { name: "Podešavanja" }),
  ).toHaveCount(0);
  const response = await page.goto("/admin/settings");
  expect(response?.status()).toBe(403);
});

test("the admin sets the default images by URL and by upload; messages vanish after 3 s", async ({
  page,
}) => {
  await signIn(page);
  await page
    .getByRole("navigation", { name: "Admin navigacija" })
    .getByRole("link", { name: "Podešavanja" })
    .click();
  await expect(page.getByRole("heading", { name: "Podešavanja" })).toBeVisible();

  const article = page.getByLabel("Podrazumevana slika članka", { exact: true });
  await article.fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Sačuvaj podešavanja" }).click();
  await expect(page.getByText("Greška pri čuvanju podešavanja.")).toBeVisible();
  await expect(page.getByText(/Unesite ispravan URL slike/)).toBeVisible();
  await expect(article).toHaveValue("javascript:alert(1)");

  await article.fill("/demo/truck-1.svg");
  const company = page.getByTestId("image-field-defaultCompanyImage");
  await company.getByTestId("image-field-defaultCompanyImage-file").setInputFiles({
    name: "firma.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 400, height: 400, channels: 3, background: "#f59e0b" } })
      .png()
      .toBuffer(),
  });
  await expect(page.getByText("Slika je uspešno otpremljena!")).toBeVisible();
  await expect(page.getByLabel("Podrazumevana slika kompanije", { exact: true })).toHaveValue(
    /^\/media\/images\/\d{13}_400x400-firma\.png$/,
  );
  await expect(company.getByRole("img")).toBeVisible();

  await page.getByRole("button", { name: "Sačuvaj podešavanja" }).click();
  const saved = page.getByText("Podešavanja su uspešno sačuvana!");
  await expect(saved).toBeVisible();
  await expect(saved).toBeHidden({ timeout: 5_000 });

  await page.reload();
  await expect(page.getByLabel("Podrazumevana slika članka", { exact: true })).toHaveValue(
    "/demo/truck-1.svg",
  );
});

test("a local backup newer than the database is loaded and announced", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/settings");
  await page.evaluate(() =>
    localStorage.setItem(
      "bv.settings.backup",
      JSON.stringify({
        defaultArticleImage: "/demo/truck-2.svg",
        defaultCompanyImage: "/demo/company.svg",
        savedAt: new Date(Date.now() + 60_000).toISOString(),
      }),
    ),
  );
  await page.reload();
  await expect(page.getByText("Settings loaded from local backup")).toBeVisible();
  await expect(page.getByLabel("Podrazumevana slika članka", { exact: true })).toHaveValue(
    "/demo/truck-2.svg",
  );
  // Saving writes it to the database and clears the backup.
  await page.getByRole("button", { name: "Sačuvaj podešavanja" }).click();
  await expect(page.getByText("Podešavanja su uspešno sačuvana!")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("bv.settings.backup"))).toBeNull();
});
