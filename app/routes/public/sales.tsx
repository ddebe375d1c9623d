import { data, Link } from "react-router";
import { SaleCard } from "~/components/listings/listing-card";
import { FilterSelect, ListingsPage } from "~/components/listings/listings-page";
import { PublicRouteError } from "~/components/public/route-error";
import { Input } from "~/components/ui/field";
import { canonicalLinks } from "~/domain/cyrillic/urls";
import { hasSaleFilters, parseSaleFilters } from "~/domain/listings/filters";
import { listPublicSales } from "~/domain/listings/listings.server";
import {
  LISTINGS_PAGE_SIZE,
  optionsOf,
  SALE_CATEGORIES,
  SALE_CATEGORY_LABELS,
} from "~/domain/listings/options";
import { publicOrigin } from "~/http/public-origin.server";
import { PUBLIC_LIST_CACHE } from "~/lib/http-cache";
import { parsePage, totalPagesOf } from "~/lib/pagination";
import { getDb } from "~/services.server";
import type { Route } from "./+types/sales";

/** `/kupoprodaja`: live buy/sell listings, featured first, then newest; filters in the URL; 20 a page. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = parseSaleFilters(url.searchParams);
  const page = parsePage(url.searchParams.get("page"));
  const { rows, total } = await listPublicSales(getDb(), filters, page, LISTINGS_PAGE_SIZE);
  if (page > totalPagesOf(total, LISTINGS_PAGE_SIZE)) throw data(null, { status: 404 });
  return { rows, total, page, filters, canonicalUrl: `${publicOrigin(request)}/kupoprodaja` };
}

export function headers() {
  return { "Cache-Control": PUBLIC_LIST_CACHE };
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: "Kupoprodaja kamiona, prikolica i delova — Balkan Vozači" },
  {
    name: "description",
    content: "Kamioni, prikolice i delovi na prodaju u našoj zajednici širom Amerike.",
  },
  ...(d ? canonicalLinks(d.canonicalUrl) : []),
];

function RangeFields({
  label,
  name,
  from,
  to,
  placeholder,
}: {
  label: string;
  name: string;
  from: number | null;
  to: number | null;
  placeholder: [string, string];
}) {
  return (
    <fieldset className="space-y-1 sm:col-span-1">
      <legend className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</legend>
      <div className="flex items-center gap-2">
        <label htmlFor={`${name}-od`} className="sr-only">
          {label} od
        </label>
        <Input
          id={`${name}-od`}
          name={`${name}-od`}
          inputMode="numeric"
          placeholder={placeholder[0]}
          defaultValue={from ?? ""}
        />
        <span aria-hidden="true">–</span>
        <label htmlFor={`${name}-do`} className="sr-only">
          {label} do
        </label>
        <Input
          id={`${name}-do`}
          name={`${name}-do`}
          inputMode="numeric"
          placeholder={placeholder[1]}
          defaultValue={to ?? ""}
        />
      </div>
    </fieldset>
  );
}

export default function Sales({ loaderData }: Route.ComponentProps) {
  const { rows, filters } = loaderData;
  const moreActive = Boolean(
    filters.category ||
      filters.priceMin !== null ||
      filters.priceMax !== null ||
      filters.yearMin !== null ||
      filters.yearMax !== null,
  );
  return (
    <ListingsPage
      title="Kupoprodaja"
      intro={
        <>
          Kamioni, prikolice i delovi koje prodaju sami vozači — oglasi firmi su u{" "}
          <Link to="/oglasi" className="font-medium text-brand-700 underline hover:text-brand-900">
            Oglasima
          </Link>
          .
        </>
      }
      path="/kupoprodaja"
      newLabel="Postavite oglas za prodaju"
      filtered={hasSaleFilters(filters)}
      moreActive={moreActive}
      list={loaderData}
      pageSize={LISTINGS_PAGE_SIZE}
      empty="Nema oglasa za izabrane filtere."
      search={{ q: filters.q, state: filters.state, placeholder: "Marka, model, grad…" }}
      more={
        <>
          <FilterSelect
            id="vrsta"
            name="vrsta"
            label="Šta"
            value={filters.category}
            all="Sve"
            options={optionsOf(SALE_CATEGORIES, SALE_CATEGORY_LABELS)}
          />
          <RangeFields
            label="Cena ($)"
            name="cena"
            from={filters.priceMin}
            to={filters.priceMax}
            placeholder={["od", "do"]}
          />
          <RangeFields
            label="Godište"
            name="godiste"
            from={filters.yearMin}
            to={filters.yearMax}
            placeholder={["od", "do"]}
          />
          <p className="self-end text-xs text-slate-500">
            Oglasi sa cenom „po dogovoru“ ne ulaze u pretragu po ceni.
          </p>
        </>
      }
    >
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {rows.map((sale, i) => (
          <li key={sale.id}>
            <SaleCard sale={sale} eager={i < 3} />
          </li>
        ))}
      </ul>
    </ListingsPage>
  );
}

export { PublicRouteError as ErrorBoundary };
