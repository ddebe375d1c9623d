import { Link } from "react-router";
import { ADMIN_NAV } from "~/components/admin/admin-nav";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { countArticles, latestArticles } from "~/domain/articles/articles.server";
import { clickStats } from "~/domain/banners/analytics.server";
import { countCompanies, latestActiveCompanies } from "~/domain/companies/companies.server";
import { attentionItems } from "~/domain/dashboard/attention.server";
import { systemStatus } from "~/domain/dashboard/system.server";
import { requirePermission, userPermissions } from "~/http/auth.server";
import { appVersion } from "~/lib/app-version.server";
import { formatDate, formatDateTime } from "~/lib/dates";
import { getDb, getServices } from "~/services.server";
import type { Route } from "./+types/dashboard";

/** Spec §9: the dashboard lists 5 items. */
const DASHBOARD_LIST_SIZE = 5;

/** Quick actions of spec §2; each appears once its screen exists and the user may use it. */
const QUICK_ACTIONS = [
  { label: "Novi članak", to: "/admin/articles/new", entry: "/admin/articles" },
  { label: "Nova kompanija", to: "/admin/companies/new", entry: "/admin/companies" },
  { label: "AI naslovi", to: "/admin/headings", entry: "/admin/headings" },
] as const;

export const meta: Route.MetaFunction = () => [{ title: "Kontrolna tabla — Admin panel" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, "canViewDashboard");
  const db = getDb();
  const permissions = userPermissions(user);
  const [articleCounts, companyTotal, articles, companies, attention, clicks, system] = await Promise.all([
    countArticles(db),
    countCompanies(db),
    latestArticles(db, DASHBOARD_LIST_SIZE),
    latestActiveCompanies(db, DASHBOARD_LIST_SIZE),
    attentionItems(db, permissions),
    // Spec §9: banner click stats for all time, today, 7 and 30 days (New York days).
    permissions.canViewAnalytics ? clickStats(db) : Promise.resolve(null),
    // The "Sistem" card: for admins (the settings permission is theirs alone).
    permissions.canViewSettings ? systemStatus(db, getServices().handle.driver) : Promise.resolve(null),
  ]);
  const quickActions = QUICK_ACTIONS.filter((action) => {
    const entry = ADMIN_NAV.find((e) => e.to === action.entry);
    return entry?.ready && permissions[entry.permission];
  });
  return {
    firstName: user.firstName,
    articleCounts,
    companyTotal,
    articles,
    companies,
    companyLinks: permissions.canViewCompanies,
    quickActions,
    attention,
    clicks,
    system: system ? { ...system, version: appVersion(), uptimeSeconds: Math.round(process.uptime()) } : null,
  };
}

const number = new Intl.NumberFormat("sr-Latn");

function Stat({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className={`mt-2 text-2xl font-bold sm:text-3xl ${tone}`}>{number.format(value)}</p>
    </Card>
  );
}

function Attention({ items }: { items: Route.ComponentProps["loaderData"]["attention"] }) {
  if (items.length === 0) return null;
  const waiting = items.filter((i) => i.count > 0);
  return (
    <Card className="mb-6 min-w-0 p-4 sm:p-5">
      <h2 className="text-base font-semibold text-slate-900">Čeka na vas</h2>
      {waiting.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Ništa ne čeka na odobrenje.</p>
      ) : (
        <ul className="mt-3 grid gap-2 sm:flex sm:flex-wrap">
          {waiting.map((item) => (
            <li key={item.key}>
              <Link
                to={item.to}
                className="flex min-h-11 items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 hover:bg-amber-100 sm:inline-flex sm:justify-start"
              >
                {item.label}
                <span className="rounded-full bg-yellow-400 px-2 py-0.5 text-xs font-bold text-slate-900">
                  {number.format(item.count)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ClickStats({ clicks }: { clicks: NonNullable<Route.ComponentProps["loaderData"]["clicks"]> }) {
  const cells = [
    { label: "Ukupno", value: clicks.total },
    { label: "Danas", value: clicks.today },
    { label: "Poslednjih 7 dana", value: clicks.last7Days },
    { label: "Poslednjih 30 dana", value: clicks.last30Days },
  ];
  return (
    <Card className="mt-6 min-w-0 p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">Klikovi na banere</h2>
        <Link to="/admin/analytics" className="text-sm font-medium text-brand-700 hover:underline">
          Analitika banera →
        </Link>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="click-stats">
        {cells.map((c) => (
          <div key={c.label} className="min-w-0 rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs font-medium text-slate-500">{c.label}</dt>
            <dd className="text-xl font-bold text-slate-900">{number.format(c.value)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-500">Dani se računaju po njujorškom vremenu.</p>
    </Card>
  );
}

function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return `${minutes} min`;
}

/** A backup older than this is shown as a warning (the nightly job runs every 24 h). */
const BACKUP_STALE_MS = 26 * 3_600_000;

function SystemCard({ system }: { system: NonNullable<Route.ComponentProps["loaderData"]["system"]> }) {
  const backup = system.lastBackup;
  const stale = !backup || Date.now() - new Date(backup.createdAt).getTime() > BACKUP_STALE_MS;
  const cells = [
    { label: "Verzija", value: system.version },
    { label: "Radi", value: formatUptime(system.uptimeSeconds) },
    { label: "Baza", value: system.driver === "postgres" ? "PostgreSQL" : "PGlite (ugrađena)" },
    { label: "Procesi", value: number.format(system.processes) },
    {
      label: "Poslovi na čekanju",
      value:
        system.queue.waiting === 0
          ? "0"
          : `${number.format(system.queue.waiting)} (najstariji ${formatUptime(system.queue.oldestWaitingSeconds)})`,
    },
  ];
  return (
    <Card className="mt-6 min-w-0 p-4 sm:p-5">
      <h2 className="text-base font-semibold text-slate-900">Sistem</h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="system-status">
        {cells.map((c) => (
          <div key={c.label} className="min-w-0 rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs font-medium text-slate-500">{c.label}</dt>
            <dd className="break-words text-sm font-semibold text-slate-900">{c.value}</dd>
          </div>
        ))}
        <div className={`min-w-0 rounded-lg px-3 py-2 ${stale ? "bg-amber-50" : "bg-slate-50"}`}>
          <dt className="text-xs font-medium text-slate-500">Poslednja rezervna kopija</dt>
          <dd className={`text-sm font-semibold ${stale ? "text-amber-800" : "text-slate-900"}`}>
            {backup ? (
              <>
                {formatDateTime(backup.createdAt)}
                <span className="block text-xs font-normal text-slate-500">
                  {(backup.bytes / 1_048_576).toFixed(1)} MiB ·{" "}
                  {backup.source === "nightly"
                    ? "noćna"
                    : backup.source === "pre-migration"
                      ? "pre migracija"
                      : "ručna"}
                </span>
              </>
            ) : (
              "Nijedna"
            )}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function LatestArticles({ articles }: { articles: LoaderData["articles"] }) {
  return (
    <Card className="min-w-0">
      <div className="flex items-baseline justify-between gap-2 border-b border-slate-100 px-4 py-4 sm:px-5">
        <h2 className="text-base font-semibold text-slate-900">Najnoviji članci</h2>
        <Link to="/admin/articles" className="text-sm font-medium text-brand-700 hover:underline">
          Svi članci
        </Link>
      </div>
      {articles.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-500">Još nema članaka.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {articles.map((a) => (
            <li key={a.id}>
              <Link
                to={`/admin/articles/${a.id}`}
                className="flex items-start justify-between gap-3 px-4 py-3 hover:bg-slate-50 sm:px-5"
              >
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{a.title}</p>
                  <p className="truncate text-xs text-slate-500">
                    {a.category} · {a.author} · {formatDate(a.publishedDate)}
                  </p>
                </div>
                <Badge tone={a.status === "publish" ? "success" : "warning"}>
                  {a.status === "publish" ? "Objavljeno" : "Nacrt"}
                </Badge>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Links to the company edit only for staff who may edit companies. */
function LatestCompanies({ companies, links }: { companies: LoaderData["companies"]; links: boolean }) {
  return (
    <Card className="min-w-0">
      <div className="flex items-baseline justify-between gap-2 border-b border-slate-100 px-4 py-4 sm:px-5">
        <h2 className="text-base font-semibold text-slate-900">Najnovije kompanije</h2>
        {links ? (
          <Link to="/admin/companies" className="text-sm font-medium text-brand-700 hover:underline">
            Sve kompanije
          </Link>
        ) : null}
      </div>
      {companies.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-500">Još nema aktivnih kompanija.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {companies.map((c) => {
            const body = (
              <>
                <p className="truncate text-sm font-medium text-slate-900">{c.name}</p>
                <p className="truncate text-xs text-slate-500">
                  {[c.category, [c.location, c.state].filter(Boolean).join(", ")].filter(Boolean).join(" · ")}{" "}
                  · {formatDate(c.createdAt)}
                </p>
              </>
            );
            return (
              <li key={c.id}>
                {links ? (
                  <Link
                    to={`/admin/companies/edit/${c.id}`}
                    className="block px-4 py-3 hover:bg-slate-50 sm:px-5"
                  >
                    {body}
                  </Link>
                ) : (
                  <div className="px-4 py-3 sm:px-5">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const {
    firstName,
    articleCounts,
    companyTotal,
    articles,
    companies,
    companyLinks,
    quickActions,
    attention,
    clicks,
    system,
  } = loaderData;
  return (
    <div className="min-w-0">
      <PageHeader
        title="Kontrolna tabla"
        description={`Dobrodošli nazad, ${firstName}! Evo pregleda sajta.`}
      />
      <Attention items={attention} />
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Stat label="Ukupno članaka" value={articleCounts.total} tone="text-slate-900" />
        <Stat label="Objavljeni članci" value={articleCounts.published} tone="text-emerald-700" />
        <Stat label="Nacrti" value={articleCounts.drafts} tone="text-amber-700" />
        <Stat label="Ukupno kompanija" value={companyTotal} tone="text-brand-700" />
      </div>

      {clicks ? <ClickStats clicks={clicks} /> : null}
      {system ? <SystemCard system={system} /> : null}

      {quickActions.length > 0 ? (
        <Card className="mt-6 min-w-0 p-4 sm:p-5">
          <h2 className="text-base font-semibold text-slate-900">Brze akcije</h2>
          <div className="mt-3 flex flex-wrap gap-2">
            {quickActions.map((action) => (
              <ButtonLink key={action.to} to={action.to} variant="secondary">
                {action.label}
              </ButtonLink>
            ))}
          </div>
        </Card>
      ) : null}

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <LatestArticles articles={articles} />
        <LatestCompanies companies={companies} links={companyLinks} />
      </div>
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
