import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { latinSwitchHref, type Script, urlInScript } from "~/domain/cyrillic/urls";
import { SEARCH_PATH, SearchForm } from "./search-form";
import { HEADER_LINKS, SITE_NAME } from "./site-sections";

/**
 * "Ћирилица" as character references: the label is the one Cyrillic text every Latin page carries,
 * and written this way it does not make the server look for Cyrillic to convert on every page
 * (server/http/scripts.ts). A constant, never visitor text.
 */
const CYRILLIC_LABEL = "&#1035;&#1080;&#1088;&#1080;&#1083;&#1080;&#1094;&#1072;";

/**
 * The switch between the scripts (docs/decisions/210): plain links, no JavaScript. Each link names
 * its own language (`lang`, `hreflang`), so the page conversion leaves it as it is: "Latinica"
 * stays Latin on a Cyrillic page and "Ћирилица" Cyrillic on a Latin one. "Latinica" goes through
 * /lat, which forgets the Cyrillic choice.
 */
export function ScriptSwitch({
  script,
  path,
  tone = "dark",
  label = "Pismo",
  className,
}: {
  script: Script;
  /** The page's Latin path and query. */
  path: string;
  tone?: "dark" | "light";
  /** The landmark's name: the header's and the footer's switch are named apart (axe: landmark-unique). */
  label?: string;
  className?: string;
}) {
  const link = cn(
    "inline-flex min-h-10 items-center rounded-md px-2.5 text-sm",
    tone === "dark"
      ? "text-slate-100 hover:bg-white/10 aria-[current=true]:bg-white/15 aria-[current=true]:font-semibold aria-[current=true]:text-white"
      : "text-slate-700 hover:bg-slate-100 aria-[current=true]:font-semibold aria-[current=true]:text-slate-900",
  );
  return (
    <nav aria-label={label} className={cn("flex items-center gap-0.5", className)}>
      <a
        href={script === "cir" ? latinSwitchHref(path) : path}
        hrefLang="sr-Latn"
        lang="sr-Latn"
        aria-current={script === "lat" ? "true" : undefined}
        className={link}
      >
        Latinica
      </a>
      <span aria-hidden="true" className={tone === "dark" ? "text-slate-400" : "text-slate-300"}>
        |
      </span>
      <a
        href={urlInScript(path, "cir")}
        hrefLang="sr-Cyrl"
        lang="sr-Cyrl"
        aria-current={script === "cir" ? "true" : undefined}
        className={link}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant label (see CYRILLIC_LABEL)
        dangerouslySetInnerHTML={{ __html: CYRILLIC_LABEL }}
      />
    </nav>
  );
}

/** A 20 px line icon of the header, drawn in the text colour. */
function HeaderIcon({ d, circle }: { d: string; circle?: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
    >
      {circle ? <circle cx="11" cy="11" r="7" /> : null}
      <path d={d} strokeLinecap="round" />
    </svg>
  );
}

/** The way to the search page below 1024 px, where the bar has no room for the field (the menu has it). */
function SearchLink() {
  return (
    <Link
      to={SEARCH_PATH}
      className="inline-flex min-h-10 items-center rounded-md px-2.5 text-slate-100 hover:bg-white/10 lg:hidden"
    >
      <HeaderIcon d="m20 20-3.5-3.5" circle />
      <span className="sr-only">Pretraga</span>
    </Link>
  );
}

function SectionLink({
  to,
  label,
  current,
  pathname,
  className,
}: {
  to: string;
  label: string;
  current: string | null;
  pathname: string;
  className: string;
}) {
  // The page itself is "page"; a page inside the section (an article, a job) marks it "true".
  const state = current === to ? (pathname === to ? "page" : "true") : undefined;
  return (
    <Link to={to} aria-current={state} className={className}>
      {label}
    </Link>
  );
}

/**
 * The site header (decision 213). Wide screens (from 1024 px) show the logo, the search field and
 * the script switch, with the seven entries in a row below; phones and tablets a search button and
 * a "Meni" button (<details>: no JavaScript, keyboard and screen readers know it) that opens the
 * search field, the full list and the script switch. The current
 * section is marked on every page, articles and listings included.
 */
export function SiteHeader({
  script,
  path,
  pathname,
  current,
}: {
  script: Script;
  /** The page's Latin path and query (for the script switch). */
  path: string;
  pathname: string;
  current: string | null;
}) {
  const searchPage = pathname === SEARCH_PATH;
  return (
    <header className="relative z-30 bg-brand-900 text-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-4 py-2.5 lg:gap-y-1.5">
        <Link to="/" className="mr-auto flex shrink-0 items-center gap-2 text-lg font-bold tracking-tight">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          {SITE_NAME}
        </Link>
        {/* A row of its own under the logo, the search field and the switch: Cyrillic words are
            longer, and one row would not hold them all at 1024-1440 px. */}
        <nav
          aria-label="Sekcije sajta"
          className="-mx-2 hidden items-center gap-0.5 text-sm lg:order-last lg:flex lg:basis-full"
        >
          {HEADER_LINKS.map((entry) => (
            <SectionLink
              key={entry.to}
              {...entry}
              current={current}
              pathname={pathname}
              className="whitespace-nowrap rounded-md px-2 py-2 hover:bg-white/10 xl:px-2.5 [&[aria-current]]:bg-white/15 [&[aria-current]]:font-semibold"
            />
          ))}
        </nav>
        <SearchLink />
        {/* The search page has its own, larger field. */}
        {searchPage ? null : (
          <div className="hidden w-72 lg:block">
            <SearchForm id="pretraga-sajta" />
          </div>
        )}
        <ScriptSwitch script={script} path={path} className="hidden lg:flex" />
        <details className="group lg:hidden">
          <summary className="inline-flex min-h-10 cursor-pointer list-none items-center gap-2 rounded-md px-2.5 text-sm font-medium hover:bg-white/10 group-open:bg-white/15 [&::-webkit-details-marker]:hidden">
            <HeaderIcon d="M4 7h16M4 12h16M4 17h16" />
            Meni
          </summary>
          <div className="absolute inset-x-0 top-full border-t border-white/10 bg-brand-900 shadow-lg">
            {searchPage ? null : (
              <div className="mx-auto max-w-6xl px-4 pt-3">
                <SearchForm id="pretraga-meni" />
              </div>
            )}
            <nav aria-label="Sekcije sajta" className="mx-auto max-w-6xl px-4 py-2">
              <ul className="grid grid-cols-2 gap-1 sm:grid-cols-4">
                {HEADER_LINKS.map((entry) => (
                  <li key={entry.to}>
                    <SectionLink
                      {...entry}
                      current={current}
                      pathname={pathname}
                      className="flex min-h-11 items-center rounded-md px-3 text-base hover:bg-white/10 [&[aria-current]]:bg-white/15 [&[aria-current]]:font-semibold"
                    />
                  </li>
                ))}
              </ul>
            </nav>
            <div className="mx-auto max-w-6xl border-t border-white/10 px-4 py-2">
              <ScriptSwitch script={script} path={path} />
            </div>
          </div>
        </details>
      </div>
    </header>
  );
}
