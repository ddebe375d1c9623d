import { useState } from "react";
import { useLoaderData } from "react-router";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { ClicksChart, ClicksTable } from "~/components/banners/clicks-chart";
import { PositionBadge } from "~/components/banners/position-diagram";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { clickStats, dailyClicks, getCampaign } from "~/domain/banners/analytics.server";
import { reportPath, reportSecret } from "~/domain/banners/report-signature.server";
import { requirePermission } from "~/http/auth.server";
import { failure } from "~/http/errors";
import { publicOrigin } from "~/http/public-origin.server";
import { formatDate } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { BANNER_MESSAGES } from "~/messages/banners";
import { getDb } from "~/services.server";
import type { Route } from "./+types/analytics-campaign";

export const meta: Route.MetaFunction = () => [{ title: "Kampanja — Analitika banera" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "canViewAnalytics", { message: BANNER_MESSAGES.analyticsNoAccess });
  const db = getDb();
  const periodId = parseId(params.periodId);
  const campaign = periodId === null ? null : await getCampaign(db, periodId);
  if (periodId === null || !campaign) throw failure("banner.campaign_not_found");
  let stats = null;
  let days: Awaited<ReturnType<typeof dailyClicks>> = [];
  let statsError: string | null = null;
  try {
    [stats, days] = await Promise.all([clickStats(db, { periodId }), dailyClicks(db, campaign)]);
  } catch (error) {
    logger.error({ err: error, periodId }, "campaign click stats failed to load");
    statsError = BANNER_MESSAGES.statsFailed;
  }
  const origin = publicOrigin();
  return {
    campaign: {
      ...campaign,
      startDate: campaign.startDate.toISOString(),
      endDate: campaign.endDate?.toISOString() ?? null,
    },
    stats,
    days,
    statsError,
    reportUrl: `${origin}${reportPath(await reportSecret(db), periodId)}`,
  };
}

export default function CampaignAnalytics() {
  const { campaign, stats, days, statsError, reportUrl } = useLoaderData<typeof loader>();
  const [copied, setCopied] = useState(false);
  return (
    <div className="max-w-4xl">
      <PageHeader
        title={campaign.companyName ?? campaign.bannerTitle}
        description={
          <>
            {campaign.bannerTitle} · {formatDate(campaign.startDate)} –{" "}
            {campaign.endDate ? formatDate(campaign.endDate) : "u toku"}
          </>
        }
        actions={
          <ButtonLink to="/admin/analytics" variant="secondary">
            Nazad na analitiku
          </ButtonLink>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <PositionBadge position={campaign.position} />
        <Badge tone={campaign.endDate ? "neutral" : "success"}>
          {campaign.endDate ? "Završena" : "Aktivna"}
        </Badge>
      </div>
      <Notice tone="error" message={statsError} className="mb-4" />
      {stats ? (
        <p className="mb-4 text-sm text-slate-700">
          Ukupno: <strong>{stats.total}</strong> · danas: <strong>{stats.today}</strong> · 7 dana:{" "}
          <strong>{stats.last7Days}</strong> · 30 dana: <strong>{stats.last30Days}</strong>
        </p>
      ) : null}
      <Card className="mb-4 p-4">
        <h2 className="mb-3 text-base font-semibold text-slate-900">Klikovi po danu</h2>
        <ClicksChart days={days} />
        <details className="mt-3">
          <summary className="cursor-pointer text-sm text-slate-600">Tabela po danima</summary>
          <ClicksTable days={days} />
        </details>
      </Card>
      <Card className="space-y-2 p-4">
        <h2 className="text-base font-semibold text-slate-900">Izveštaj za klijenta</h2>
        <p className="text-sm text-slate-600">
          Link samo za čitanje koji prikazuje klikove po danu ove kampanje. Ne traži prijavu i ne otkriva
          ništa drugo.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            readOnly
            value={reportUrl}
            aria-label="Link izveštaja"
            data-testid="report-url"
            className="block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button
            variant="secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(reportUrl).then(() => setCopied(true));
            }}
          >
            {copied ? "Kopirano" : "Kopiraj"}
          </Button>
        </div>
      </Card>
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
