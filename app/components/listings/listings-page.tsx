import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { PublicListPage } from "~/components/public/list-page";
import { buttonClass } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { OptionsSelect } from "~/components/ui/options-select";
import { US_STATES } from "~/domain/companies/constants";
import { canonicalLinks } from "~/domain/cyrillic/urls";
import type { ListingCard } from "~/domain/listings/types";

/** One page of a public listings list, as the loader gives it. */
export type ListPage<Filters> = { rows: ListingCard[]; total: number; page: number; filters: Filters };

/** The head of `/poslovi` or `/kupoprodaja`: its title, description and canonical link. */
export function listingsMeta(title: string, description: string) {
  return ({ data }: { data?: { canonicalUrl: string } }) => [
    { title },
    { name: "description", content: description },
    ...(data ? canonicalLinks(data.canonicalUrl) : []),
  ];
}

/**
 * The frame of `/poslovi` and `/kupoprodaja`: title and the post button, the filter form (a GET
 * form: the filters live in the URL and work without JavaScript; the less used ones folded in a
 * `<details>`, so a phone sees the list at once), the count, the cards and the shared pagination.
 */
export function ListingsPage<Row extends { id: number }>({
  title,
  intro,
  path,
  newLabel,
  list,
  pageSize,
  empty,
  card,
  alertTo,
  ...filters
}: FilterFormProps & {
  title: string;
  intro: ReactNode;
  newLabel: string;
  /** "Obavesti me o novim oglasima": the alert form with these filters (docs/decisions/302). */
  alertTo: string;
  list: { rows: Row[]; page: number; total: number };
  pageSize: number;
  empty: string;
  /** One row's card (`index`: the first ones load their image at once). */
  card: (row: Row, index: number) => ReactNode;
}) {
  return (
    <PublicListPage
      className="max-w-6xl"
      title={title}
      intro={intro}
      add={{ to: `${path}/novi`, label: newLabel }}
      search={
        <>
          <FilterForm path={path} {...filters} />
          <p className="mt-3">
            <Link
              to={alertTo}
              className={buttonClass("secondary", "md", "w-full sm:w-auto")}
              data-testid="alert-link"
            >
              <span aria-hidden="true">🔔</span> Obavesti me o novim oglasima
              {filters.filtered ? " sa ovim filterima" : ""}
            </Link>
          </p>
        </>
      }
      list={list}
      pageSize={pageSize}
    >
      {list.total === 0 ? (
        <div className="mt-3 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-slate-600">
          <p>{empty}</p>
          {filters.filtered ? (
            <Link to={path} className="mt-2 inline-block font-medium text-brand-700 underline">
              Prikaži sve oglase
            </Link>
          ) : null}
        </div>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {list.rows.map((row, i) => (
            <li key={row.id}>{card(row, i)}</li>
          ))}
        </ul>
      )}
    </PublicListPage>
  );
}

type FilterFormProps = {
  path: string;
  /** The filters always in view (the search, with its hint, and the state), then the rest behind "Više filtera". */
  search: { q: string; state: string; placeholder: string };
  more: ReactNode;
  /** Some filter is on; `moreActive`: one of the folded ones (then they start unfolded). */
  filtered: boolean;
  moreActive: boolean;
};

function FilterForm({ path, search, more, filtered, moreActive }: FilterFormProps) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === path;
  return (
    <Form
      method="get"
      action={path}
      role="search"
      className="mt-5 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem_auto] sm:items-end">
        <FilterSearch value={search.q} placeholder={search.placeholder} />
        <FilterSelect
          id="drzava"
          name="drzava"
          label="Država"
          value={search.state}
          all="Sve države"
          options={US_STATES.map((s) => [s, s] as const)}
        />
        <button type="submit" className={buttonClass("primary", "md")} disabled={loading}>
          {loading ? "Traženje…" : "Traži"}
        </button>
      </div>
      <details className="group mt-2" open={moreActive || undefined}>
        <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-md py-1 text-sm font-medium text-brand-700 hover:text-brand-900 [&::-webkit-details-marker]:hidden">
          Više filtera{moreActive ? " (uključeni)" : ""}
          <span aria-hidden="true" className="transition group-open:rotate-180">
            ▾
          </span>
        </summary>
        <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">{more}</div>
      </details>
      {filtered ? (
        <p className="mt-2 text-sm">
          <Link to={path} className="font-medium text-slate-600 underline hover:text-slate-900">
            Poništi sve filtere
          </Link>
        </p>
      ) : null}
    </Form>
  );
}

/** A labelled filter control (the label is visible: filters are read on phones, not guessed). */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-semibold uppercase tracking-wide text-slate-500">
        {label}
      </label>
      {children}
    </div>
  );
}

export function FilterSelect({
  id,
  name,
  label,
  value,
  all,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  all: string;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <FilterField id={id} label={label}>
      <OptionsSelect id={id} name={name} defaultValue={value} options={[["", all], ...options]} />
    </FilterField>
  );
}

export type FilterChoice = Omit<Parameters<typeof FilterSelect>[0], "id">;

/** Several filter selects, each with the id of its URL name. */
export function FilterSelects({ choices }: { choices: readonly FilterChoice[] }) {
  return (
    <>
      {choices.map((choice) => (
        <FilterSelect key={choice.name} id={choice.name} {...choice} />
      ))}
    </>
  );
}

export function FilterSearch({ value, placeholder }: { value: string; placeholder: string }) {
  return (
    <FilterField id="q" label="Pretraga">
      <Input id="q" name="q" type="search" placeholder={placeholder} defaultValue={value} maxLength={100} />
    </FilterField>
  );
}
