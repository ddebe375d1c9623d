import { Dialog } from "radix-ui";
import { type ReactNode, useState } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { DataTable } from "~/components/admin/data-table";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { Pagination } from "~/components/pagination";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { listingPath } from "~/domain/listings/format";
import { KIND_LABELS, STATUS_LABELS } from "~/domain/listings/options";
import { isFeatured, isLive } from "~/domain/listings/rules";
import { listOrders, orderSummary } from "~/domain/orders/orders.server";
import {
  ORDER_PERIODS,
  ORDER_STATUS_FILTERS,
  orderStatusBadge,
  parsePeriod,
  parseStatusFilter,
  periodStartDay,
  statusOfFilter,
} from "~/domain/orders/rules";
import { type AdminOrder, ORDERS_PAGE_SIZE, type OrderSummary } from "~/domain/orders/types";
import { requirePermission } from "~/domain/users/auth.server";
import { formatDate, formatDateTime } from "~/lib/dates";
import { logger } from "~/lib/logger.server";
import { formatMinorAmount } from "~/lib/money";
import { parsePage, resultCountLine, totalPagesOf } from "~/lib/pagination";
import { getDb, getPayments } from "~/services.server";
import type { Route } from "./+types/stripe-orders";

export const meta: Route.MetaFunction = () => [{ title: "Stripe narudžbine — Admin panel" }];

/** Spec §8: the orders error. */
const LOAD_ERROR = "Greška prilikom učitavanja narudžbi";
const EMPTY_SUMMARY: OrderSummary = {
  paid: 0,
  pending: 0,
  failed: 0,
  refunded: 0,
  disputed: 0,
  other: 0,
  revenue: [],
};

/**
 * `/admin/stripe-orders` (spec §2 Card-payment orders, canViewUsers): summary cards, search, the
 * date and status filters, the orders newest first and a detail dialog. Filtered, counted and paged in SQL; the
 * cards sum up the same filter as the table.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewUsers");
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const period = parsePeriod(params.get("period"));
  const status = parseStatusFilter(params.get("status"));
  const page = parsePage(params.get("page"));
  const filter = { q, sinceDay: periodStartDay(period), status: statusOfFilter(status) };
  const base = { q, period, status, page, paymentsConfigured: getPayments() !== null };
  try {
    const db = getDb();
    const [list, summary] = await Promise.all([
      listOrders(db, { ...filter, page }),
      orderSummary(db, filter),
    ]);
    return { ...base, rows: list.rows, total: list.total, summary, loadError: null };
  } catch (error) {
    logger.error({ err: error }, "stripe orders could not be loaded");
    return { ...base, rows: [] as AdminOrder[], total: 0, summary: EMPTY_SUMMARY, loadError: LOAD_ERROR };
  }
}

function StatusBadge({ status }: { status: string }) {
  const { tone, label } = orderStatusBadge(status);
  return <Badge tone={tone}>{label}</Badge>;
}

function SummaryCard({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: ReactNode;
  tone: string;
  testId: string;
}) {
  return (
    <Card className="p-4">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</p>
      <p className={cn("mt-1 break-words text-xl font-bold sm:text-2xl", tone)} data-testid={testId}>
        {value}
      </p>
    </Card>
  );
}

function Detail({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className={cn("mt-0.5 break-words text-sm text-slate-900", mono && "break-all font-mono text-xs")}>
        {children || "—"}
      </dd>
    </div>
  );
}

const ADDRESS_ORDER = ["line1", "line2", "city", "state", "postal_code", "country"];

/** The billing address as lines: street, city + state + ZIP, country; other keys after them. */
function addressLines(address: unknown): string[] {
  if (!address || typeof address !== "object") return [];
  const a = address as Record<string, unknown>;
  const text = (key: string) => (typeof a[key] === "string" && a[key] !== "" ? (a[key] as string) : null);
  const cityLine = [text("city"), [text("state"), text("postal_code")].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  const extra = Object.keys(a)
    .filter((k) => !ADDRESS_ORDER.includes(k) && text(k))
    .map((k) => `${k}: ${text(k)}`);
  return [text("line1"), text("line2"), cityLine || null, text("country"), ...extra].filter(
    (l): l is string => Boolean(l),
  );
}

function metadataEntries(metadata: unknown): [string, string][] {
  if (!metadata || typeof metadata !== "object" || Array.isArray(metadata)) {
    return metadata === null || metadata === undefined ? [] : [["", JSON.stringify(metadata)]];
  }
  return Object.entries(metadata as Record<string, unknown>).map(([k, v]) => [
    k,
    typeof v === "string" ? v : JSON.stringify(v),
  ]);
}

function OrderDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const address = addressLines(order.billingAddress);
  const meta = metadataEntries(order.metadata);
  const listing = order.listing;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-40 max-h-[92vh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[calc(100%-2rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-6"
          data-testid="order-dialog"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold text-slate-900">
                Narudžbina #{order.id}
              </Dialog.Title>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <StatusBadge status={order.paymentStatus} />
                <span className="font-semibold text-slate-900">
                  {formatMinorAmount(order.amount, order.currency)}
                </span>
                <span>{formatDateTime(order.createdAt)}</span>
              </p>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Zatvori">
                ✕
              </Button>
            </Dialog.Close>
          </div>

          <dl className="mt-5 grid gap-4 sm:grid-cols-2">
            <Detail label="Proizvod">
              {order.productName}
              {order.productId ? (
                <span className="block text-xs text-slate-500">{order.productId}</span>
              ) : null}
            </Detail>
            <Detail label="Kupac">
              {order.customerName}
              {order.customerEmail ? (
                <a href={`mailto:${order.customerEmail}`} className="block text-brand-700 hover:underline">
                  {order.customerEmail}
                </a>
              ) : null}
            </Detail>
            <Detail label="Adresa za naplatu">
              {address.length > 0 ? (
                <span className="block" data-testid="billing-address">
                  {address.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </span>
              ) : null}
            </Detail>
            <Detail label="Oglas">
              {listing ? (
                <span className="block space-y-1">
                  <span className="block font-medium">{listing.title}</span>
                  <span className="flex flex-wrap gap-1">
                    <Badge tone="brand">{KIND_LABELS[listing.kind]}</Badge>
                    <Badge>{STATUS_LABELS[listing.status]}</Badge>
                    {isFeatured(listing.featuredUntil) ? (
                      <Badge tone="warning">Istaknuto do {formatDate(listing.featuredUntil)}</Badge>
                    ) : null}
                  </span>
                  <span className="flex flex-wrap gap-x-3">
                    <Link
                      to={`/admin/listings/edit/${listing.id}`}
                      className="text-brand-700 hover:underline"
                    >
                      Otvori oglas #{listing.id}
                    </Link>
                    {isLive(listing) ? (
                      <a
                        href={listingPath(listing)}
                        target="_blank"
                        rel="noreferrer"
                        className="text-brand-700 hover:underline"
                      >
                        Na sajtu ↗
                      </a>
                    ) : null}
                  </span>
                </span>
              ) : (metadataEntries(order.metadata).find(([k]) => k === "listing_id")?.[1] ?? null) ? (
                "Oglas je obrisan."
              ) : null}
            </Detail>
            <Detail label="Isticanje">
              {order.featuredDays
                ? `${order.featuredDays} dana${order.promotedAt ? `, dodato ${formatDateTime(order.promotedAt)}` : ""}`
                : null}
              {order.promotionWithdrawnAt ? (
                <span className="block text-red-700" data-testid="promotion-withdrawn">
                  Povučeno {formatDateTime(order.promotionWithdrawnAt)}
                </span>
              ) : null}
            </Detail>
            <Detail label="Poslednja promena">{formatDateTime(order.updatedAt)}</Detail>
            <Detail label="Stripe sesija" mono>
              {order.stripeSessionId}
            </Detail>
            <Detail label="Payment intent" mono>
              {order.stripePaymentIntentId}
            </Detail>
          </dl>

          <section className="mt-5" aria-labelledby={`meta-${order.id}`}>
            <h3
              id={`meta-${order.id}`}
              className="text-xs font-semibold uppercase tracking-wide text-slate-500"
            >
              Metadata
            </h3>
            {meta.length === 0 ? (
              <p className="mt-1 text-sm text-slate-500">—</p>
            ) : (
              <dl
                className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-3 font-mono text-xs"
                data-testid="order-metadata"
              >
                {meta.map(([k, v]) => (
                  <div key={k} className="contents">
                    <dt className="text-slate-500">{k}</dt>
                    <dd className="break-all text-slate-900">{v}</dd>
                  </div>
                ))}
              </dl>
            )}
          </section>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** One row of filter links (period, status); the current one is marked. */
function FilterPills<V extends string>({
  label,
  items,
  current,
  href,
  className,
}: {
  label: string;
  items: readonly { value: V; label: string }[];
  current: V;
  href: (value: V) => string;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={cn("flex flex-wrap gap-1", className)}>
      {items.map((p) => (
        <Link
          key={p.value}
          to={href(p.value)}
          aria-current={p.value === current ? "page" : undefined}
          className={cn(
            "rounded-full px-3 py-1 text-sm font-medium",
            p.value === current
              ? "bg-slate-800 text-white"
              : "bg-slate-100 text-slate-700 hover:bg-slate-200",
          )}
        >
          {p.label}
        </Link>
      ))}
    </nav>
  );
}

export default function StripeOrders({ loaderData }: Route.ComponentProps) {
  const { q, period, status, page, rows, total, summary, loadError, paymentsConfigured } = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const [openId, setOpenId] = useState<number | null>(null);
  const open = rows.find((r) => r.id === openId) ?? null;
  const searching =
    navigation.state === "loading" && navigation.location?.pathname === "/admin/stripe-orders";

  const hrefWith = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    next.delete("page");
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    const qs = next.toString();
    return `/admin/stripe-orders${qs ? `?${qs}` : ""}`;
  };
  const revenue =
    summary.revenue.length === 0
      ? formatMinorAmount(0, "usd")
      : summary.revenue.map((r) => (
          <span key={r.currency} className="block">
            {formatMinorAmount(r.amount, r.currency)}
          </span>
        ));

  return (
    <div>
      <PageHeader
        title="Stripe narudžbine"
        description="Plaćanja karticom preko Stripe-a (istaknuti oglasi). Narudžbine upisuje Stripe-ov potpisani webhook."
      />
      {paymentsConfigured ? null : (
        <Notice
          className="mb-4"
          tone="info"
          message="Stripe nije podešen na ovom serveru: nove narudžbine ne stižu, a sajt ne nudi plaćanje."
        />
      )}
      {loadError ? <Notice className="mb-4" tone="error" message={loadError} /> : null}

      <section className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 2xl:grid-cols-6" aria-label="Pregled">
        <SummaryCard label="Prihod" value={revenue} tone="text-slate-900" testId="summary-revenue" />
        <SummaryCard label="Plaćene" value={summary.paid} tone="text-emerald-700" testId="summary-paid" />
        <SummaryCard
          label="Na čekanju"
          value={summary.pending}
          tone="text-amber-700"
          testId="summary-pending"
        />
        <SummaryCard label="Neuspele" value={summary.failed} tone="text-red-700" testId="summary-failed" />
        <SummaryCard
          label="Refundirane"
          value={summary.refunded}
          tone="text-slate-700"
          testId="summary-refunded"
        />
        <SummaryCard
          label="Osporene"
          value={summary.disputed}
          tone="text-red-700"
          testId="summary-disputed"
        />
      </section>

      <Card className="mb-4 p-4">
        <Form method="get" role="search" className="grid gap-3 sm:grid-cols-[1fr_auto]">
          {period !== "sve" ? <input type="hidden" name="period" value={period} /> : null}
          {status !== "sve" ? <input type="hidden" name="status" value={status} /> : null}
          <label htmlFor="q" className="sr-only">
            Pretraga narudžbina
          </label>
          <Input
            id="q"
            name="q"
            type="search"
            placeholder="Proizvod, email ili ime kupca, Stripe sesija…"
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
        <FilterPills
          label="Period"
          className="mt-3"
          items={ORDER_PERIODS}
          current={period}
          href={(value) => hrefWith({ period: value === "sve" ? "" : value })}
        />
        <FilterPills
          label="Status"
          className="mt-2"
          items={ORDER_STATUS_FILTERS}
          current={status}
          href={(value) => hrefWith({ status: value === "sve" ? "" : value })}
        />
      </Card>

      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {resultCountLine(page, ORDERS_PAGE_SIZE, total)}
        {summary.other > 0 ? ` · ostali statusi: ${summary.other}` : ""}
      </p>
      <Card className="overflow-hidden">
        <DataTable<AdminOrder, number>
          caption="Narudžbine"
          rows={rows}
          rowKey={(r) => r.id}
          testId="order"
          empty={
            q || period !== "sve" || status !== "sve"
              ? "Nema narudžbina za ovu pretragu."
              : "Još nema narudžbina."
          }
          columns={[
            {
              key: "product",
              header: "Proizvod",
              mobile: "title",
              cell: (r) => (
                <div>
                  <button
                    type="button"
                    onClick={() => setOpenId(r.id)}
                    className="text-left font-medium text-slate-900 hover:underline"
                  >
                    {r.productName ?? r.productId ?? `Narudžbina #${r.id}`}
                  </button>
                  {r.listing ? (
                    <p className="text-xs font-normal text-slate-500">
                      Oglas #{r.listing.id}: {r.listing.title}
                    </p>
                  ) : null}
                </div>
              ),
            },
            {
              key: "status",
              header: "Status",
              mobile: "badge",
              cell: (r) => <StatusBadge status={r.paymentStatus} />,
            },
            {
              key: "customer",
              header: "Kupac",
              cell: (r) => (
                <div className="min-w-0">
                  <p>{r.customerName ?? "—"}</p>
                  <p className="break-words text-xs text-slate-500">{r.customerEmail}</p>
                </div>
              ),
            },
            {
              key: "amount",
              header: "Iznos",
              align: "right",
              cell: (r) => (
                <span className="whitespace-nowrap font-medium">
                  {formatMinorAmount(r.amount, r.currency)}
                </span>
              ),
            },
            {
              key: "created",
              header: "Datum",
              cell: (r) => <span className="whitespace-nowrap">{formatDateTime(r.createdAt)}</span>,
            },
            {
              key: "actions",
              header: "Akcije",
              align: "right",
              mobile: "actions",
              cell: (r) => (
                <Button size="sm" variant="secondary" onClick={() => setOpenId(r.id)}>
                  Detalji
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <div className="mt-4">
        <Pagination page={page} totalPages={totalPagesOf(total, ORDERS_PAGE_SIZE)} />
      </div>
      {open ? <OrderDialog key={open.id} order={open} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
