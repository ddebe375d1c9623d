import type { ReactNode } from "react";
import { Form } from "react-router";
import { Input } from "~/components/ui/field";
import { OptionsSelect } from "~/components/ui/options-select";
import { ALL_COMPANY_CATEGORIES, type CompanyFilters, US_STATES } from "~/domain/companies/constants";

/** Some filter of the directory is on. */
export function hasCompanyFilters(filters: CompanyFilters): boolean {
  return filters.search !== "" || filters.category !== "" || filters.state !== "";
}

/** A select whose label only a screen reader reads (the first option says what it is). */
function QuietSelect({
  name,
  label,
  all,
  value,
  options,
}: {
  name: string;
  label: string;
  all: string;
  value: string;
  options: readonly string[];
}) {
  return (
    <>
      <label htmlFor={name} className="sr-only">
        {label}
      </label>
      <OptionsSelect
        id={name}
        name={name}
        defaultValue={value}
        options={[["", all], ...options.map((option) => [option, option] as const)]}
      />
    </>
  );
}

/**
 * The company directory's filters — name search, category, state — shared by the public directory
 * (`/kompanije`) and the admin list.
 */
export function CompanyFilterFields({
  filters,
  placeholder,
}: {
  filters: CompanyFilters;
  placeholder: string;
}) {
  return (
    <>
      <label htmlFor="q" className="sr-only">
        Pretraga
      </label>
      <Input id="q" name="q" type="search" placeholder={placeholder} defaultValue={filters.search} />
      <QuietSelect
        name="kategorija"
        label="Kategorija"
        all="Sve kategorije"
        value={filters.category}
        options={ALL_COMPANY_CATEGORIES}
      />
      <QuietSelect name="drzava" label="Država" all="Sve države" value={filters.state} options={US_STATES} />
    </>
  );
}

/**
 * The directory's filter bar: a GET search form with the filters, laid out by `className`;
 * `children` are the page's own buttons (search, clear).
 */
export function CompanyFilterBar({
  filters,
  placeholder,
  className,
  children,
}: {
  filters: CompanyFilters;
  placeholder: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Form method="get" role="search" className={className}>
      <CompanyFilterFields filters={filters} placeholder={placeholder} />
      {children}
    </Form>
  );
}
