import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { z } from "zod";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { RowDeleteDialog } from "~/components/admin/row-delete-dialog";
import { useRowActions } from "~/components/admin/use-row-actions";
import { PositionBadge } from "~/components/banners/position-diagram";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { deleteBanner, listBanners, setBannerActive } from "~/domain/banners/banners.server";
import { invalidateBannerCache } from "~/domain/banners/cache.server";
import {
  BANNER_SECTIONS,
  type BannerSection,
  isExpired,
  linkTypeOf,
  SECTION_LABELS,
  slotLabel,
} from "~/domain/banners/rules";
import { auditTrail } from "~/http/audit-trail.server";
import { requirePermission } from "~/http/auth.server";
import { failure, unknownIntent } from "~/http/errors";
import { readIntent } from "~/http/intent";
import { newYorkDay } from "~/lib/dates";
import { idField } from "~/lib/form";
import { logger } from "~/lib/logger.server";
import { BANNER_MESSAGES } from "~/messages/banners";
import { getDb } from "~/services.server";
import type { Route } from "./+types/banners";

export const meta: Route.MetaFunction = () => [{ title: "Baneri — Admin panel" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewBanners", { message: BANNER_MESSAGES.noAccess });
  const today = newYorkDay(new Date());
  try {
    const rows = await listBanners(getDb());
    const banners = rows.map((b) => ({
      id: b.id,
      title: b.title,
      company: b.company,
      section: b.section,
      position: b.position,
      type: b.type,
      imageUrl: b.imageUrl,
      message: b.message,
      backgroundColor: b.backgroundColor,
      active: b.active,
      expired: isExpired(b.endDate, today),
      endDate: b.endDate,
      linkType: linkTypeOf(b),
      slot: slotLabel(b),
      clicks: b.clicks,
    }));
    return { banners, loadError: null };
  } catch (error) {
    logger.error({ err: error }, "banner list failed to load");
    // The driver's own message (not drizzle's "Failed query: …" with the whole SQL).
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const reason = (cause instanceof Error ? cause.message : String(cause)).slice(0, 200);
    return { banners: [], loadError: BANNER_MESSAGES.loadFailed(reason) };
  }
}

const bannerId = idField(BANNER_MESSAGES.notFound);
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("refresh") }),
  z.object({ intent: z.literal("toggle"), bannerId, active: z.unknown() }),
  z.object({ intent: z.literal("delete"), bannerId }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewBanners", { message: BANNER_MESSAGES.noAccess });
  const parsed = await readIntent(request, actionSchema);
  if (!parsed.ok) {
    if (!parsed.known) return unknownIntent({ intent: parsed.intent });
    return failure("banner.not_found", { intent: parsed.intent, status: 400 });
  }
  const input = parsed.data;
  const { intent } = input;
  const db = getDb();
  const audit = auditTrail(db, user, context.clientIp, "banners");
  if (input.intent === "refresh") {
    invalidateBannerCache();
    await audit("refresh");
    return { ok: true, intent, message: BANNER_MESSAGES.refreshed };
  }
  const id = input.bannerId;
  try {
    if (input.intent === "toggle") {
      const active = input.active === "true";
      const row = await setBannerActive(db, id, active);
      if (!row) return failure("banner.not_found", { intent });
      await audit("toggle", { recordId: id, changes: { active: [!active, active] } });
      return { ok: true, intent, message: active ? BANNER_MESSAGES.activated : BANNER_MESSAGES.deactivated };
    }
    {
      const deleted = await deleteBanner(db, id);
      if (!deleted) return failure("banner.not_found", { intent });
      await audit("delete", { recordId: id });
      const message =
        deleted.replacements.length > 0 ? BANNER_MESSAGES.deletedAndReplaced : BANNER_MESSAGES.deleted;
      return { ok: true, intent, message };
    }
  } catch (error) {
    logger.error({ err: error, intent }, "banner action failed");
    return failure("banner.save_failed", { intent });
  }
}

type BannerItem = Route.ComponentProps["loaderData"]["banners"][number];

function BannerThumb({ banner }: { banner: BannerItem }) {
  if (banner.imageUrl) {
    return (
      <img
        src={banner.imageUrl}
        alt=""
        loading="lazy"
        className="h-20 w-full rounded-md bg-slate-100 object-contain sm:h-16 sm:w-40"
      />
    );
  }
  return (
    <div
      className="flex h-20 w-full items-center justify-center rounded-md px-2 text-center text-xs text-white sm:h-16 sm:w-40"
      style={{ backgroundColor: banner.backgroundColor ?? "#1e3a8a" }}
    >
      {banner.message ?? banner.title}
    </div>
  );
}

function BannerCard({
  banner,
  busy,
  onToggle,
  onDelete,
}: {
  banner: BannerItem;
  busy: boolean;
  onToggle: () => void;
  onDelete: () => void;
}) {
  return (
    <li
      className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center"
      data-testid={`banner-card-${banner.id}`}
    >
      <BannerThumb banner={banner} />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <PositionBadge position={banner.position} />
          {banner.slot ? <Badge tone="info">{banner.slot}</Badge> : null}
          {banner.expired ? <Badge tone="warning">Istekao</Badge> : null}
          {banner.linkType === "phone" ? <Badge>Telefon</Badge> : null}
        </div>
        <p className="truncate font-medium text-slate-900">{banner.title}</p>
        <p className="truncate text-sm text-slate-600">{banner.company ?? "—"}</p>
        <p className="text-xs text-slate-500">
          Klikovi (trenutna kampanja):{" "}
          <strong className="tabular-nums text-slate-800">{banner.clicks}</strong>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
          <button
            type="button"
            role="switch"
            aria-checked={banner.active}
            aria-label={`${banner.active ? "Deaktiviraj" : "Aktiviraj"} baner ${banner.title}`}
            disabled={busy}
            onClick={onToggle}
            className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${
              banner.active ? "bg-emerald-500" : "bg-slate-300"
            }`}
          >
            <span
              className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${
                banner.active ? "translate-x-5" : "translate-x-0.5"
              }`}
            />
          </button>
          {banner.active ? "Aktivan" : "Neaktivan"}
        </label>
        <ButtonLink size="sm" variant="secondary" to={`/admin/banners/edit/${banner.id}`}>
          Uredi
        </ButtonLink>
        <Button size="sm" variant="danger" disabled={busy} onClick={onDelete}>
          Obriši
        </Button>
      </div>
    </li>
  );
}

/** One section of the site (home, news…) with its positions' banners. */
function SectionCard({
  section,
  banners,
  pendingId,
  onToggle,
  onDelete,
}: {
  section: string;
  banners: BannerItem[];
  pendingId: number | null;
  onToggle: (b: BannerItem) => void;
  onDelete: (b: BannerItem) => void;
}) {
  return (
    <Card className="overflow-hidden">
      <h2 className="flex items-center justify-between border-b border-slate-100 bg-slate-50 px-4 py-3 text-base font-semibold text-slate-900">
        <span>{SECTION_LABELS[section as BannerSection] ?? section}</span>
        <Badge tone="neutral">{banners.length}</Badge>
      </h2>
      {banners.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-500">
          Nema banera u ovoj sekciji.{" "}
          <Link className="font-medium text-brand-700 underline" to={`/admin/banners/new?section=${section}`}>
            Dodajte prvi baner
          </Link>
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {banners.map((b) => (
            <BannerCard
              key={b.id}
              banner={b}
              busy={pendingId === b.id}
              onToggle={() => onToggle(b)}
              onDelete={() => onDelete(b)}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

export default function Banners({ loaderData }: Route.ComponentProps) {
  const { banners, loadError } = loaderData;
  const rowActions = useRowActions<BannerItem, "toggle" | "delete">("banner-row", "bannerId");
  const { notice, setNotice, setToDelete, pendingId } = rowActions;
  const refreshFetcher = useFetcher<typeof action>({ key: "banner-refresh" });
  useEffect(() => {
    if (refreshFetcher.state === "idle" && refreshFetcher.data) {
      setNotice({ ok: refreshFetcher.data.ok, message: refreshFetcher.data.message });
    }
  }, [refreshFetcher.state, refreshFetcher.data, setNotice]);

  const bySection = new Map<string, BannerItem[]>(BANNER_SECTIONS.map((s) => [s, []]));
  for (const b of banners) {
    const list = bySection.get(b.section);
    if (list) list.push(b);
    else bySection.set(b.section, [b]);
  }

  return (
    <div>
      <PageHeader
        title="Baneri"
        description="Svaka pozicija na sajtu ima svoj baner. Promena slike započinje novu kampanju."
        actions={
          <refreshFetcher.Form method="post">
            <input type="hidden" name="intent" value="refresh" />
            <Button type="submit" variant="secondary" disabled={refreshFetcher.state !== "idle"}>
              {refreshFetcher.state !== "idle" ? "Osvežavanje…" : "Osveži banere"}
            </Button>
          </refreshFetcher.Form>
        }
      />
      <p className="-mt-3 mb-4 text-sm text-slate-600">
        „Osveži banere“ ponovo učitava banere na sajtu. Izmene se na sajtu pojavljuju u roku od 5-10 sekundi —
        najčešće već pri sledećem otvaranju stranice.
      </p>
      <div className="mb-4 space-y-2">
        <Notice tone="error" message={loadError} />
        {notice ? (
          <Notice
            tone={notice.ok ? "success" : "error"}
            message={notice.message}
            vanishAfterMs={notice.ok ? 4000 : undefined}
          />
        ) : null}
      </div>
      {banners.length === 0 && !loadError ? (
        <Card className="px-5 py-10 text-center">
          <p className="text-sm text-slate-600">Nema banera.</p>
          <p className="mt-1 text-xs text-slate-500">Novi baneri se kreiraju automatski za svaku poziciju.</p>
        </Card>
      ) : (
        <div className="space-y-6">
          {[...bySection.entries()].map(([section, list]) => (
            <SectionCard
              key={section}
              section={section}
              banners={list}
              pendingId={pendingId}
              onToggle={(b) => rowActions.submit("toggle", b.id, { active: String(!b.active) })}
              onDelete={setToDelete}
            />
          ))}
        </div>
      )}
      <RowDeleteDialog actions={rowActions} title="Brisanje banera">
        {(toDelete) => (
          <>
            Da li ste sigurni da želite da obrišete baner <strong>{toDelete.title}</strong>? Biće obrisane i
            njegove kampanje i klikovi. Ova akcija se ne može poništiti.
          </>
        )}
      </RowDeleteDialog>
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
