import { Dialog } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useFetcher, useNavigation, useSearchParams } from "react-router";
import { DataTable } from "~/components/admin/data-table";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { StatusTabs } from "~/components/admin/status-tabs";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { FactList, ListingGallery } from "~/components/listings/listing-parts";
import { Pagination } from "~/components/pagination";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { moderateListings } from "~/domain/listings/admin.server";
import { formatPlace, listingPath } from "~/domain/listings/format";
import { jobFacts, saleFacts } from "~/domain/listings/json-ld";
import { countListingsByStatus, getListings, listAdminListings } from "~/domain/listings/listings.server";
import {
  ADMIN_LISTINGS_PAGE_SIZE,
  KIND_LABELS,
  LISTING_MESSAGES,
  type ListingKind,
  type ListingStatus,
  SALE_CATEGORY_LABELS,
  STATUS_LABELS,
} from "~/domain/listings/options";
import { actionsFor, isFeatured, isLive, type StatusChange } from "~/domain/listings/rules";
import type { ListingDetail } from "~/domain/listings/types";
import { requirePermission } from "~/domain/users/auth.server";
import { formatDate, formatDateTime } from "~/lib/dates";
import { parseIds } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { parsePage, resultCountLine, totalPagesOf } from "~/lib/pagination";
import { getDb, getStorage } from "~/services.server";
import type { Route } from "./+types/listings";

export const meta: Route.MetaFunction = () => [{ title: "Poslovi i kupoprodaja — Admin panel" }];

/** Status tabs (pending first, the default) with their URL value. */
const TABS = [
  { value: "na-cekanju", label: "Na čekanju", status: "pending" },
  { value: "odobreni", label: "Odobreni", status: "approved" },
  { value: "odbijeni", label: "Odbijeni", status: "rejected" },
  { value: "istekli", label: "Istekli", status: "expired" },
  { value: "svi", label: "Svi", status: undefined },
] as const;
const KINDS = [
  { value: "", label: "Sve vrste", kind: undefined },
  { value: "poslovi", label: "Poslovi", kind: "job" },
  { value: "kupoprodaja", label: "Kupoprodaja", kind: "sale" },
] as const;

const EMPTY_COUNTS = { all: 0, pending: 0, approved: 0, rejected: 0, expired: 0 };

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewListings");
  const params = new URL(request.url).searchParams;
  const tab = TABS.find((t) => t.value === params.get("status")) ?? TABS[0];
  const kind = KINDS.find((k) => k.value === params.get("vrsta")) ?? KINDS[0];
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const page = parsePage(params.get("page"));
  const db = getDb();
  try {
    const [counts, list] = await Promise.all([
      countListingsByStatus(db, { kind: kind.kind, q }),
      listAdminListings(db, {
        status: tab.status,
        kind: kind.kind,
        q,
        page,
        pageSize: ADMIN_LISTINGS_PAGE_SIZE,
      }),
    ]);
    const details = await getListings(
      db,
      list.rows.map((r) => r.id),
    );
    return { tab: tab.value, kind: kind.value, q, page, counts, rows: list.rows, total: list.total, details };
  } catch (error) {
    // Spec §8: list load errors show an empty list with no message.
    logger.error({ err: error }, "admin listings could not be loaded");
    return {
      tab: tab.value,
      kind: kind.value,
      q,
      page,
      counts: EMPTY_COUNTS,
      rows: [],
      total: 0,
      details: [],
    };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewListings");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const result = await moderateListings(getDb(), getStorage(), intent, form, user.email);
  return data(
    {
      ok: result.ok,
      intent,
      message: result.message,
      changed: result.changed,
      /** The listings the request named (a failed single action shows its message in that listing's dialog). */
      ids: parseIds(form.getAll("id")),
      fieldErrors: result.fieldErrors ?? {},
      note: String(form.get("adminNote") ?? ""),
    },
    { status: result.status },
  );
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];
const FETCHER = "listing-moderation";

const STATUS_TONES: Record<ListingStatus, BadgeTone> = {
  pending: "warning",
  approved: "success",
  rejected: "danger",
  expired: "neutral",
};

function StatusBadge({ status }: { status: ListingStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

const CHANGE_LABELS: Record<StatusChange, string> = {
  approve: "Odobri",
  reject: "Odbij",
  "to-pending": "Vrati na čekanje",
  renew: "Obnovi 30 dana",
};

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children || "—"}</dd>
    </div>
  );
}

const noteClass =
  "block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200";

/** The whole listing as it will read on the site, with its photos and every action its status allows. */
function PreviewDialog({ listing, onClose }: { listing: ListingDetail; onClose: () => void }) {
  const fetcher = useFetcher<typeof action>({ key: FETCHER });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const busy = fetcher.state !== "idle";
  const result =
    fetcher.data && !fetcher.data.ok && fetcher.data.ids.length === 1 && fetcher.data.ids[0] === listing.id
      ? fetcher.data
      : null;
  const noteError = result?.fieldErrors?.adminNote;
  const actions = actionsFor(listing.status);
  const submit = (intent: string) =>
    fetcher.submit(
      { intent, id: String(listing.id), adminNote: noteRef.current?.value ?? "" },
      { method: "post" },
    );
  const live = isLive(listing);
  const facts = listing.kind === "job" ? jobFacts(listing) : saleFacts(listing);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-40 max-h-[92vh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[calc(100%-2rem)] sm:max-w-3xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-6"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold text-slate-900">{listing.title}</Dialog.Title>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                <Badge tone="brand">{KIND_LABELS[listing.kind]}</Badge>
                <StatusBadge status={listing.status} />
                {isFeatured(listing.featuredUntil) ? (
                  <Badge tone="warning">Istaknuto do {formatDate(listing.featuredUntil)}</Badge>
                ) : null}
                Poslato {formatDateTime(listing.createdAt)}
              </p>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Zatvori">
                ✕
              </Button>
            </Dialog.Close>
          </div>

          {result ? <Notice className="mt-4" tone="error" message={result.message} /> : null}

          <div className="mt-4 space-y-4">
            {listing.kind === "job" ? (
              <p className="font-medium text-brand-700">
                {listing.companyName}
                {listing.companyId ? (
                  <span className="ml-2 text-xs text-slate-500">
                    (povezano sa imenikom, #{listing.companyId})
                  </span>
                ) : null}
              </p>
            ) : null}
            <ListingGallery photos={listing.photos} title={listing.title} />
            <FactList facts={facts} />
            <dl className="grid gap-3 sm:grid-cols-2">
              <Detail label="Lokacija">{formatPlace(listing.city, listing.state)}</Detail>
              <Detail label="Kontakt">{listing.contactName}</Detail>
              <Detail label="Telefon">{listing.contactPhone}</Detail>
              <Detail label="Email">{listing.contactEmail}</Detail>
            </dl>
            <Detail label="Opis">
              <span className="whitespace-pre-line">{listing.description}</span>
            </Detail>
            {listing.requirements ? (
              <Detail label="Uslovi">
                <span className="whitespace-pre-line">{listing.requirements}</span>
              </Detail>
            ) : null}
            <dl className="grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-3">
              <Detail label="Odobreno">{formatDateTime(listing.approvedAt)}</Detail>
              <Detail label="Ističe">{formatDateTime(listing.expiresAt)}</Detail>
              <Detail label="Pregledao">{listing.reviewedBy}</Detail>
              {listing.featuredDaysPending > 0 ? (
                <Detail label="Plaćeno isticanje">{`${listing.featuredDaysPending} dana, počinje odobrenjem`}</Detail>
              ) : null}
              {listing.adminNote ? (
                <div className="sm:col-span-3">
                  <Detail label="Napomena">{listing.adminNote}</Detail>
                </div>
              ) : null}
            </dl>
          </div>

          <div className="mt-5 space-y-3 border-t border-slate-100 pt-4">
            {actions.includes("reject") || actions.includes("approve") ? (
              <div className="space-y-1">
                <label htmlFor={`note-${listing.id}`} className="block text-sm font-medium text-slate-700">
                  Napomena (obavezna za odbijanje)
                </label>
                <textarea
                  ref={noteRef}
                  id={`note-${listing.id}`}
                  rows={2}
                  defaultValue={result?.note ?? ""}
                  aria-invalid={noteError ? true : undefined}
                  aria-describedby={noteError ? `note-${listing.id}-error` : undefined}
                  className={cn(noteClass, noteError ? "border-red-400" : "border-slate-300")}
                />
                {noteError ? (
                  <p id={`note-${listing.id}-error`} className="text-xs font-medium text-red-600">
                    {noteError}
                  </p>
                ) : null}
              </div>
            ) : null}
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              {actions
                .filter((a): a is StatusChange => a !== "edit" && a !== "delete")
                .map((change) => (
                  <Button
                    key={change}
                    variant={change === "approve" ? "primary" : change === "reject" ? "warning" : "secondary"}
                    disabled={busy}
                    onClick={() => submit(change)}
                  >
                    {CHANGE_LABELS[change]}
                  </Button>
                ))}
              <ButtonLink variant="secondary" to={`/admin/listings/edit/${listing.id}`}>
                Izmeni
              </ButtonLink>
              {live ? (
                <a
                  href={listingPath(listing)}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex h-10 items-center justify-center rounded-lg px-4 text-sm font-medium text-brand-700 hover:bg-slate-100"
                >
                  Otvori na sajtu ↗
                </a>
              ) : null}
              <Button
                variant="danger"
                className="sm:ml-auto"
                disabled={busy}
                onClick={() => setConfirmDelete(true)}
              >
                Obriši
              </Button>
            </div>
          </div>
          <ConfirmDialog
            open={confirmDelete}
            onOpenChange={setConfirmDelete}
            tone="danger"
            title="Brisanje oglasa"
            description={
              <>
                Da li ste sigurni da želite da obrišete oglas <strong>{listing.title}</strong>
                {listing.photos.length > 0 ? ` i njegove fotografije (${listing.photos.length})` : ""}? Ova
                akcija se ne može poništiti.
              </>
            }
            confirmLabel="Obriši"
            busy={busy}
            onConfirm={() => {
              setConfirmDelete(false);
              submit("delete");
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The bulk rejection asks for the one note all the selected listings get. */
function BulkRejectDialog({
  open,
  count,
  onOpenChange,
  onReject,
  busy,
  error,
}: {
  open: boolean;
  count: number;
  onOpenChange: (open: boolean) => void;
  onReject: (note: string) => void;
  busy: boolean;
  error?: string;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            Odbijanje oglasa ({count})
          </Dialog.Title>
          <label htmlFor="bulk-note" className="mt-4 block text-sm font-medium text-slate-700">
            Razlog odbijanja
          </label>
          <textarea
            ref={ref}
            id="bulk-note"
            rows={3}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "bulk-note-error" : undefined}
            className={cn(noteClass, "mt-1", error ? "border-red-400" : "border-slate-300")}
          />
          {error ? (
            <p id="bulk-note-error" className="mt-1 text-xs font-medium text-red-600">
              {error}
            </p>
          ) : null}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={busy}>
                Otkaži
              </Button>
            </Dialog.Close>
            <Button variant="warning" disabled={busy} onClick={() => onReject(ref.current?.value ?? "")}>
              Odbij izabrane
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default function AdminListings({ loaderData }: Route.ComponentProps) {
  const { tab, kind, q, page, counts, rows, total, details } = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const fetcher = useFetcher<typeof action>({ key: FETCHER });
  const [openId, setOpenId] = useState<number | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkReject, setBulkReject] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; message: string } | null>(null);
  const open = details.find((d) => d.id === openId) ?? null;
  const busy = fetcher.state !== "idle";
  const flash = params.get("poruka");

  const handled = useRef<unknown>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      setOpenId(null);
      setBulkReject(false);
      setSelected(new Set());
      setNotice({ ok: true, message: result.message });
    } else if (openId === null && !(bulkReject && result.fieldErrors?.adminNote)) {
      setNotice({ ok: false, message: result.message });
    }
  }, [fetcher.state, fetcher.data, openId, bulkReject]);

  // A new page or tab starts with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the list changes
  useEffect(() => setSelected(new Set()), [tab, kind, q, page]);

  const hrefWith = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    next.delete("page");
    next.delete("poruka");
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    const qs = next.toString();
    return `/admin/listings${qs ? `?${qs}` : ""}`;
  };
  const currentTab = TABS.find((t) => t.value === tab) ?? TABS[0];
  const bulk = (intent: "approve" | "reject", note = "") => {
    const form = new FormData();
    form.set("intent", intent);
    form.set("adminNote", note);
    for (const id of selected) form.append("id", String(id));
    fetcher.submit(form, { method: "post" });
  };
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/admin/listings";
  const bulkError =
    bulkReject && fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors?.adminNote : undefined;

  return (
    <div>
      <PageHeader
        title="Poslovi i kupoprodaja"
        description="Oglasi posetilaca: pregledajte ih, odobrite ili odbijte, obnovite, izmenite ili obrišite."
      />
      <div className="mb-4 space-y-2">
        {flash === "sacuvano" ? (
          <Notice tone="success" message={LISTING_MESSAGES.saved} vanishAfterMs={3000} />
        ) : null}
        {notice ? <Notice tone={notice.ok ? "success" : "error"} message={notice.message} /> : null}
      </div>

      <Card className="mb-4 p-4">
        <Form method="get" role="search" className="grid gap-3 sm:grid-cols-[1fr_auto]">
          <input type="hidden" name="status" value={tab} />
          {kind ? <input type="hidden" name="vrsta" value={kind} /> : null}
          <label htmlFor="q" className="sr-only">
            Pretraga
          </label>
          <Input
            id="q"
            name="q"
            type="search"
            placeholder="Naslov, kompanija, marka, grad, opis…"
            defaultValue={q}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={searching}>
              Pretraži
            </Button>
            {q ? (
              <ButtonLink variant="ghost" to={hrefWith({ q: "" })}>
                Poništi
              </ButtonLink>
            ) : null}
          </div>
        </Form>
        <nav aria-label="Vrsta oglasa" className="mt-3 flex flex-wrap gap-1">
          {KINDS.map((k) => (
            <Link
              key={k.value}
              to={hrefWith({ vrsta: k.value })}
              aria-current={k.value === kind ? "page" : undefined}
              className={cn(
                "rounded-full px-3 py-1 text-sm font-medium",
                k.value === kind
                  ? "bg-slate-800 text-white"
                  : "bg-slate-100 text-slate-700 hover:bg-slate-200",
              )}
            >
              {k.label}
            </Link>
          ))}
        </nav>
      </Card>

      <StatusTabs
        label="Status oglasa"
        current={tab}
        tabs={TABS.map((t) => ({
          value: t.value,
          label: t.label,
          href: hrefWith({ status: t.value === TABS[0].value ? "" : t.value }),
          count: t.status ? counts[t.status] : counts.all,
          attention: t.status === "pending",
          testId: `tab-count-${t.value}`,
        }))}
      />

      {selected.size > 0 ? (
        <section
          className="sticky top-14 z-20 mb-3 flex flex-wrap items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 lg:top-2"
          aria-label="Akcije za izabrane oglase"
        >
          <span className="text-sm font-medium text-brand-900">Izabrano: {selected.size}</span>
          <Button size="sm" disabled={busy} onClick={() => bulk("approve")}>
            Odobri izabrane
          </Button>
          <Button size="sm" variant="warning" disabled={busy} onClick={() => setBulkReject(true)}>
            Odbij izabrane
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            Poništi izbor
          </Button>
        </section>
      ) : null}

      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {resultCountLine(page, ADMIN_LISTINGS_PAGE_SIZE, total)}
      </p>
      <Card className="overflow-hidden">
        <DataTable<Row, number>
          caption={`Oglasi: ${currentTab.label}`}
          rows={rows}
          rowKey={(r) => r.id}
          testId="listing"
          empty="Nema oglasa u ovoj grupi."
          selection={{
            selected,
            onToggle: (id) =>
              setSelected((s) => {
                const next = new Set(s);
                if (next.has(id)) next.delete(id);
                else next.add(id);
                return next;
              }),
            onToggleAll: (ids, select) =>
              setSelected((s) => {
                const next = new Set(s);
                for (const id of ids) {
                  if (select) next.add(id);
                  else next.delete(id);
                }
                return next;
              }),
            label: (id) => `Izaberi oglas: ${rows.find((r) => r.id === id)?.title ?? id}`,
          }}
          columns={[
            {
              key: "title",
              header: "Oglas",
              mobile: "title",
              cell: (r) => (
                <div>
                  <button
                    type="button"
                    onClick={() => setOpenId(r.id)}
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
                  <StatusBadge status={r.status} />
                  {isFeatured(r.featuredUntil) ? <Badge tone="warning">Istaknuto</Badge> : null}
                </div>
              ),
            },
            { key: "place", header: "Lokacija", cell: (r) => formatPlace(r.city, r.state) },
            { key: "contact", header: "Kontakt", cell: (r) => r.contactName },
            { key: "created", header: "Poslato", cell: (r) => formatDateTime(r.createdAt) },
            { key: "expires", header: "Ističe", cell: (r) => formatDate(r.expiresAt) },
            {
              key: "actions",
              header: "Akcije",
              align: "right",
              mobile: "actions",
              cell: (r) => (
                <Button size="sm" variant="secondary" onClick={() => setOpenId(r.id)}>
                  Pregledaj
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <div className="mt-4">
        <Pagination page={page} totalPages={totalPagesOf(total, ADMIN_LISTINGS_PAGE_SIZE)} />
      </div>
      {open ? <PreviewDialog key={open.id} listing={open} onClose={() => setOpenId(null)} /> : null}
      <BulkRejectDialog
        open={bulkReject}
        count={selected.size}
        onOpenChange={setBulkReject}
        busy={busy}
        error={bulkError}
        onReject={(note) => bulk("reject", note)}
      />
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
