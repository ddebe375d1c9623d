import type { ReactNode } from "react";
import { Link } from "react-router";
import { Pagination } from "~/components/pagination";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { resultCountLine, totalPagesOf } from "~/lib/pagination";

/**
 * The frame of the public lists (`/kompanije`, `/forum`, `/poslovi`, `/kupoprodaja`): the title
 * with its intro and the button that adds one, the search form, the count ("Prikazano 1–20 od
 * 182", with a link that clears the search when there is one), the list and the shared pagination.
 */
export function PublicListPage({
  className,
  title,
  intro,
  add,
  search,
  list: { page, total },
  pageSize,
  reset,
  children,
}: {
  /** The width of the page, e.g. `max-w-6xl`. */
  className: string;
  title: string;
  intro: ReactNode;
  add: { to: string; label: string };
  search: ReactNode;
  list: { page: number; total: number };
  pageSize: number;
  /** A link after the count that clears the filters (shown only when given). */
  reset?: { to: string; label: string } | null;
  children: ReactNode;
}) {
  return (
    <div className={cn("mx-auto px-4 py-6 sm:py-8", className)}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-slate-600">{intro}</p>
        </div>
        <Link to={add.to} className={buttonClass("primary", "md", "w-full sm:w-auto")}>
          {add.label}
        </Link>
      </div>
      {search}
      <p className="mt-4 text-sm text-slate-600" aria-live="polite">
        {resultCountLine(page, pageSize, total)}
        {reset ? (
          <>
            {" · "}
            <Link to={reset.to} className="font-medium text-brand-700 underline">
              {reset.label}
            </Link>
          </>
        ) : null}
      </p>
      {children}
      <div className="mt-6">
        <Pagination page={page} totalPages={totalPagesOf(total, pageSize)} />
      </div>
    </div>
  );
}
