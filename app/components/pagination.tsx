import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { pageWindow } from "~/lib/pagination";
import { cn } from "./ui/cn";

// One line at 360 px: on a phone "Prethodna"/"Sledeća" are arrows (the words stay for screen
// readers) and the buttons are narrower, so five page numbers of three digits still fit.
const item =
  "inline-flex h-9 min-w-9 shrink-0 items-center justify-center rounded-lg border px-2 text-sm font-medium sm:px-3";

/** "Previous" or "next": a link, or a greyed-out mark on the first or last page. */
function Step({ to, rel, children }: { to: string | null; rel: "prev" | "next"; children: ReactNode }) {
  if (to === null) {
    return (
      <span className={cn(item, "cursor-not-allowed border-slate-200 text-slate-300")} aria-disabled="true">
        {children}
      </span>
    );
  }
  return (
    <Link to={to} className={cn(item, "border-slate-300 bg-white hover:bg-slate-50")} rel={rel}>
      {children}
    </Link>
  );
}

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
  return (
    <nav aria-label={label} className="flex items-center gap-1">
      <Step to={win.hasPrevious ? hrefFor(win.page - 1) : null} rel="prev">
        {previous}
      </Step>
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
      <Step to={win.hasNext ? hrefFor(win.page + 1) : null} rel="next">
        {next}
      </Step>
    </nav>
  );
}
