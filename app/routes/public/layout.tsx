import { Outlet, useLocation, useMatches } from "react-router";
import { NewsletterSignup } from "~/components/public/newsletter-signup";
import { OfflineFormTexts } from "~/components/public/offline-save";
import { ScriptSwitch, SiteHeader } from "~/components/public/site-header";
import { currentSection, SITE_NAME, sectionFromMatches } from "~/components/public/site-sections";
import { publicPopupOf } from "~/domain/popup/popup.server";
import { getCachedSettings } from "~/domain/settings/cache.server";
import { publicOrigin } from "~/http/public-origin.server";
import { logger } from "~/lib/logger.server";
import { getDb } from "~/services.server";
import type { Route } from "./+types/layout";

/**
 * What every public page shares: the pop-up's settings (from the in-process settings cache, so
 * this costs no query on almost every request). A failure only means no pop-up. The settings go on
 * the page as a hidden element that the enhancement script reads (app/public-client/popup.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  // The script the page is read in: the header's switch marks it (the routes render Latin).
  const script = context.script ?? "lat";
  const origin = publicOrigin();
  try {
    return { script, origin, popup: publicPopupOf(await getCachedSettings(getDb())) };
  } catch (error) {
    logger.error({ err: error }, "public layout: settings could not be read; no pop-up");
    return { script, origin, popup: null };
  }
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const matches = useMatches();
  const script = loaderData?.script ?? "lat";
  const path = `${location.pathname}${location.search}`;
  const current = currentSection(location.pathname, sectionFromMatches(matches));
  // The newsletter pages carry their own form.
  const showSignup = !location.pathname.startsWith("/newsletter");
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#sadrzaj"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Preskoči na sadržaj
      </a>
      <SiteHeader script={script} path={path} pathname={location.pathname} current={current} />
      <main id="sadrzaj" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-white">
        {showSignup ? (
          <section aria-labelledby="footer-newsletter-title" className="bg-brand-900 text-white">
            <div className="mx-auto grid max-w-6xl gap-4 px-4 py-8 sm:grid-cols-2 sm:items-center">
              <div>
                <h2 id="footer-newsletter-title" className="text-lg font-bold">
                  Newsletter za vozače
                </h2>
                <p className="mt-1 text-sm text-slate-200">
                  Najvažnije vesti, oglasi i poslovi — direktno u vaš inbox. Odjava jednim klikom.
                </p>
              </div>
              <NewsletterSignup idPrefix="footer-newsletter" tone="dark" />
            </div>
          </section>
        ) : null}
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {new Date().getFullYear()} {SITE_NAME} — Zajednica balkanskih vozača u Americi
          </p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <ScriptSwitch
              script={script}
              path={path}
              tone="light"
              label="Pismo (podnožje)"
              className="-ml-2.5"
            />
            <a href="/admin" className="inline-flex min-h-6 items-center text-slate-500 hover:text-slate-800">
              Prijava za osoblje
            </a>
          </div>
        </div>
      </footer>
      <OfflineFormTexts />
      {loaderData?.popup ? (
        <div
          hidden
          data-popup=""
          data-image={loaderData.popup.image}
          data-link={loaderData.popup.link ?? ""}
          data-max-shows={loaderData.popup.maxShowsPerDay}
          data-min-hours={loaderData.popup.minHoursBetween}
        />
      ) : null}
    </div>
  );
}
