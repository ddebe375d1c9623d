import { data, Link, redirect } from "react-router";
import { PageOffers } from "~/components/listings/page-offers";
import { Notice } from "~/components/ui/notice";
import { formatPlace, listingPath } from "~/domain/listings/format";
import { KIND_SECTIONS } from "~/domain/listings/options";
import { checkoutTarget, promotionOffers, startPromotionCheckout } from "~/domain/orders/checkout.server";
import { failure } from "~/http/errors";
import { honeypotFilled } from "~/http/public-form.server";
import { publicOrigin } from "~/http/public-origin.server";
import { parseId } from "~/lib/ids";
import { getDb, getPayments } from "~/services.server";
import type { Route } from "./+types/promotion";

/** The listing named by the URL (`?oglas={id}`, `&kljuc=` for a pending one), or a 404. */
async function targetOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const id = parseId(params.get("oglas"));
  if (id === null || !getPayments()) throw data(null, { status: 404 });
  const target = await checkoutTarget(getDb(), id, params.get("kljuc"));
  if (!target) throw data(null, { status: 404 });
  return target;
}

/**
 * `/istaknite-oglas?oglas={id}`: the promotion packages of one listing. Its POST (`paket`) starts
 * the provider's checkout and answers with a redirect to the payment page; a refusal re-renders
 * the page with the reason. Without card payments configured, 404.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const target = await targetOf(request);
  const { listing } = target;
  const { offers } = await promotionOffers(getDb(), getPayments(), { ...listing, public: listing.live });
  if (offers.length === 0) throw data(null, { status: 404 });
  return {
    listing: {
      ...listing,
      place: formatPlace(listing.city, listing.state),
      path: listing.live ? listingPath(listing) : null,
    },
    token: target.token,
    offers,
  };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta: Route.MetaFunction = () => [
  { title: "Istaknite oglas — Balkan Vozači" },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const target = await targetOf(request);
  const form = await request.formData();
  const back = target.listing.live ? listingPath(target.listing) : KIND_SECTIONS[target.listing.kind].path;
  // A bot filled the hidden field: nothing is started, it goes back where it came from.
  if (honeypotFilled(form)) throw redirect(back, 303);
  const productId = form.get("paket");
  if (typeof productId !== "string" || productId === "" || productId.length > 100) {
    return failure("checkout.product");
  }
  const result = await startPromotionCheckout(getDb(), getPayments(), {
    target,
    productId,
    origin: publicOrigin(request),
    clientIp: context.clientIp ?? null,
  });
  if (result.ok) throw redirect(result.url, 303);
  return failure(result.code, { detail: result.detail });
}

export default function Promotion({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, token, offers } = loaderData;
  const section = KIND_SECTIONS[listing.kind];
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-8">
      <p className="text-sm">
        <Link to={listing.path ?? section.path} className="text-brand-700 hover:underline">
          ‹ {listing.path ? "Nazad na oglas" : section.title}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">Istaknite oglas</h1>
      <div className="mt-4 rounded-xl border border-slate-200 bg-white p-4">
        <p className="text-sm text-slate-500">Oglas br. {listing.id}</p>
        <p className="font-semibold text-slate-900">{listing.title}</p>
        <p className="text-sm text-slate-600">
          {[listing.companyName, listing.place].filter(Boolean).join(" · ")}
        </p>
        {listing.live ? null : <p className="mt-2 text-sm text-amber-800">Oglas čeka odobrenje.</p>}
      </div>
      <Notice className="mt-4" tone="error" message={actionData?.message} />
      <PageOffers className="mt-4" listing={listing} token={token} offers={offers} />
    </div>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
