import { useEffect, useState } from "react";
import { Form, NavLink, Outlet, type ShouldRevalidateFunctionArgs, useLocation } from "react-router";
import { type AdminBadge, type AdminNavEntry, navFor } from "~/components/admin/admin-nav";
import { ErrorPage } from "~/components/error-page";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import { Dialog } from "~/components/ui/dialog";
import type { Database } from "~/db/client.server";
import { countPendingSubmissions } from "~/domain/companies/companies.server";
import { countPendingForum } from "~/domain/forum/moderation.server";
import { countPendingListings } from "~/domain/listings/listings.server";
import { ROLE_LABELS } from "~/domain/users/permissions";
import { requireUser, userPermissions } from "~/http/auth.server";
import { logger } from "~/lib/logger.server";
import { getDb } from "~/services.server";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

/** How each sidebar badge is counted (only for the entries the user sees). */
const BADGE_COUNTS: Record<AdminBadge, (db: Database) => Promise<number>> = {
  pendingSubmissions: countPendingSubmissions,
  pendingListings: countPendingListings,
  pendingForum: countPendingForum,
};

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const permissions = userPermissions(user);
  const nav = navFor(permissions);
  const db = getDb();
  const badges: Partial<Record<AdminBadge, number>> = {};
  await Promise.all(
    nav.map(async ({ badge }) => {
      if (!badge) return;
      try {
        badges[badge] = await BADGE_COUNTS[badge](db);
      } catch (error) {
        // A badge is a hint: the page still opens, without the number.
        logger.error({ err: error, badge }, "admin badge count failed");
      }
    }),
  );
  return { user, permissions, nav, badges };
}

/** Re-read the badge counts after every action, so they follow decisions on requests and posts. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? true : defaultShouldRevalidate;
}

function Sidebar({
  data,
  onNavigate,
}: {
  data: Route.ComponentProps["loaderData"];
  onNavigate?: () => void;
}) {
  const { user, nav, badges } = data;
  return (
    <div className="flex h-full flex-col bg-brand-900 text-brand-100">
      <div className="flex items-center gap-2 px-5 py-5 text-white">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <span className="text-lg font-bold">Admin panel</span>
      </div>
      <nav aria-label="Admin navigacija" className="flex-1 space-y-1 overflow-y-auto px-3">
        {nav.map((entry: AdminNavEntry) => (
          <NavLink
            key={entry.to}
            to={entry.to}
            end={entry.exact}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                "flex items-center justify-between rounded-lg px-3 py-2 text-sm font-medium",
                isActive ? "bg-white/15 text-white" : "hover:bg-white/10 hover:text-white",
              )
            }
          >
            <span>{entry.label}</span>
            {entry.badge && (badges[entry.badge] ?? 0) > 0 ? (
              <span className="rounded-full bg-yellow-400 px-2 py-0.5 text-xs font-bold text-slate-900">
                {badges[entry.badge]}
                <span className="sr-only"> na čekanju</span>
              </span>
            ) : null}
          </NavLink>
        ))}
      </nav>
      <div className="border-t border-white/10 p-4">
        <div className="mb-3" data-testid="user-card">
          <p className="text-sm font-semibold text-white">
            {user.firstName} {user.lastName}
          </p>
          <p className="truncate text-xs text-brand-200">{user.email}</p>
          <Badge tone={user.role === "admin" ? "warning" : "info"} className="mt-2">
            {ROLE_LABELS[user.role]}
          </Badge>
        </div>
        <Form method="post" action="/admin/logout">
          <button
            type="submit"
            className="w-full rounded-lg border border-white/20 px-3 py-2 text-sm font-medium text-white hover:bg-white/10"
          >
            Odjavi se
          </button>
        </Form>
      </div>
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the page changes
  useEffect(() => setMenuOpen(false), [location.pathname]);
  return (
    <div className="min-h-screen lg:flex">
      {/* The column is dark from top to bottom however long the page; the menu stays in view. */}
      <aside className="hidden w-64 shrink-0 bg-brand-900 lg:block">
        <div className="sticky top-0 h-screen w-64 overflow-y-auto">
          <Sidebar data={loaderData} />
        </div>
      </aside>
      <div className="sticky top-0 z-30 flex items-center justify-between bg-brand-900 px-4 py-3 text-white lg:hidden">
        <span className="font-bold">Admin panel</span>
        <Dialog
          open={menuOpen}
          onOpenChange={setMenuOpen}
          layout="drawer"
          title="Admin navigacija"
          description="Izaberite stranicu admin panela"
          trigger={
            <button
              type="button"
              className="rounded-md border border-white/20 px-3 py-1.5 text-sm"
              aria-label="Otvori meni"
            >
              ☰ Meni
            </button>
          }
        >
          <Sidebar data={loaderData} onNavigate={() => setMenuOpen(false)} />
        </Dialog>
      </div>
      <main className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = (error as { status?: number })?.status ?? 500;
  const message = (error as { data?: { message?: string } })?.data?.message;
  return <ErrorPage status={status} message={message} />;
}
