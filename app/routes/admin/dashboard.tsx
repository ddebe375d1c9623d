import { ADMIN_NAV } from "~/components/admin/admin-nav";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { countArticles, latestArticles } from "~/domain/articles/articles.server";
import { countCompanies, latestActiveCompanies } from "~/domain/companies/companies.server";
import { requirePermission, userPermissions } from "~/domain/users/auth.server";
import { formatDate } from "~/lib/dates";
import { getDb } from "~/services.server";
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
  const [articleCounts, companyTotal, articles, companies] = await Promise.all([
    countArticles(db),
    countCompanies(db),
    latestArticles(db, DASHBOARD_LIST_SIZE),
    latestActiveCompanies(db, DASHBOARD_LIST_SIZE),
  ]);
  const quickActions = QUICK_ACTIONS.filter((action) => {
    const entry = ADMIN_NAV.find((e) => e.to === action.entry);
    return entry?.ready && permissions[entry.permission];
  });
  return { firstName: user.firstName, articleCounts, companyTotal, articles, companies, quickActions };
}

const number = new Intl.NumberFormat("sr-Latn");

function Stat({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <Card className="p-5">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className={`mt-2 text-3xl font-bold ${tone}`}>{number.format(value)}</p>
    </Card>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { firstName, articleCounts, companyTotal, articles, companies, quickActions } = loaderData;
  return (
    <div>
      <PageHeader
        title="Kontrolna tabla"
        description={`Dobrodošli nazad, ${firstName}! Evo pregleda sajta.`}
      />
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat label="Ukupno članaka" value={articleCounts.total} tone="text-slate-900" />
        <Stat label="Objavljeni članci" value={articleCounts.published} tone="text-emerald-700" />
        <Stat label="Nacrti" value={articleCounts.drafts} tone="text-amber-700" />
        <Stat label="Ukupno kompanija" value={companyTotal} tone="text-brand-700" />
      </div>

      {quickActions.length > 0 ? (
        <Card className="mt-6 p-5">
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

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="border-b border-slate-100 px-5 py-4 text-base font-semibold text-slate-900">
            Najnoviji članci
          </h2>
          {articles.length === 0 ? (
            <p className="px-5 py-6 text-sm text-slate-500">Još nema članaka.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {articles.map((a) => (
                <li key={a.id} className="flex items-start justify-between gap-3 px-5 py-3">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-slate-900">{a.title}</p>
                    <p className="text-xs text-slate-500">
                      {a.category} · {a.author} · {formatDate(a.publishedDate)}
                    </p>
                  </div>
                  <Badge tone={a.status === "publish" ? "success" : "warning"}>
                    {a.status === "publish" ? "Objavljeno" : "Nacrt"}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card>
          <h2 className="border-b border-slate-100 px-5 py-4 text-base font-semibold text-slate-900">
            Najnovije kompanije
          </h2>
          {companies.length === 0 ? (
            <p className="px-5 py-6 text-sm text-slate-500">Još nema aktivnih kompanija.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {companies.map((c) => (
                <li key={c.id} className="px-5 py-3">
                  <p className="truncate text-sm font-medium text-slate-900">{c.name}</p>
                  <p className="text-xs text-slate-500">
                    {[c.category, [c.location, c.state].filter(Boolean).join(", ")]
                      .filter(Boolean)
                      .join(" · ")}{" "}
                    · {formatDate(c.createdAt)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
