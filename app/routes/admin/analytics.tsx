import type { ReactNode } from "react";
import { Link, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { PositionBadge } from "~/components/banners/position-diagram";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Notice } from "~/components/ui/notice";
import { SegmentedNav } from "~/components/ui/segmented-nav";
import { type CampaignSort, clickStats, listCampaigns } from "~/domain/banners/analytics.server";
import { requirePermission } from "~/http/auth.server";
import { formatDate, formatDateTime } from "~/lib/dates";
import { BANNER_MESSAGES } from "~/messages/banners";
import { getDb } from "~/services.server";
import type { Route } from "./+types/analytics";

export const meta: Route.MetaFunction = () => [{ title: "Analitika banera — Admin panel" }];

/** The driver's own message, short (not drizzle's "Failed query: …" with the whole SQL). */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return (cause instanceof Error ? cause.message : String(cause)).slice(0, 200);
}

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewAnalytics", { message: BANNER_MESSAGES.analyticsNoAccess });
  const sort: CampaignSort =
    new URL(request.url).searchParams.get("sort") === "clicks" ? "clicks" : "position";
  const db = getDb();
  const [campaigns, stats] = await Promise.allSettled([listCampaigns(db, sort), clickStats(db)]);
  const serialize = (c: Awaited<ReturnType<typeof listCampaigns>>["active"][number]) => ({
    ...c,
    startDate: c.startDate.toISOString(),
    endDate: c.endDate?.toISOString() ?? null,
    lastClickDate: c.lastClickDate?.toISOString() ?? null,
  });
  return {
    sort,
    active: campaigns.status === "fulfilled" ? campaigns.value.active.map(serialize) : [],
    historical: campaigns.status === "fulfilled" ? campaigns.value.historical.map(serialize) : [],
    error: campaigns.status === "rejected" ? `Greška: ${reasonOf(campaigns.reason)}` : null,
    stats: stats.status === "fulfilled" ? stats.value : null,
    statsError: stats.status === "rejected" ? BANNER_MESSAGES.statsFailed : null,
  };
}

type Campaign = Route.ComponentProps["loaderData"]["active"][number];

function StatTile({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{value.toLocaleString("sr-Latn")}</p>
    </div>
  );
}

function ClientLink({ link }: { link: string | null }) {
  if (!link) return <span className="text-slate-400">—</span>;
  if (link.startsWith("tel:")) return <span className="text-slate-700">{link.slice(4)}</span>;
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="break-all text-brand-700 underline"
    >
      {link.replace(/^https?:\/\//, "")}
    </a>
  );
}

function ClientCell({ c }: { c: Campaign }) {
  return (
    <>
      <p className="text-slate-800">{c.companyName ?? "—"}</p>
      <ClientLink link={c.link} />
    </>
  );
}

function BannerCell({ c }: { c: Campaign }) {
  return (
    <div className="space-y-1">
      <Link to={`/admin/analytics/${c.periodId}`} className="font-medium text-slate-900 hover:underline">
        {c.bannerTitle}
      </Link>
      <div>
        <PositionBadge position={c.position} />
      </div>
    </div>
  );
}

/** A campaign's clicks, right-aligned. */
const clicksColumn = (header: string, cell: (c: Campaign) => ReactNode): Column<Campaign> => ({
  key: "clicks",
  header,
  align: "right",
  className: "font-semibold tabular-nums",
  cell,
});

/** The campaigns of one kind (a period is a row). */
function CampaignTable({
  campaigns,
  ...props
}: {
  caption: string;
  campaigns: Campaign[];
  testId: string;
  columns: Column<Campaign>[];
}) {
  return <DataTable {...props} rows={campaigns} rowKey={(c) => c.periodId} empty="" />;
}

function ActiveCampaigns({ campaigns }: { campaigns: Campaign[] }) {
  return (
    <Card className="overflow-hidden">
      <h2 className="border-b border-slate-100 bg-slate-50 px-4 py-3 text-base font-semibold text-slate-900">
        Aktivne kampanje <span className="font-normal text-slate-500">({campaigns.length})</span>
      </h2>
      <CampaignTable
        caption="Aktivne kampanje"
        campaigns={campaigns}
        testId="active-campaign"
        columns={[
          {
            key: "banner",
            header: "Baner i pozicija",
            mobile: "title",
            cell: (c) => <BannerCell c={c} />,
          },
          { key: "client", header: "Klijent", cell: (c) => <ClientCell c={c} /> },
          clicksColumn("Klikovi od promene slike", (c) => (
            <span data-testid="campaign-clicks">{c.totalClicks}</span>
          )),
          {
            key: "lastClick",
            header: "Poslednji klik",
            className: "whitespace-nowrap",
            cell: (c) => (c.lastClickDate ? formatDateTime(c.lastClickDate) : "Nema klikova"),
          },
        ]}
      />
    </Card>
  );
}

function HistoricalCampaigns({ campaigns }: { campaigns: Campaign[] }) {
  return (
    <details
      className="group rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="historical-campaigns"
    >
      <summary className="cursor-pointer list-none px-4 py-3 text-base font-semibold text-slate-900">
        <span className="mr-2 inline-block transition-transform group-open:rotate-90">▸</span>
        Istorijske kampanje{" "}
        <span className="font-normal text-slate-500">(završenih kampanja: {campaigns.length})</span>
      </summary>
      <div className="border-t border-slate-100">
        <CampaignTable
          caption="Istorijske kampanje"
          campaigns={campaigns}
          testId="historical-campaign"
          columns={[
            { key: "banner", header: "Baner", mobile: "title", cell: (c) => <BannerCell c={c} /> },
            { key: "client", header: "Klijent", cell: (c) => c.companyName ?? "—" },
            {
              key: "period",
              header: "Period",
              className: "whitespace-nowrap",
              cell: (c) => `${formatDate(c.startDate)} – ${formatDate(c.endDate)}`,
            },
            clicksColumn("Ukupno klikova", (c) => c.totalClicks),
          ]}
        />
      </div>
    </details>
  );
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { sort, active, historical, error, stats, statsError } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const loading = navigation.state === "loading" || revalidator.state === "loading";
  const sortLink = (value: CampaignSort) => {
    const next = new URLSearchParams(params);
    next.set("sort", value);
    return `?${next.toString()}`;
  };

  return (
    <div>
      <PageHeader
        title="Analitika banera"
        description="Klikovi po kampanjama. Kampanja traje od jedne promene slike do sledeće."
        actions={
          <>
            <SegmentedNav
              label="Sortiranje"
              look="joined"
              current={sort}
              items={[
                { value: "position", label: "Po poziciji", href: sortLink("position") },
                { value: "clicks", label: "Po klikovima", href: sortLink("clicks") },
              ]}
            />
            <Button variant="secondary" onClick={() => revalidator.revalidate()} disabled={loading}>
              {loading ? "Učitavanje…" : "Osveži"}
            </Button>
          </>
        }
      />

      <div className="mb-4 space-y-2">
        <Notice tone="error" message={error} />
        <Notice tone="error" message={statsError} />
      </div>

      {stats ? (
        <section aria-label="Statistika klikova" className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-4">
          <StatTile label="Ukupno" value={stats.total} />
          <StatTile label="Danas" value={stats.today} />
          <StatTile label="Poslednjih 7 dana" value={stats.last7Days} />
          <StatTile label="Poslednjih 30 dana" value={stats.last30Days} />
        </section>
      ) : null}

      <div className={cn("space-y-6 transition-opacity", loading && "opacity-60")} aria-busy={loading}>
        {loading ? (
          <p role="status" className="text-sm text-slate-600">
            Učitavanje analitike…
          </p>
        ) : null}
        {!error && active.length === 0 && historical.length === 0 ? (
          <Card className="px-5 py-10 text-center text-sm text-slate-600">Nema podataka o analitici</Card>
        ) : null}

        {active.length > 0 ? <ActiveCampaigns campaigns={active} /> : null}

        {historical.length > 0 ? <HistoricalCampaigns campaigns={historical} /> : null}

        <aside className="rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
          <p className="font-semibold">Kako radi analitika?</p>
          <p className="mt-1">
            Kada promenite sliku banera, trenutna kampanja se završava i počinje novi period: analitika kreće
            od nule za novog klijenta, a stara kampanja sa svojim klikovima prelazi u istorijske kampanje.
            Klikovi botova se ne broje. Dani se računaju po njujorškom vremenu.
          </p>
        </aside>
      </div>
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
