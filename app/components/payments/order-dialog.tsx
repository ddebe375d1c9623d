import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Detail } from "~/components/ui/detail";
import { Dialog } from "~/components/ui/dialog";
import { StatusBadge } from "~/components/ui/status-badge";
import { listingPath } from "~/domain/listings/format";
import { KIND_LABELS, STATUS_LABELS } from "~/domain/listings/options";
import { isFeatured, isLive } from "~/domain/listings/rules";
import { ORDER_STATUS_LABELS } from "~/domain/orders/rules";
import type { AdminOrder } from "~/domain/orders/types";
import { formatDate, formatDateTime } from "~/lib/dates";
import { formatMinorAmount } from "~/lib/money";

export function OrderStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={status} labels={ORDER_STATUS_LABELS} />;
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

/** The order's listing: its kind, status, promotion and links; or that it was deleted. */
function OrderListing({ order }: { order: AdminOrder }) {
  const listing = order.listing;
  if (!listing)
    return metadataEntries(order.metadata).find(([k]) => k === "listing_id")?.[1]
      ? "Oglas je obrisan."
      : null;
  return (
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
        <Link to={`/admin/listings/edit/${listing.id}`} className="text-brand-700 hover:underline">
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
  );
}

/** The Checkout Session's metadata, key by key. */
function OrderMetadata({ id, entries }: { id: number; entries: [string, string][] }) {
  return (
    <section className="mt-5" aria-labelledby={`meta-${id}`}>
      <h3 id={`meta-${id}`} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        Metadata
      </h3>
      {entries.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">—</p>
      ) : (
        <dl
          className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-3 font-mono text-xs"
          data-testid="order-metadata"
        >
          {entries.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-slate-500">{k}</dt>
              <dd className="break-all text-slate-900">{v}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** One order in full (spec §2 Card-payment orders): product, buyer, address, listing, promotion, Stripe ids, metadata. */
export function OrderDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const address = addressLines(order.billingAddress);
  const meta = metadataEntries(order.metadata);
  return (
    <Dialog
      onClose={onClose}
      testId="order-dialog"
      title={`Narudžbina #${order.id}`}
      subtitle={
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <OrderStatusBadge status={order.paymentStatus} />
          <span className="font-semibold text-slate-900">
            {formatMinorAmount(order.amount, order.currency)}
          </span>
          <span>{formatDateTime(order.createdAt)}</span>
        </p>
      }
    >
      <dl className="mt-5 grid gap-4 sm:grid-cols-2">
        <Detail label="Proizvod">
          {order.productName}
          {order.productId ? <span className="block text-xs text-slate-500">{order.productId}</span> : null}
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
          <OrderListing order={order} />
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

      <OrderMetadata id={order.id} entries={meta} />
    </Dialog>
  );
}
