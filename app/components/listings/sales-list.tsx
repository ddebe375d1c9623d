import { Fragment } from "react";
import { Link } from "react-router";
import { Input } from "~/components/ui/field";
import { hasSaleFilters, type SaleFilters } from "~/domain/listings/filters";
import {
  LISTINGS_PAGE_SIZE,
  optionsOf,
  SALE_CATEGORIES,
  SALE_CATEGORY_LABELS,
} from "~/domain/listings/options";
import { SaleCard } from "./listing-card";
import { FilterSelect, ListingsPage, type ListPage } from "./listings-page";

function RangeFields({
  label,
  name,
  from,
  to,
}: {
  label: string;
  name: string;
  from: number | null;
  to: number | null;
}) {
  return (
    <fieldset className="space-y-1 sm:col-span-1">
      <legend className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</legend>
      <div className="flex items-center gap-2">
        {(
          [
            ["od", from],
            ["do", to],
          ] as const
        ).map(([end, value]) => (
          <Fragment key={end}>
            {end === "do" ? <span aria-hidden="true">–</span> : null}
            <label htmlFor={`${name}-${end}`} className="sr-only">
              {`${label} ${end}`}
            </label>
            <Input
              id={`${name}-${end}`}
              name={`${name}-${end}`}
              inputMode="numeric"
              placeholder={end}
              defaultValue={value ?? ""}
            />
          </Fragment>
        ))}
      </div>
    </fieldset>
  );
}

/** The buy/sell filters beyond the words and the state (the list folds them; the alert form shows them). */
export function SaleMoreFilters({ filters }: { filters: SaleFilters }) {
  return (
    <>
      <FilterSelect
        id="vrsta"
        name="vrsta"
        label="Šta"
        value={filters.category}
        all="Sve"
        options={optionsOf(SALE_CATEGORIES, SALE_CATEGORY_LABELS)}
      />
      <RangeFields label="Cena ($)" name="cena" from={filters.priceMin} to={filters.priceMax} />
      <RangeFields label="Godište" name="godiste" from={filters.yearMin} to={filters.yearMax} />
      <p className="self-end text-xs text-slate-500">
        Oglasi sa cenom „po dogovoru“ ne ulaze u pretragu po ceni.
      </p>
    </>
  );
}

/** `/kupoprodaja`: the buy/sell list with its filters (price and year ranges). */
export function SalesList({ list, alertTo }: { list: ListPage<SaleFilters>; alertTo: string }) {
  const { filters } = list;
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
      list={list}
      pageSize={LISTINGS_PAGE_SIZE}
      empty="Nema oglasa za izabrane filtere."
      search={{ q: filters.q, state: filters.state, placeholder: "Marka, model, grad…" }}
      card={(sale, i) => <SaleCard sale={sale} eager={i < 3} />}
      more={<SaleMoreFilters filters={filters} />}
      alertTo={alertTo}
    />
  );
}
