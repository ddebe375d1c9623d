import { data, useLocation } from "react-router";
import { z } from "zod";
import { PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { ListingReview, ListingSubtitle } from "~/components/listings/listing-review";
import { ModerationQueue, type QueueArea } from "~/components/moderation/queue";
import { reviewColumn } from "~/components/moderation/queue-parts";
import { Badge } from "~/components/ui/badge";
import { FlashNotice } from "~/components/ui/notice";
import { SegmentedNav } from "~/components/ui/segmented-nav";
import { StatusBadge } from "~/components/ui/status-badge";
import { moderateListings } from "~/domain/listings/admin.server";
import { formatPlace } from "~/domain/listings/format";
import { countListingsByStatus, getListing, listAdminListings } from "~/domain/listings/listings.server";
import {
  ADMIN_LISTINGS_PAGE_SIZE,
  KIND_LABELS,
  type ListingKind,
  SALE_CATEGORY_LABELS,
  STATUS_LABELS,
} from "~/domain/listings/options";
import { isFeatured } from "~/domain/listings/rules";
import type { ListingDetail } from "~/domain/listings/types";
import { auditTrail } from "~/http/audit-trail.server";
import { requirePermission } from "~/http/auth.server";
import { readFlash } from "~/http/flash.server";
import { readIntent } from "~/http/intent";
import { loadQueueFrom, QUEUE_FORM, queueIds, queueIntents, queueReply } from "~/http/moderation.server";
import { refuseQueuePost } from "~/http/queue-refusal.server";
import { formatDate, formatDateTime } from "~/lib/dates";
import { LISTING_MESSAGES } from "~/messages/listings";
import { getDb, getStorage } from "~/services.server";
import type { Route } from "./+types/listings";

export const meta: Route.MetaFunction = () => [{ title: "Poslovi i kupoprodaja — Admin panel" }];

/** Status tabs (pending first, the default). */
const TABS = [
  { tab: "pending", label: "Na čekanju" },
  { tab: "approved", label: "Odobreni" },
  { tab: "rejected", label: "Odbijeni" },
  { tab: "expired", label: "Istekli" },
  { tab: "all", label: "Svi" },
] as const;
const KINDS = [
  { value: "", label: "Sve vrste", kind: undefined },
  { value: "poslovi", label: "Poslovi", kind: "job" },
  { value: "kupoprodaja", label: "Kupoprodaja", kind: "sale" },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewListings");
  const kind = KINDS.find((k) => k.value === new URL(request.url).searchParams.get("vrsta")) ?? KINDS[0];
  const { flash, headers } = readFlash(request);
  const db = getDb();
  // Spec §8: list load errors show an empty list with no message (the log has the error).
  const filterOf = (search: string) => ({ kind: kind.kind, q: search });
  const queue = await loadQueueFrom(request, {
    tabs: TABS.map((t) => t.tab),
    pageSize: ADMIN_LISTINGS_PAGE_SIZE,
    what: "admin listings",
    counts: ({ search }) => countListingsByStatus(db, filterOf(search)),
    list: ({ search, status, page }) =>
      listAdminListings(db, { ...filterOf(search), status, page, pageSize: ADMIN_LISTINGS_PAGE_SIZE }),
    get: (id) => getListing(db, id),
  });
  return data({ ...queue, kind: kind.value, flash }, { headers });
}

const actionSchema = z.discriminatedUnion("intent", [
  ...queueIntents(LISTING_MESSAGES.noneSelected),
  z.object({ intent: z.literal("renew"), id: queueIds(LISTING_MESSAGES.noneSelected) }),
]);

const SUCCESS = {
  approve: (n: number) => (n === 1 ? LISTING_MESSAGES.approved : LISTING_MESSAGES.approvedMany(n)),
  reject: (n: number) => (n === 1 ? LISTING_MESSAGES.rejected : LISTING_MESSAGES.rejectedMany(n)),
  pending: () => LISTING_MESSAGES.toPending,
  renew: () => LISTING_MESSAGES.renewed,
  delete: () => LISTING_MESSAGES.deleted,
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewListings");
  const parsed = await readIntent(request, actionSchema, QUEUE_FORM);
  if (!parsed.ok) return refuseQueuePost(parsed, LISTING_MESSAGES.noneSelected);
  const { intent, id: ids } = parsed.data;
  const note = "note" in parsed.data ? parsed.data.note : "";
  const result = await moderateListings(getDb(), getStorage(), {
    change: intent,
    ids,
    note,
    reviewer: user.email,
  });
  if (result.ok) {
    const audit = auditTrail(getDb(), user, context.clientIp, "listings");
    const changes = note ? { admin_note: [null, note] as [unknown, unknown] } : null;
    for (const id of ids) await audit(intent, { recordId: id, changes });
  }
  const reply = queueReply(
    intent,
    ids,
    result.ok
      ? {
          ok: true,
          message:
            SUCCESS[intent](result.value.changed.length) +
            (intent !== "delete" && result.value.skipped > 0
              ? ` Preskočeno (drugi status): ${result.value.skipped}.`
              : ""),
        }
      : result,
    { values: { note } },
  );
  return data(reply.body, { status: reply.status });
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const AREA: QueueArea<Row, ListingDetail, (typeof TABS)[number]["tab"]> = {
  fetcherKey: "listing-moderation",
  tabs: TABS,
  tabsLabel: "Status oglasa",
  searchPlaceholder: "Naslov, kompanija, marka, grad, opis…",
  caption: "Oglasi",
  testId: "listing",
  bulk: { noun: "oglasi", label: (r) => `Izaberi oglas: ${r?.title ?? ""}` },
  empty: () => "Nema oglasa u ovoj grupi.",
  columns: (q) => [
    {
      key: "title",
      header: "Oglas",
      mobile: "title",
      cell: (r) => (
        <div>
          <button
            type="button"
            onClick={() => q.open(r.id)}
            className="text-left font-medium text-slate-900 hover:underline"
          >
            {r.title}
          </button>
          <p className="text-xs font-normal text-slate-500">
            {KIND_LABELS[r.kind as ListingKind]}
            {r.kind === "job"
              ? ` · ${r.companyName ?? ""}`
              : r.saleCategory
                ? ` · ${SALE_CATEGORY_LABELS[r.saleCategory]}`
                : ""}
            {r.photoCount > 0 ? ` · ${r.photoCount} foto` : ""}
          </p>
        </div>
      ),
    },
    {
      key: "status",
      header: "Status",
      mobile: "badge",
      cell: (r) => (
        <div className="flex flex-col items-start gap-1">
          <StatusBadge status={r.status} labels={STATUS_LABELS} />
          {isFeatured(r.featuredUntil) ? <Badge tone="warning">Istaknuto</Badge> : null}
        </div>
      ),
    },
    { key: "place", header: "Lokacija", cell: (r) => formatPlace(r.city, r.state) },
    { key: "contact", header: "Kontakt", cell: (r) => r.contactName },
    { key: "created", header: "Poslato", cell: (r) => formatDateTime(r.createdAt) },
    { key: "expires", header: "Ističe", cell: (r) => formatDate(r.expiresAt) },
    reviewColumn<Row>(q.open),
  ],
  dialog: {
    width: "3xl",
    closeOnSuccess: true,
    title: (l) => l.title,
    subtitle: (l) => <ListingSubtitle listing={l} />,
    body: (l, q) => <ListingReview listing={l} q={q} />,
  },
  reject: {
    inlineNote: true,
    title: (n) => `Odbijanje oglasa (${n})`,
    noteLabel: "Razlog odbijanja",
  },
  remove: {
    title: "Brisanje oglasa",
    description: ({ row }) => {
      const photos = "photos" in row ? row.photos.length : row.photoCount;
      return (
        <>
          Da li ste sigurni da želite da obrišete oglas <strong>{row.title}</strong>
          {photos > 0 ? ` i njegove fotografije (${photos})` : ""}? Ova akcija se ne može poništiti.
        </>
      );
    },
  },
};

/** Jobs, buy/sell or both: keeps the tab and the search. */
function KindNav({ kind }: { kind: string }) {
  const location = useLocation();
  const href = (value: string) => {
    const params = new URLSearchParams(location.search);
    for (const key of ["page", "otvori"]) params.delete(key);
    if (value) params.set("vrsta", value);
    else params.delete("vrsta");
    const qs = params.toString();
    return `/admin/listings${qs ? `?${qs}` : ""}`;
  };
  return (
    <SegmentedNav
      label="Vrsta oglasa"
      className="mb-4"
      current={kind}
      items={KINDS.map((k) => ({ value: k.value, label: k.label, href: href(k.value) }))}
    />
  );
}

export default function AdminListings({ loaderData }: Route.ComponentProps) {
  return (
    <ModerationQueue
      data={loaderData}
      area={AREA}
      header={
        <>
          <PageHeader
            title="Poslovi i kupoprodaja"
            description="Oglasi posetilaca: pregledajte ih, odobrite ili odbijte, obnovite, izmenite ili obrišite."
          />
          <FlashNotice flash={loaderData.flash} vanishAfterMs={3000} className="mb-4" />
        </>
      }
      filters={<KindNav kind={loaderData.kind} />}
    />
  );
}

export { AdminRouteError as ErrorBoundary };
