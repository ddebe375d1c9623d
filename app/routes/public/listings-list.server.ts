import { data } from "react-router";
import type { DbOrTx } from "~/db/client.server";
import { filterParams, parseAlertFilters } from "~/domain/alerts/filters";
import { newAlertPath } from "~/domain/alerts/options";
import { listingKindOfPath } from "~/domain/listings/format";
import type { PublicPage } from "~/domain/listings/listings.server";
import { LISTINGS_PAGE_SIZE } from "~/domain/listings/options";
import { publicOrigin } from "~/http/public-origin.server";
import { parsePage, totalPagesOf } from "~/lib/pagination";
import { getDb } from "~/services.server";

/**
 * The loader of `/poslovi` and `/kupoprodaja`: the filters and the page from the URL, one page of
 * live listings. A page past the last one does not exist (decision 032).
 */
export async function loadListingsList<Filters>(
  request: Request,
  path: string,
  parseFilters: (params: URLSearchParams) => Filters,
  list: (db: DbOrTx, filters: Filters, page: number, pageSize: number) => Promise<PublicPage>,
) {
  const url = new URL(request.url);
  const filters = parseFilters(url.searchParams);
  const page = parsePage(url.searchParams.get("page"));
  const { rows, total } = await list(getDb(), filters, page, LISTINGS_PAGE_SIZE);
  if (page > totalPagesOf(total, LISTINGS_PAGE_SIZE)) throw data(null, { status: 404 });
  // The alert form of this list keeps its filters (the list's own URL words, without the page).
  const query = new URLSearchParams(url.searchParams);
  query.delete("page");
  return {
    rows,
    total,
    page,
    filters,
    canonicalUrl: `${publicOrigin(request)}${path}`,
    alertTo: newAlertPath(
      listingKindOfPath(path),
      filterParams(parseAlertFilters(listingKindOfPath(path), query)).toString(),
    ),
  };
}
