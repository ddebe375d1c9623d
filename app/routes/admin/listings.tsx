import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useFetcher, useNavigation, useSearchParams } from "react-router";
import { DataTable } from "~/components/admin/data-table";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { StatusTabs } from "~/components/admin/status-tabs";
import {
  BulkRejectDialog,
  FETCHER,
  type ModerationReply,
  PreviewDialog,
  StatusBadge,
} from "~/components/listings/moderation-dialogs";
import { Pagination } from "~/components/pagination";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { recordAudit } from "~/domain/audit/audit.server";
import { moderateListings } from "~/domain/listings/admin.server";
import { formatPlace } from "~/domain/listings/format";
import { countListingsByStatus, getListings, listAdminListings } from "~/domain/listings/listings.server";
import {
  ADMIN_LISTINGS_PAGE_SIZE,
  KIND_LABELS,
  LISTING_MESSAGES,
  type ListingKind,
  SALE_CATEGORY_LABELS,
} from "~/domain/listings/options";
import { isFeatured } from "~/domain/listings/rules";
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

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewListings");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const result = await moderateListings(getDb(), getStorage(), intent, form, user.email);
  if (result.ok) {
    const note = String(form.get("adminNote") ?? "").trim();
    for (const id of parseIds(form.getAll("id"))) {
      await recordAudit(getDb(), {
        actor: user,
        area: "listings",
        action: intent,
        recordId: id,
        ip: context.clientIp,
        changes: note ? { admin_note: [null, note] } : null,
      });
    }
  }
  return data<ModerationReply>(
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
export default function AdminListings({ loaderData }: Route.ComponentProps) {
  const { tab, kind, q, page, counts, rows, total, details } = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const fetcher = useFetcher<ModerationReply>({ key: FETCHER });
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
