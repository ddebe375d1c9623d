import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Pagination } from "~/components/pagination";
import { buttonClass } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/field";
import { US_STATES } from "~/domain/companies/constants";
import { resultCountLine, totalPagesOf } from "~/lib/pagination";

/**
 * The frame of `/poslovi` and `/kupoprodaja`: title and the post button, the filter form (a GET
 * form: the filters live in the URL and work without JavaScript; the less used ones folded in a
 * `<details>`, so a phone sees the list at once), the count, the list and the shared pagination.
 */
export function ListingsPage({
  title,
  intro,
  path,
  newLabel,
  search,
  more,
  filtered,
  moreActive,
  list: { page, total },
  pageSize,
  empty,
  children,
}: {
  title: string;
  intro: ReactNode;
  path: string;
  newLabel: string;
  /** The filters always in view (the search, with its hint, and the state), then the rest behind "Više filtera". */
  search: { q: string; state: string; placeholder: string };
  more: ReactNode;
  /** Some filter is on; `moreActive`: one of the folded ones (then they start unfolded). */
  filtered: boolean;
  moreActive: boolean;
  list: { page: number; total: number };
  pageSize: number;
  empty: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === path;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-slate-600">{intro}</p>
        </div>
        <Link to={`${path}/novi`} className={buttonClass("primary", "md", "w-full sm:w-auto")}>
          {newLabel}
        </Link>
      </div>

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

      <p className="mt-4 text-sm text-slate-600" aria-live="polite">
        {resultCountLine(page, pageSize, total)}
      </p>

      {total === 0 ? (
        <div className="mt-3 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-slate-600">
          <p>{empty}</p>
          {filtered ? (
            <Link to={path} className="mt-2 inline-block font-medium text-brand-700 underline">
              Prikaži sve oglase
            </Link>
          ) : null}
        </div>
      ) : (
        children
      )}
      <div className="mt-6">
        <Pagination page={page} totalPages={totalPagesOf(total, pageSize)} />
      </div>
    </div>
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
      <Select id={id} name={name} defaultValue={value}>
        <option value="">{all}</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </Select>
    </FilterField>
  );
}

export function FilterSearch({ value, placeholder }: { value: string; placeholder: string }) {
  return (
    <FilterField id="q" label="Pretraga">
      <Input id="q" name="q" type="search" placeholder={placeholder} defaultValue={value} maxLength={100} />
    </FilterField>
  );
}
