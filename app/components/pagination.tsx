import { Link, useLocation } from "react-router";
import { pageWindow } from "~/lib/pagination";
import { cn } from "./ui/cn";

/**
 * Previous, at most 5 page buttons, next. Pages are links (the page lives in the URL as ?page=N),
 * so reload, back and a shared link keep the page.
 */
export function Pagination({
  page,
  totalPages,
  label = "Stranice",
}: {
  page: number;
  totalPages: number;
  label?: string;
}) {
  const location = useLocation();
  const win = pageWindow(page, totalPages);
  if (win.totalPages <= 1) return null;
  const hrefFor = (n: number) => {
    const params = new URLSearchParams(location.search);
    if (n === 1) params.delete("page");
    else params.set("page", String(n));
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ""}`;
  };
  // One line at 360 px: on a phone "Prethodna"/"Sledeća" are arrows (the words stay for screen
  // readers) and the buttons are narrower, so five page numbers of three digits still fit.
  const item =
    "inline-flex h-9 min-w-9 shrink-0 items-center justify-center rounded-lg border px-2 text-sm font-medium sm:px-3";
  const previous = (
    <>
      <span aria-hidden="true">‹</span>
      <span className="max-sm:sr-only">&nbsp;Prethodna</span>
    </>
  );
  const next = (
    <>
      <span className="max-sm:sr-only">Sledeća&nbsp;</span>
      <span aria-hidden="true">›</span>
    </>
  );
  const disabled = "cursor-not-allowed border-slate-200 text-slate-300";
  return (
    <nav aria-label={label} className="flex items-center gap-1">
      {win.hasPrevious ? (
        <Link
          to={hrefFor(win.page - 1)}
          className={cn(item, "border-slate-300 bg-white hover:bg-slate-50")}
          rel="prev"
        >
          {previous}
        </Link>
      ) : (
        <span className={cn(item, disabled)} aria-disabled="true">
          {previous}
        </span>
      )}
      {win.pages.map((n) => (
        <Link
          key={n}
          to={hrefFor(n)}
          aria-current={n === win.page ? "page" : undefined}
          className={cn(
            item,
            n === win.page
              ? "border-brand-600 bg-brand-600 text-white"
              : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
          )}
        >
          {n}
        </Link>
      ))}
      {win.hasNext ? (
        <Link
          to={hrefFor(win.page + 1)}
          className={cn(item, "border-slate-300 bg-white hover:bg-slate-50")}
          rel="next"
        >
          {next}
        </Link>
      ) : (
        <span className={cn(item, disabled)} aria-disabled="true">
          {next}
        </span>
      )}
    </nav>
  );
}
