import { JobsList } from "~/components/listings/jobs-list";
import { listingsMeta } from "~/components/listings/listings-page";
import { SalesList } from "~/components/listings/sales-list";
import { PublicRouteError } from "~/components/public/route-error";
import { parseJobFilters, parseSaleFilters } from "~/domain/listings/filters";
import { listingKindOfPath } from "~/domain/listings/format";
import { listPublicJobs, listPublicSales } from "~/domain/listings/listings.server";
import { PUBLIC_LIST_CACHE } from "~/lib/http-cache";
import type { Route } from "./+types/listings";
import { loadListingsList } from "./listings-list.server";

/**
 * `/poslovi` and `/kupoprodaja` (one route module, two routes): live listings of the kind, featured
 * first, then newest; filters and search in the URL; 20 a page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return listingKindOfPath(new URL(request.url).pathname) === "job"
    ? {
        kind: "job" as const,
        ...(await loadListingsList(request, "/poslovi", parseJobFilters, listPublicJobs)),
      }
    : {
        kind: "sale" as const,
        ...(await loadListingsList(request, "/kupoprodaja", parseSaleFilters, listPublicSales)),
      };
}

export function headers() {
  return { "Cache-Control": PUBLIC_LIST_CACHE };
}

const jobsMeta = listingsMeta(
  "Poslovi za vozače — Balkan Vozači",
  "Poslovi za CDL vozače, owner-operatore, dispečere i mehaničare širom Amerike — OTR, regionalne i lokalne ture.",
);

const salesMeta = listingsMeta(
  "Kupoprodaja kamiona, prikolica i delova — Balkan Vozači",
  "Kamioni, prikolice i delovi na prodaju u našoj zajednici širom Amerike.",
);

export const meta: Route.MetaFunction = ({ data, location }) =>
  (listingKindOfPath(location.pathname) === "job" ? jobsMeta : salesMeta)({ data });

export default function ListingsList({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === "job" ? (
    <JobsList list={loaderData} alertTo={loaderData.alertTo} />
  ) : (
    <SalesList list={loaderData} alertTo={loaderData.alertTo} />
  );
}

export { PublicRouteError as ErrorBoundary };
