/**
 * Debian's Chromium and the flags every browser the project drives starts with: Playwright
 * (playwright.config.ts) and the Lighthouse runner (bench/lighthouse.mjs). One list, so that a
 * Lighthouse figure and an end-to-end test see the same browser.
 */
export const CHROMIUM_PATH = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
