import { useLocation } from "react-router";
import { cn } from "~/components/ui/cn";
import { SEARCH_MAX_LENGTH } from "~/domain/search/normalize";

/** The path of the search page; the form's action. */
export const SEARCH_PATH = "/pretraga";

function SearchIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="none" aria-hidden="true" className={className}>
      <circle cx="8.5" cy="8.5" r="5.5" stroke="currentColor" strokeWidth="2" />
      <path d="m13 13 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The site search: a plain GET form to /pretraga (works without JavaScript; docs/decisions/200).
 * `header` is the compact field for the site header, on its dark background; `page` is the large
 * one at the top of the results. On the search page the field shows the current query.
 */
export function SearchForm({
  variant = "header",
  id = variant === "header" ? "pretraga-sajta" : "pretraga-upit",
  kind,
  className,
}: {
  variant?: "header" | "page";
  id?: string;
  /** Keep the results tab (`vrsta`) when searching again from it. */
  kind?: string | null;
  className?: string;
}) {
  const location = useLocation();
  const current =
    location.pathname === SEARCH_PATH ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  const header = variant === "header";
  return (
    <search aria-label={header ? "Pretraga sajta" : "Pretraga"} className={cn("block w-full", className)}>
      <form action={SEARCH_PATH} method="get">
        <label htmlFor={id} className={header ? "sr-only" : "mb-1 block text-sm font-medium text-slate-700"}>
          {header ? "Pretraga sajta" : "Šta tražite?"}
        </label>
        <div className="flex">
          <input
            id={id}
            type="search"
            name="q"
            defaultValue={current.slice(0, SEARCH_MAX_LENGTH)}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={header ? "Pretraži sajt…" : "Vesti, kompanije, poslovi, kupoprodaja, forum"}
            enterKeyHint="search"
            className={cn(
              "min-w-0 flex-1 rounded-l-lg border px-3 text-base outline-none sm:text-sm",
              header
                ? "h-10 border-white/20 bg-white/10 text-white placeholder:text-slate-300 focus:border-white focus:bg-white focus:text-slate-900 focus:placeholder:text-slate-500"
                : "h-12 border-slate-300 bg-white text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-200",
            )}
          />
          {kind ? <input type="hidden" name="vrsta" value={kind} /> : null}
          <button
            type="submit"
            className={cn(
              "inline-flex shrink-0 items-center justify-center gap-2 rounded-r-lg px-3 font-medium focus-visible:outline-2 focus-visible:outline-offset-2",
              header
                ? "h-10 border border-l-0 border-white/20 bg-white/15 text-white hover:bg-white/25 focus-visible:outline-white"
                : "h-12 bg-brand-600 px-5 text-white hover:bg-brand-700 focus-visible:outline-brand-500",
            )}
          >
            <SearchIcon className="h-5 w-5" />
            <span className={header ? "sr-only" : undefined}>{header ? "Pretraži sajt" : "Traži"}</span>
          </button>
        </div>
      </form>
    </search>
  );
}
