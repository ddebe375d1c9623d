import { HoneypotField } from "~/components/honeypot-field";
import { cn } from "~/components/ui/cn";
import type { PromotionOffer } from "~/domain/orders/types";

/** The promotion page's URL for a listing (with the poster's key while it waits for approval). */
export function promotionPath(listingId: number, token: string | null): string {
  const params = new URLSearchParams({ oglas: String(listingId) });
  if (token) params.set("kljuc", token);
  return `/istaknite-oglas?${params}`;
}

/**
 * The paid promotion offer: one plain form (public pages are not hydrated), one button per package
 * (the pressed button's `paket` is what is bought). The action answers with a redirect to the
 * payment page.
 */
export function PromotionOffers({
  listingId,
  token,
  offers,
  pending = false,
  variant = "box",
  className,
}: {
  listingId: number;
  token: string | null;
  offers: readonly PromotionOffer[];
  /** The listing waits for approval: the days start then. */
  pending?: boolean;
  /** "box": a listing's side column; "page": the promotion page and the thank-you page. */
  variant?: "box" | "page";
  className?: string;
}) {
  if (offers.length === 0) return null;
  const page = variant === "page";
  const headingId = `istaknite-${listingId}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "rounded-xl p-4 ring-1",
        page ? "bg-amber-50 ring-amber-200 sm:p-6" : "bg-white shadow-sm ring-slate-200",
        className,
      )}
      data-testid="promotion-offers"
    >
      <h2 id={headingId} className={cn("font-semibold text-slate-900", page ? "text-lg" : "text-base")}>
        <span aria-hidden="true" className="text-amber-500">
          ★{" "}
        </span>
        {page ? "Izaberite paket isticanja" : "Istaknite ovaj oglas"}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Istaknut oglas stoji na vrhu liste, sa oznakom „Istaknuto“.{" "}
        {pending
          ? "Dani isticanja počinju kada oglas bude odobren."
          : "Počinje odmah po uplati; ako je oglas već istaknut, dani se nadovezuju."}
      </p>
      <form method="post" action={promotionPath(listingId, token)} className="relative mt-3">
        <HoneypotField />
        <div className={cn("grid gap-2", page && "sm:grid-cols-2")}>
          {offers.map((offer) => (
            <button
              key={offer.productId}
              type="submit"
              name="paket"
              value={offer.productId}
              className="flex min-h-12 items-center justify-between gap-3 rounded-lg bg-white px-4 py-2 text-left text-sm font-medium text-slate-900 shadow-sm ring-1 ring-amber-300 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
            >
              {/* Named by what it shows first (WCAG 2.5.3), then which product it buys. */}
              <span>{offer.daysLabel}</span>
              <span className="font-bold text-emerald-700">{offer.price}</span>
              <span className="sr-only"> ({offer.name})</span>
            </button>
          ))}
        </div>
      </form>
      <p className="mt-2 text-xs text-slate-500">
        Plaćanje karticom preko Stripe-a; podatke o kartici ne vidimo i ne čuvamo.
      </p>
    </section>
  );
}
