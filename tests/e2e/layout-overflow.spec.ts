/**
 * Every public and admin screen at 360, 390, 768, 1024 and 1280 px: the page never scrolls
 * sideways, no box that scrolls sideways by itself (a table wrapper) hides part of its content
 * unless it is a deliberate strip (`data-scroll-x`: the section menu, the hero carousel), and the
 * page logs no error (a CSP violation would be one). The screens come from the route table, with
 * real ids read from the sitemap and the admin lists.
 */

import { expect, type Page, test } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { signIn } from "./support/auth";

const WIDTHS = [360, 390, 768, 1024, 1280];

function routePatterns(): string[] {
  const out: string[] = [];
  const walk = (entries: RouteConfigEntry[], base: string) => {
    for (const entry of entries) {
      const path = entry.path ? `${base.replace(/\/$/, "")}/${entry.path}` : base;
      if (entry.path !== undefined || entry.index) out.push(path || "/");
      if (entry.children) walk(entry.children, path || base);
    }
  };
  walk(routes as RouteConfigEntry[], "");
  return [...new Set(out)];
}

/** Pages only: resource routes (feeds, redirects, APIs, the logout action) have no layout. */
const NOT_PAGES = [
  /^\/b\//,
  /^\/api\//,
  /\.xml$/,
  /^\/sitemap\//,
  /^\/robots\.txt$/,
  /^\/admin\/logout$/,
  /^\/admin\/api\//,
  /^\/webhooks\//,
  /^\/izvestaj\//,
];

/** Real addresses for the routes with parameters. */
async function concretePaths(page: Page): Promise<string[]> {
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  let locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  if (locs.some((l) => l.startsWith("/sitemap/"))) {
    const first = await (await page.request.get(locs.find((l) => l.startsWith("/sitemap/")) ?? "")).text();
    locs = [...first.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  }
  const pick = (re: RegExp) => locs.find((l) => re.test(l));
  const samples: Record<string, string | undefined> = {
    "/article/:param": pick(/^\/article\//),
    "/kompanije/:id": pick(/^\/kompanije\/\d+$/),
    "/poslovi/:param": pick(/^\/poslovi\/.+-\d+$/),
    "/kupoprodaja/:param": pick(/^\/kupoprodaja\/.+-\d+$/),
    "/forum/:id": pick(/^\/forum\/\d+$/),
    "/tag/:slug": pick(/^\/tag\/[a-z0-9-]+$/),
    "/*": "/ova-stranica-ne-postoji",
    "/admin/*": "/admin/ova-stranica-ne-postoji",
  };
  const out: string[] = [];
  for (const pattern of routePatterns()) {
    if (NOT_PAGES.some((re) => re.test(pattern))) continue;
    if (samples[pattern]) {
      out.push(samples[pattern] as string);
    } else if (!pattern.includes(":") && !pattern.includes("*")) {
      out.push(pattern);
    } else if (/^\/admin\/.*:id$/.test(pattern) || /^\/admin\/analytics\/:periodId$/.test(pattern)) {
      // Admin detail and edit screens: the first row of the demo data has id 1.
      out.push(pattern.replace(/:[A-Za-z]+/g, "1"));
    }
  }
  // The search page with results of every kind, not only its empty state.
  out.push("/pretraga?q=dordevic", "/pretraga?q=vozac&vrsta=clanci");
  return [...new Set(out)];
}

type Problem = { path: string; width: number; what: string };

/** Whether a path answers with an HTML page (resource routes such as a CSV export are skipped). */
const htmlCache = new Map<string, boolean>();
async function isHtml(page: Page, path: string): Promise<boolean> {
  if (!htmlCache.has(path)) {
    const res = await page.request.get(path, { maxRedirects: 0 });
    htmlCache.set(path, /text\/html/.test(res.headers()["content-type"] ?? ""));
  }
  return htmlCache.get(path) as boolean;
}

async function inspect(page: Page, path: string, width: number, errors: string[]): Promise<Problem[]> {
  errors.length = 0;
  if (!(await isHtml(page, path))) return [];
  await page.setViewportSize({ width, height: 800 });
  await page.goto(path, { waitUntil: "load" });
  // Measured once the web fonts are in and two frames have been laid out with them.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const found = await page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) out.push(`page is ${doc.scrollWidth}px wide`);
    for (const el of document.querySelectorAll<HTMLElement>("body *")) {
      if (el.closest("[data-scroll-x]")) continue;
      const style = getComputedStyle(el);
      if (!/(auto|scroll)/.test(style.overflowX)) continue;
      if (el.clientWidth === 0) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].slice(0, 3).join(".")}`;
        out.push(`${name} hides ${el.scrollWidth - el.clientWidth}px sideways`);
      }
    }
    return out;
  });
  const problems = found.map((what) => ({ path, width, what }));
  for (const e of errors) problems.push({ path, width, what: `console: ${e}` });
  return problems;
}

test.describe.configure({ mode: "serial" });

test("no screen scrolls sideways or hides a table column, at five widths", async ({ page }) => {
  test.setTimeout(600_000);
  const errors: string[] = [];
  page.on("console", (m) => {
    if (
      m.type() === "error" &&
      !/Failed to load resource: the server responded with a status of (400|403|404|409|410)/.test(m.text())
    ) {
      errors.push(m.text());
    }
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  const paths = await concretePaths(page);
  const publicPaths = paths.filter((p) => !p.startsWith("/admin"));
  const adminPaths = paths.filter((p) => p.startsWith("/admin") && p !== "/admin/login");
  expect(publicPaths.length).toBeGreaterThan(15);
  expect(adminPaths.length).toBeGreaterThan(20);

  const problems: Problem[] = [];
  for (const width of WIDTHS) {
    for (const path of [...publicPaths, "/admin/login"])
      problems.push(...(await inspect(page, path, width, errors)));
  }
  await signIn(page);
  for (const width of WIDTHS) {
    for (const path of adminPaths) problems.push(...(await inspect(page, path, width, errors)));
  }
  expect(problems, problems.map((p) => `${p.width}px ${p.path}: ${p.what}`).join("\n")).toEqual([]);
});
