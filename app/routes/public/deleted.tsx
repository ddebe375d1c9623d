import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { KIND_SECTIONS, type ListingKind } from "~/domain/listings/options";
import { ALERT_MESSAGES } from "~/messages/alerts";
import { OWNER_MESSAGES } from "~/messages/listings";
import type { Route } from "./+types/deleted";
import { PRIVATE_PAGE_HEADERS, PRIVATE_PAGE_META } from "./private-page";

/** Where a deletion through a private link lands: the link's own page is 404 from then on. */
export const LISTING_DELETED_PATH = "/moj-oglas/obrisan";
export const ALERT_DELETED_PATH = "/obavestenja/obrisano";

export function deletedPath(what: "listing" | "alert", kind: ListingKind): string {
  return `${what === "listing" ? LISTING_DELETED_PATH : ALERT_DELETED_PATH}?vrsta=${kind === "sale" ? "kupoprodaja" : "poslovi"}`;
}

/**
 * `/moj-oglas/obrisan` and `/obavestenja/obrisano`: the answer after the poster deleted their
 * listing or the visitor their alert (docs/decisions/300, 302). A page of its own, because after a
 * plain form's POST the deleted thing's page would load again and find nothing (404).
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind: ListingKind = url.searchParams.get("vrsta") === "kupoprodaja" ? "sale" : "job";
  return {
    what: url.pathname.endsWith(ALERT_DELETED_PATH) ? ("alert" as const) : ("listing" as const),
    kind,
  };
}

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: "Obrisano — Balkan Vozači" }, ...PRIVATE_PAGE_META];

export default function Deleted({ loaderData }: Route.ComponentProps) {
  const section = KIND_SECTIONS[loaderData.kind];
  const listing = loaderData.what === "listing";
  return (
    <div className="mx-auto max-w-xl px-4 py-10 text-center">
      <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 px-5 py-8">
        <h1 className="text-2xl font-bold text-emerald-900">
          {listing ? "Oglas je obrisan" : "Obaveštenje je obrisano"}
        </h1>
        <p className="mt-2 text-emerald-900">{listing ? OWNER_MESSAGES.deleted : ALERT_MESSAGES.deleted}</p>
      </div>
      <Link to={section.path} className={buttonClass("primary", "md", "mt-6")}>
        Nazad na {section.title.toLowerCase()}
      </Link>
    </div>
  );
}
