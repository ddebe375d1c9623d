import { Input, Select } from "~/components/ui/field";
import { ALL_COMPANY_CATEGORIES, US_STATES } from "~/domain/companies/constants";

/**
 * The company directory's filters — name search, category, state — shared by the public directory
 * (`/kompanije`) and the admin list; each page wraps them in its own GET form and buttons.
 */
export function CompanyFilterFields({
  filters,
  placeholder,
}: {
  filters: { search: string; category: string; state: string };
  placeholder: string;
}) {
  return (
    <>
      <label htmlFor="q" className="sr-only">
        Pretraga
      </label>
      <Input id="q" name="q" type="search" placeholder={placeholder} defaultValue={filters.search} />
      <label htmlFor="kategorija" className="sr-only">
        Kategorija
      </label>
      <Select id="kategorija" name="kategorija" defaultValue={filters.category}>
        <option value="">Sve kategorije</option>
        {ALL_COMPANY_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </Select>
      <label htmlFor="drzava" className="sr-only">
        Država
      </label>
      <Select id="drzava" name="drzava" defaultValue={filters.state}>
        <option value="">Sve države</option>
        {US_STATES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
    </>
  );
}
