import { expect, test } from "@playwright/test";
import { signIn } from "./support/auth";

/**
 * The admin lists (DataTable) never clip their action column: between 1024 and 1280 px, with the
 * sidebar open, each list is either the phone-style card list or a table that fits its card
 * (issue 8, item 13). One sign-in for all widths and screens.
 */
const SCREENS = [
  "/admin/articles",
  "/admin/users",
  "/admin/companies",
  "/admin/company-submissions",
  "/admin/analytics",
];
const WIDTHS = [1024, 1100, 1152, 1180, 1200, 1280];

test("admin tables fit their card at every width from 1024 to 1280 px", async ({ page }) => {
  test.slow();
  await signIn(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of SCREENS) {
      await page.goto(path);
      await expect(page.locator("main h1")).toBeVisible();
      const { problems, checked } = await page.evaluate(() => {
        const found: string[] = [];
        let checked = 0;
        // The phone-style card list, when it is the one shown: its cards are checked by being seen.
        for (const card of document.querySelectorAll<HTMLElement>("main [data-testid*='-card-']")) {
          if (card.getBoundingClientRect().width > 0) checked++;
        }
        for (const table of document.querySelectorAll("main table")) {
          const box = table.getBoundingClientRect();
          if (box.width === 0) continue; // the card list is shown instead
          checked += table.querySelectorAll("tbody tr").length;
          const card = table.closest("section, details") ?? table.parentElement;
          const room = card?.getBoundingClientRect();
          if (room && box.right > room.right + 1) {
            found.push(`table ${Math.round(box.width)} px in a card of ${Math.round(room.width)} px`);
          }
          for (const button of table.querySelectorAll("tbody td:last-child :is(a, button)")) {
            const b = button.getBoundingClientRect();
            if (room && b.right > room.right + 1) found.push(`"${button.textContent}" is cut off`);
          }
        }
        if (document.documentElement.scrollWidth > document.documentElement.clientWidth) {
          found.push("the page scrolls sideways");
        }
        return { problems: found, checked };
      });
      // A screen with no rows and no cards proves nothing: the demo data fills every list.
      expect(checked, `${path} at ${width} px: rows or cards to check`).toBeGreaterThan(0);
      expect(problems, `${path} at ${width} px`).toEqual([]);
    }
  }
});
