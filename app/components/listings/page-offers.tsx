import { PromotionOffers } from "~/components/payments/promotion-offers";
import type { PromotionOffer } from "~/domain/orders/types";

/** The promotion offers of one listing as a page shows them (`/istaknite-oglas` and its way back). */
export function PageOffers({
  className,
  listing,
  token,
  offers,
}: {
  className: string;
  listing: { id: number; live: boolean };
  token: string | null;
  offers: readonly PromotionOffer[];
}) {
  return (
    <PromotionOffers
      className={className}
      variant="page"
      listingId={listing.id}
      token={token}
      offers={offers}
      pending={!listing.live}
    />
  );
}
