import type { Page } from "@playwright/test";
import { ADMIN } from "./env";

/**
 * Signs in through the real login form (`/admin/login`, fields `email` and `password`, button
 * "Prijavi se") and waits until the app has navigated away from the login page.
 */
export async function signIn(
  page: Page,
  email: string = ADMIN.email,
  password: string = ADMIN.password,
): Promise<void> {
  await page.goto("/admin/login");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Prijavi se", exact: true }).click();
  try {
    await page.waitForURL((url) => !url.pathname.startsWith("/admin/login"), { timeout: 15_000 });
  } catch (error) {
    // Say why we are still on the login page (the form's error message), not only "timeout".
    const alerts = await page
      .getByRole("alert")
      .allInnerTexts()
      .catch(() => []);
    const reason =
      alerts
        .map((text) => text.trim())
        .filter(Boolean)
        .join(" | ") || "no message shown";
    throw new Error(`signIn(${email}) stayed on /admin/login: ${reason}`, { cause: error });
  }
}
