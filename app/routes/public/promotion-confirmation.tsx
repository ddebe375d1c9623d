import { data, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { listingPath } from "~/domain/listings/format";
import { KIND_SECTIONS } from "~/domain/listings/options";
import { isFeatured, isLive } from "~/domain/listings/rules";
import {
  CONFIRM_REFRESH_SECONDS,
  type ConfirmationState,
  confirmationPath,
  confirmationState,
  parseAttempt,
} from "~/domain/orders/confirmation";
import { orderForSession } from "~/domain/orders/orders.server";
import { daysLabel } from "~/domain/orders/products";
import { isSessionId } from "~/domain/orders/rules";
import { formatLongDate } from "~/lib/dates";
import { formatMinorAmount } from "~/lib/money";
import { getDb } from "~/services.server";
import type { Route } from "./+types/promotion-confirmation";

/**
 * `/istaknite-oglas/potvrda?session_id={id}`: where the payment page sends the customer back. It
 * never trusts that redirect: it shows what the signed webhook recorded for this session, and
 * "being confirmed" (refreshing itself, no script needed) until it has.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const sessionId = params.get("session_id");
  if (!isSessionId(sessionId)) throw data(null, { status: 404 });
  const attempt = parseAttempt(params.get("pokusaj"));
  const order = await orderForSession(getDb(), sessionId);
  const state = confirmationState(order?.paymentStatus ?? null, attempt);
  const listing = order?.listing ?? null;
  const kind = listing?.kind ?? (order?.metadata as { listing_kind?: string } | null)?.listing_kind;
  return {
    state,
    sessionId,
    attempt,
    section: KIND_SECTIONS[kind === "sale" ? "sale" : "job"],
    order: order
      ? {
          productName: order.productName,
          amount: formatMinorAmount(order.amount, order.currency),
          status: order.paymentStatus,
          days: order.featuredDays,
        }
      : null,
    listing: listing
      ? {
          title: listing.title,
          path: isLive(listing) ? listingPath(listing) : null,
          featuredUntil: isFeatured(listing.featuredUntil) ? formatLongDate(listing.featuredUntil) : null,
          waiting: listing.status === "pending",
        }
      : null,
  };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  const tags: ReturnType<Route.MetaFunction> = [
    { title: "Potvrda plaćanja — Balkan Vozači" },
    { name: "robots", content: "noindex" },
  ];
  if (d?.state === "confirming") {
    tags.push({
      httpEquiv: "refresh",
      content: `${CONFIRM_REFRESH_SECONDS};url=${confirmationPath(d.sessionId, d.attempt + 1)}`,
    });
  }
  return tags;
};

const TITLES: Record<ConfirmationState, string> = {
  confirming: "Plaćanje se potvrđuje…",
  late: "Potvrda plaćanja još nije stigla",
  paid: "Plaćanje je uspešno!",
  pending: "Uplata je u obradi",
  failed: "Plaćanje nije uspelo",
  other: "Status plaćanja",
};

const TONES: Record<ConfirmationState, string> = {
  confirming: "border-sky-200 bg-sky-50 text-sky-950",
  late: "border-amber-200 bg-amber-50 text-amber-950",
  paid: "border-emerald-200 bg-emerald-50 text-emerald-950",
  pending: "border-amber-200 bg-amber-50 text-amber-950",
  failed: "border-red-200 bg-red-50 text-red-950",
  other: "border-slate-200 bg-white text-slate-900",
};

// Long: one flat page; each payment state (confirming, late, pending, failed, …) is a few lines of copy in one frame.
export default function PromotionConfirmation({ loaderData }: Route.ComponentProps) {
  const { state, sessionId, order, listing, section } = loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <div
        role="status"
        aria-live="polite"
        className={cn("rounded-2xl border px-5 py-8 text-center", TONES[state])}
        data-testid="payment-state"
        data-state={state}
      >
        {state === "confirming" ? (
          <span
            aria-hidden="true"
            className="mx-auto mb-4 block h-8 w-8 animate-spin rounded-full border-4 border-sky-200 border-t-sky-600"
          />
        ) : null}
        <h1 className="text-2xl font-bold">{TITLES[state]}</h1>
        {state === "confirming" ? (
          <p className="mt-2">
            Čekamo da Stripe potvrdi uplatu. Ovo obično traje nekoliko sekundi; stranica se sama osvežava.
          </p>
        ) : null}
        {state === "late" ? (
          <p className="mt-2">
            Ako ste platili, ne morate ništa da radite: oglas će biti istaknut automatski čim potvrda stigne.
            Proverite ponovo za nekoliko minuta.
          </p>
        ) : null}
        {state === "pending" ? (
          <p className="mt-2">
            Vaša banka još obrađuje uplatu. Oglas će biti istaknut automatski kada uplata bude potvrđena
            (obično za 1–4 radna dana).
          </p>
        ) : null}
        {state === "failed" ? (
          <p className="mt-2">Uplata nije prošla i ništa nije naplaćeno. Možete pokušati ponovo.</p>
        ) : null}
        {state === "other" && order ? <p className="mt-2">Status narudžbine: {order.status}</p> : null}

        {order ? (
          <dl className="mx-auto mt-5 grid max-w-sm grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-left text-sm">
            <dt className="opacity-75">Paket</dt>
            <dd className="font-medium">{order.productName ?? "—"}</dd>
            <dt className="opacity-75">Iznos</dt>
            <dd className="font-medium">{order.amount}</dd>
            {listing ? (
              <>
                <dt className="opacity-75">Oglas</dt>
                <dd className="font-medium">{listing.title}</dd>
              </>
            ) : null}
          </dl>
        ) : null}

        {state === "paid" && listing ? (
          <p className="mt-4 font-medium" data-testid="promotion-result">
            {listing.featuredUntil
              ? `Oglas je istaknut do ${listing.featuredUntil}`
              : listing.waiting && order?.days
                ? `Oglas čeka odobrenje; isticanje od ${daysLabel(order.days)} počinje kada ga odobrimo.`
                : "Uplata je evidentirana."}
          </p>
        ) : null}
      </div>

      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        {state === "confirming" || state === "late" || state === "pending" ? (
          <Link to={confirmationPath(sessionId)} reloadDocument className={buttonClass("secondary", "md")}>
            Proveri ponovo
          </Link>
        ) : null}
        {listing?.path ? (
          <Link to={listing.path} className={buttonClass("primary", "md")}>
            Pogledajte oglas
          </Link>
        ) : null}
        <Link to={section.path} className={buttonClass(listing?.path ? "secondary" : "primary", "md")}>
          {section.title}
        </Link>
      </div>
    </div>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
