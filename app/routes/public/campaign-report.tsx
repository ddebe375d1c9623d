import { ClicksChart, ClicksTable } from "~/components/banners/clicks-chart";
import { clickStats, dailyClicks, getCampaign } from "~/domain/banners/analytics.server";
import { reportSecret, verifyPeriodSignature } from "~/domain/banners/report-signature.server";
import { failure } from "~/http/errors";
import { formatDate } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { getDb } from "~/services.server";
import type { Route } from "./+types/campaign-report";

export const meta: Route.MetaFunction = () => [
  { title: "Izveštaj kampanje" },
  { name: "robots", content: "noindex, nofollow" },
];

export function headers() {
  return {
    "Cache-Control": "no-store, private",
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex",
  };
}

/**
 * The advertiser's read-only report: one campaign's clicks per day. The URL carries an HMAC of
 * the period id; a wrong signature is a plain 404 (nothing tells whether the campaign exists).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const periodId = parseId(params.periodId) ?? 0;
  const secret = await reportSecret(db);
  if (!verifyPeriodSignature(secret, periodId, params.signature)) {
    throw failure("banner.report_not_found");
  }
  const campaign = await getCampaign(db, periodId);
  if (!campaign) throw failure("banner.report_not_found");
  const [days, stats] = await Promise.all([dailyClicks(db, campaign), clickStats(db, { periodId })]);
  return {
    company: campaign.companyName,
    startDate: campaign.startDate.toISOString(),
    endDate: campaign.endDate?.toISOString() ?? null,
    days,
    total: stats.total,
  };
}

export default function CampaignReport({ loaderData }: Route.ComponentProps) {
  const { company, startDate, endDate, days, total } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <p className="text-sm font-medium uppercase tracking-wide text-slate-500">Izveštaj kampanje</p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900">{company ?? "Kampanja"}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {formatDate(startDate)} – {endDate ? formatDate(endDate) : "u toku"} · ukupno klikova:{" "}
        <strong className="tabular-nums">{total}</strong>
      </p>
      <section className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 className="mb-3 text-base font-semibold text-slate-900">Klikovi po danu</h2>
        <ClicksChart days={days} />
        <p className="mt-2 text-xs text-slate-500">Dani su računati po njujorškom vremenu.</p>
      </section>
      <details className="mt-4 rounded-xl border border-slate-200 bg-white p-4">
        <summary className="cursor-pointer text-sm font-medium text-slate-700">Tabela po danima</summary>
        <div className="mt-3">
          <ClicksTable days={days} />
        </div>
      </details>
    </main>
  );
}
