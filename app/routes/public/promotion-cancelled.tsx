import { Link } from "react-router";
import { PageOffers } from "~/components/listings/page-offers";
import { listingPath } from "~/domain/listings/format";
import { KIND_SECTIONS } from "~/domain/listings/options";
import { checkoutTarget, promotionOffers } from "~/domain/orders/checkout.server";
import { parseId } from "~/lib/ids";
import { getDb, getPayments } from "~/services.server";
import type { Route } from "./+types/promotion-cancelled";

/**
 * `/istaknite-oglas/otkazano?oglas={id}`: the customer left the payment page. Nothing was charged;
 * the packages are offered again when the listing can still be promoted.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const id = parseId(params.get("oglas"));
  const db = getDb();
  const target = id === null ? null : await checkoutTarget(db, id, params.get("kljuc"));
  if (!target) return { listing: null, offers: [], token: null, section: KIND_SECTIONS.job };
  const { listing } = target;
  const { offers } = await promotionOffers(db, getPayments(), { ...listing, public: listing.live });
  return {
    listing: {
      id: listing.id,
      title: listing.title,
      live: listing.live,
      path: listing.live ? listingPath(listing) : null,
    },
    offers,
    token: target.token,
    section: KIND_SECTIONS[listing.kind],
  };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta: Route.MetaFunction = () => [
  { title: "Plaćanje je otkazano — Balkan Vozači" },
  { name: "robots", content: "noindex" },
];

export default function PromotionCancelled({ loaderData }: Route.ComponentProps) {
  const { listing, offers, token, section } = loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <div role="status" className="rounded-2xl border border-slate-200 bg-white px-5 py-8 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Plaćanje je otkazano</h1>
        <p className="mt-2 text-slate-700">
          Ništa nije naplaćeno.
          {listing ? ` Oglas „${listing.title}“ ostaje kakav je bio.` : ""}
        </p>
      </div>
      {listing ? <PageOffers className="mt-6" listing={listing} token={token} offers={offers} /> : null}
      <div className="mt-6 flex flex-col justify-center gap-2 text-center sm:flex-row">
        {listing?.path ? (
          <Link to={listing.path} className="font-medium text-brand-700 hover:underline">
            ‹ Nazad na oglas
          </Link>
        ) : (
          <Link to={section.path} className="font-medium text-brand-700 hover:underline">
            ‹ {section.title}
          </Link>
        )}
      </div>
    </div>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
