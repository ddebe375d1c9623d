import type { ReactNode } from "react";
import { Pagination } from "~/components/pagination";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";

/**
 * An admin list's body: the result-count line, the table in its card (dimmed while the next page
 * loads) and the page links under it.
 */
export function PagedTable({
  count,
  page,
  totalPages,
  pageLabel,
  dim = false,
  countTestId,
  children,
}: {
  count: ReactNode;
  page: number;
  totalPages: number;
  pageLabel?: string;
  dim?: boolean;
  countTestId?: string;
  children: ReactNode;
}) {
  return (
    <>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite" data-testid={countTestId}>
        {count}
      </p>
      <Card className={cn("overflow-hidden", dim && "opacity-60")}>{children}</Card>
      <div className="mt-4">
        <Pagination page={page} totalPages={totalPages} label={pageLabel} />
      </div>
    </>
  );
}
