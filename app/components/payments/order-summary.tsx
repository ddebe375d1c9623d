import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import type { OrderSummary } from "~/domain/orders/types";
import { formatMinorAmount } from "~/lib/money";

function SummaryCard({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: ReactNode;
  tone: string;
  testId: string;
}) {
  return (
    <Card className="p-4">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</p>
      <p className={cn("mt-1 break-words text-xl font-bold sm:text-2xl", tone)} data-testid={testId}>
        {value}
      </p>
    </Card>
  );
}

/** The count cards after revenue: the summary's field, its label and its colour. */
const COUNTS = [
  ["paid", "Plaćene", "text-emerald-700"],
  ["pending", "Na čekanju", "text-amber-700"],
  ["failed", "Neuspele", "text-red-700"],
  ["refunded", "Refundirane", "text-slate-700"],
  ["disputed", "Osporene", "text-red-700"],
] as const;

/** The cards over the orders table: revenue per currency and the count of each status (same filter as the table). */
export function OrderSummaryCards({ summary }: { summary: OrderSummary }) {
  const revenue =
    summary.revenue.length === 0
      ? formatMinorAmount(0, "usd")
      : summary.revenue.map((r) => (
          <span key={r.currency} className="block">
            {formatMinorAmount(r.amount, r.currency)}
          </span>
        ));

  return (
    <section className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 2xl:grid-cols-6" aria-label="Pregled">
      <SummaryCard label="Prihod" value={revenue} tone="text-slate-900" testId="summary-revenue" />
      {COUNTS.map(([key, label, tone]) => (
        <SummaryCard key={key} label={label} value={summary[key]} tone={tone} testId={`summary-${key}`} />
      ))}
    </section>
  );
}
