import { NavLink, Outlet } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { cn } from "~/components/ui/cn";
import { requirePermission } from "~/http/auth.server";
import type { Route } from "./+types/forum-layout";

export const meta: Route.MetaFunction = () => [{ title: "Forum — Admin panel" }];

/** `/admin/forum`: the tabs of spec §2 (Pregled, Teme, Komentari) around the forum screens. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewForum");
  return null;
}

const TABS = [
  { to: "/admin/forum", label: "Pregled", end: true },
  { to: "/admin/forum/topics", label: "Teme", end: false },
  { to: "/admin/forum/comments", label: "Komentari", end: false },
];

export default function ForumLayout() {
  return (
    <div>
      <PageHeader title="Forum" description="Teme i komentari posetilaca: pregled, odobravanje i brisanje." />
      <nav aria-label="Forum" className="mb-5 flex gap-1 border-b border-slate-200">
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) =>
              cn(
                "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
                isActive
                  ? "border-brand-600 text-brand-700"
                  : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
              )
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
