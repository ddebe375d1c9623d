import { Card } from "~/components/admin/page-header";
import { type EmailStatsSummary, monthLabel } from "~/domain/newsletter/stats";

const number = new Intl.NumberFormat("sr-Latn");

/** One figure of a newsletter screen (subscribers, e-mails, alerts). */
export function StatCard({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{number.format(value)}</p>
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </Card>
  );
}

/** Spec: subscribers (all, active), e-mails sent in total, this month and today (New York days). */
export function StatCards({ stats }: { stats: EmailStatsSummary }) {
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5" data-testid="newsletter-stats">
      <StatCard label="Pretplatnici" value={stats.subscribers.total} hint="svi, i odjavljeni" />
      <StatCard label="Aktivni" value={stats.subscribers.active} hint="primaju newsletter" />
      <StatCard
        label="Email-ova poslato ukupno"
        value={stats.totalSent}
        hint="svi email-ovi sajta (newsletter i sistemski), po evidenciji slanja"
      />
      <StatCard label="Email-ova ovog meseca" value={stats.sentThisMonth} />
      <StatCard label="Email-ova danas" value={stats.sentToday} hint="po njujorškom vremenu" />
    </div>
  );
}

/** The last 12 months of sent e-mails as a small bar chart, with the numbers for screen readers. */
export function MonthlyChart({ months }: { months: EmailStatsSummary["months"] }) {
  const max = Math.max(1, ...months.map((m) => m.count));
  const total = months.reduce((n, m) => n + m.count, 0);
  return (
    <Card className="p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">Poslato po mesecima</h2>
        <p className="text-xs text-slate-500">poslednjih 12 meseci · ukupno {number.format(total)}</p>
      </div>
      <div className="mt-4 flex h-36 items-end gap-1 sm:gap-2" aria-hidden="true">
        {months.map((m) => (
          <div key={m.month} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1">
            <div
              className="w-full rounded-t bg-brand-500"
              style={{ height: `${Math.max(m.count > 0 ? 3 : 0, (m.count / max) * 100)}%` }}
              title={`${monthLabel(m.month)}: ${number.format(m.count)}`}
            />
            <span className="w-full truncate text-center text-[10px] text-slate-500 sm:text-xs">
              {monthLabel(m.month).split(" ")[0]}
            </span>
          </div>
        ))}
      </div>
      <table className="sr-only">
        <caption>Poslati email-ovi po mesecima</caption>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{monthLabel(m.month)}</th>
              <td>{m.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
