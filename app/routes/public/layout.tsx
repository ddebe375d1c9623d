import { NavLink, Outlet, useLocation } from "react-router";
import { NewsletterSignup } from "~/components/public/newsletter-signup";
import { SEARCH_PATH, SearchForm } from "~/components/public/search-form";
import { SITE_NAME, SITE_SECTIONS } from "~/components/public/site-sections";
import { cn } from "~/components/ui/cn";
import { publicPopupOf } from "~/domain/popup/popup.server";
import { getCachedSettings } from "~/domain/settings/cache.server";
import { logger } from "~/lib/logger.server";
import { getDb } from "~/services.server";
import type { Route } from "./+types/layout";

/**
 * What every public page shares: the pop-up's settings (from the in-process settings cache, so
 * this costs no query on almost every request). A failure only means no pop-up. The settings go on
 * the page as a hidden element that the enhancement script reads (app/public-client/popup.ts).
 */
export async function loader() {
  try {
    return { popup: publicPopupOf(await getCachedSettings(getDb())) };
  } catch (error) {
    logger.error({ err: error }, "public layout: settings could not be read; no pop-up");
    return { popup: null };
  }
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const sections = SITE_SECTIONS.filter((s) => s.ready);
  // The newsletter pages carry their own form.
  const { pathname } = useLocation();
  const showSignup = !pathname.startsWith("/newsletter");
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#sadrzaj"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Preskoči na sadržaj
      </a>
      <header className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <NavLink to="/" className="flex items-center gap-2 text-lg font-bold tracking-tight">
            <img src="/favicon.svg" alt="" width={32} height={32} />
            {SITE_NAME}
          </NavLink>
          <nav
            aria-label="Sekcije sajta"
            data-scroll-x=""
            className="-mx-1 flex max-w-full gap-1 overflow-x-auto text-sm"
          >
            <NavLink
              to="/"
              end
              className={({ isActive }) =>
                cn(
                  "whitespace-nowrap rounded-md px-3 py-2 hover:bg-white/10",
                  isActive && "bg-white/15 font-semibold",
                )
              }
            >
              Početna
            </NavLink>
            {sections.map((section) => (
              <NavLink
                key={section.to}
                to={section.to}
                className={({ isActive }) =>
                  cn(
                    "whitespace-nowrap rounded-md px-3 py-2 hover:bg-white/10",
                    isActive && "bg-white/15 font-semibold",
                  )
                }
              >
                {section.label}
              </NavLink>
            ))}
          </nav>
          {/* The search page has its own, larger field. */}
          {pathname === SEARCH_PATH ? null : <SearchForm className="lg:w-56 xl:w-64" />}
        </div>
      </header>
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
          <a href="/admin" className="text-slate-500 hover:text-slate-800">
            Prijava za osoblje
          </a>
        </div>
      </footer>
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
