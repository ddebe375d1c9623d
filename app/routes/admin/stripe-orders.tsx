import { useState } from "react";
import { useNavigation, useSearchParams } from "react-router";
import { actionsColumn, type Column, DataTable } from "~/components/admin/data-table";
import { PageHeader } from "~/components/admin/page-header";
import { PagedTable } from "~/components/admin/paged-table";
import { AdminRouteError } from "~/components/admin/route-error";
import { OrderDialog, OrderStatusBadge } from "~/components/payments/order-dialog";
import { OrderSummaryCards } from "~/components/payments/order-summary";
import { Button } from "~/components/ui/button";
import { FilterBar } from "~/components/ui/filter-bar";
import { Notice } from "~/components/ui/notice";
import { SearchField } from "~/components/ui/search-field";
import { SegmentedNav } from "~/components/ui/segmented-nav";
import { listOrders, orderSummary } from "~/domain/orders/orders.server";
import {
  ORDER_PERIODS,
  ORDER_STATUS_FILTERS,
  parsePeriod,
  parseStatusFilter,
  periodStartDay,
  statusOfFilter,
} from "~/domain/orders/rules";
import { type AdminOrder, emptyOrderSummary, ORDERS_PAGE_SIZE } from "~/domain/orders/types";
import { readListRequest } from "~/http/admin-list.server";
import { formatDateTime } from "~/lib/dates";
import { logger } from "~/lib/logger.server";
import { formatMinorAmount } from "~/lib/money";
import { resultCountLine, totalPagesOf } from "~/lib/pagination";
import { getDb, getPayments } from "~/services.server";
import type { Route } from "./+types/stripe-orders";

export const meta: Route.MetaFunction = () => [{ title: "Stripe narudžbine — Admin panel" }];

/** Spec §8: the orders error. */
const LOAD_ERROR = "Greška prilikom učitavanja narudžbi";

/**
 * `/admin/stripe-orders` (spec §2 Card-payment orders, canViewUsers): summary cards, search, the
 * date and status filters, the orders newest first and a detail dialog. Filtered, counted and paged in SQL; the
 * cards sum up the same filter as the table.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { params, page } = await readListRequest(request, "canViewUsers");
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const period = parsePeriod(params.get("period"));
  const status = parseStatusFilter(params.get("status"));
  const filter = {
    q,
    sinceDay: periodStartDay(period),
    status: statusOfFilter(status),
  };
  const base = {
    q,
    period,
    status,
    page,
    paymentsConfigured: getPayments() !== null,
  };
  try {
    const db = getDb();
    const [list, summary] = await Promise.all([
      listOrders(db, { ...filter, page }),
      orderSummary(db, filter),
    ]);
    return {
      ...base,
      rows: list.rows,
      total: list.total,
      summary,
      loadError: null,
    };
  } catch (error) {
    logger.error({ err: error }, "stripe orders could not be loaded");
    return {
      ...base,
      rows: [] as AdminOrder[],
      total: 0,
      summary: emptyOrderSummary(),
      loadError: LOAD_ERROR,
    };
  }
}

function orderColumns(open: (id: number) => void): Column<AdminOrder>[] {
  return [
    {
      key: "product",
      header: "Proizvod",
      mobile: "title",
      cell: (r) => (
        <div>
          <button
            type="button"
            onClick={() => open(r.id)}
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
      cell: (r) => <OrderStatusBadge status={r.paymentStatus} />,
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
        <span className="whitespace-nowrap font-medium">{formatMinorAmount(r.amount, r.currency)}</span>
      ),
    },
    {
      key: "created",
      header: "Datum",
      cell: (r) => <span className="whitespace-nowrap">{formatDateTime(r.createdAt)}</span>,
    },
    actionsColumn((r) => (
      <Button size="sm" variant="secondary" onClick={() => open(r.id)}>
        Detalji
      </Button>
    )),
  ];
}

/** The search and the period and status links; each keeps the other filters and goes to page 1. */
function OrderFilters({
  q,
  period,
  status,
  busy,
}: {
  q: string;
  period: string;
  status: string;
  busy: boolean;
}) {
  const [params] = useSearchParams();
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
  /** The links of one filter ("sve", the default, leaves it out of the address). */
  const links = (key: "period" | "status", items: readonly { value: string; label: string }[]) =>
    items.map((item) => ({ ...item, href: hrefWith({ [key]: item.value === "sve" ? "" : item.value }) }));
  return (
    <FilterBar
      className="sm:grid-cols-[1fr_auto]"
      busy={busy}
      resetTo={q ? hrefWith({ q: "" }) : null}
      after={
        <>
          <SegmentedNav
            label="Period"
            className="mt-3"
            current={period}
            items={links("period", ORDER_PERIODS)}
          />
          <SegmentedNav
            label="Status"
            className="mt-2"
            current={status}
            items={links("status", ORDER_STATUS_FILTERS)}
          />
        </>
      }
    >
      {period !== "sve" ? <input type="hidden" name="period" value={period} /> : null}
      {status !== "sve" ? <input type="hidden" name="status" value={status} /> : null}
      <SearchField
        label="Pretraga narudžbina"
        placeholder="Proizvod, email ili ime kupca, Stripe sesija…"
        defaultValue={q}
      />
    </FilterBar>
  );
}

export default function StripeOrders({ loaderData }: Route.ComponentProps) {
  const { q, period, status, page, rows, total, summary, loadError, paymentsConfigured } = loaderData;
  const navigation = useNavigation();
  const [openId, setOpenId] = useState<number | null>(null);
  const open = rows.find((r) => r.id === openId) ?? null;
  const searching =
    navigation.state === "loading" && navigation.location?.pathname === "/admin/stripe-orders";

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

      <OrderSummaryCards summary={summary} />

      <OrderFilters q={q} period={period} status={status} busy={searching} />

      <PagedTable
        count={`${resultCountLine(page, ORDERS_PAGE_SIZE, total)}${summary.other > 0 ? ` · ostali statusi: ${summary.other}` : ""}`}
        page={page}
        totalPages={totalPagesOf(total, ORDERS_PAGE_SIZE)}
      >
        <DataTable<AdminOrder, number>
          caption="Narudžbine"
          rows={rows}
          testId="order"
          empty={
            q || period !== "sve" || status !== "sve"
              ? "Nema narudžbina za ovu pretragu."
              : "Još nema narudžbina."
          }
          columns={orderColumns(setOpenId)}
        />
      </PagedTable>
      {open ? <OrderDialog key={open.id} order={open} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
