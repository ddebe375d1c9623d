import { ImageField } from "~/components/media/image-field";
import { Field, Input, Select } from "~/components/ui/field";
import { US_STATES } from "~/domain/companies/constants";
import type { CompanyField, CompanyFormMode, CompanyInput } from "~/domain/companies/validation";
import { ListInput } from "./list-input";

type Errors = Partial<Record<CompanyField, string>>;

const textarea =
  "block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200";

/** A stored company or request as the form's text values. */
export function companyToInput(row: {
  name: string;
  description: string | null;
  location: string | null;
  state: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  logo: string | null;
  category: string | null;
  services: string[];
  yearEstablished: number | null;
  fleetSize: string | null;
  specialties: string[];
}): CompanyInput {
  return {
    name: row.name,
    description: row.description ?? "",
    location: row.location ?? "",
    state: row.state ?? "",
    phone: row.phone ?? "",
    email: row.email ?? "",
    website: row.website ?? "",
    logo: row.logo ?? "",
    category: row.category ?? "",
    services: row.services,
    yearEstablished: row.yearEstablished ? String(row.yearEstablished) : "",
    fleetSize: row.fleetSize ?? "",
    specialties: row.specialties,
  };
}

const asList = (v: string | string[]) =>
  Array.isArray(v)
    ? v
    : v
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean);
const asText = (v: string | string[]) => (Array.isArray(v) ? v.join(", ") : v);

/**
 * The fields a company and a company request share, for the three forms of spec §5: the admin
 * company form (services and specialties one at a time), the admin request editor and the public
 * request form (comma-separated). Values stay as typed after a failed submit.
 */
export function CompanyFields({
  mode,
  values,
  errors,
  categories,
  maxYear,
  idPrefix = "company",
}: {
  mode: CompanyFormMode;
  values: CompanyInput;
  errors: Errors;
  categories: readonly string[];
  maxYear: number;
  idPrefix?: string;
}) {
  const id = (f: string) => `${idPrefix}-${f}`;
  const err = (f: CompanyField) => errors[f];
  const fleetIsNumber = mode !== "company";
  return (
    <div className="space-y-4">
      <Field id={id("name")} label="Naziv kompanije *" error={err("name")}>
        <Input
          id={id("name")}
          name="name"
          required
          maxLength={200}
          defaultValue={values.name}
          invalid={Boolean(err("name"))}
          autoComplete="organization"
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("category")} label="Kategorija" error={err("category")}>
          <Select
            id={id("category")}
            name="category"
            defaultValue={values.category}
            invalid={Boolean(err("category"))}
          >
            {mode === "company" ? null : <option value="">Izaberite kategoriju</option>}
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={id("state")} label="Država" error={err("state")}>
          <Select id={id("state")} name="state" defaultValue={values.state} invalid={Boolean(err("state"))}>
            <option value="">Izaberite državu</option>
            {US_STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field id={id("location")} label="Grad" error={err("location")}>
        <Input
          id={id("location")}
          name="location"
          defaultValue={values.location}
          autoComplete="address-level2"
        />
      </Field>
      <Field id={id("description")} label="Opis" error={err("description")}>
        <textarea
          id={id("description")}
          name="description"
          rows={4}
          maxLength={10000}
          defaultValue={values.description}
          className={`${textarea} border-slate-300`}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("phone")} label="Telefon" error={err("phone")}>
          <Input
            id={id("phone")}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            defaultValue={values.phone}
            invalid={Boolean(err("phone"))}
          />
        </Field>
        <Field id={id("email")} label="Email" error={err("email")}>
          <Input
            id={id("email")}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            defaultValue={values.email}
            invalid={Boolean(err("email"))}
          />
        </Field>
      </div>
      <Field id={id("website")} label="Veb sajt" error={err("website")} hint="npr. https://kompanija.com">
        <Input
          id={id("website")}
          name="website"
          type="url"
          inputMode="url"
          autoComplete="url"
          defaultValue={values.website}
          invalid={Boolean(err("website"))}
        />
      </Field>
      {mode === "public" ? null : (
        <ImageField
          id={id("logo")}
          name="logo"
          label="Logo"
          defaultValue={values.logo}
          error={err("logo")}
          hint="Adresa slike (https://… ili /…), otpremanje ili izbor iz biblioteke. Bez logoa se prikazuje podrazumevana slika kompanije."
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("yearEstablished")} label="Godina osnivanja" error={err("yearEstablished")}>
          <Input
            id={id("yearEstablished")}
            name="yearEstablished"
            type="number"
            inputMode="numeric"
            min={1900}
            max={maxYear}
            defaultValue={values.yearEstablished}
            invalid={Boolean(err("yearEstablished"))}
          />
        </Field>
        <Field
          id={id("fleetSize")}
          label="Veličina flote"
          error={err("fleetSize")}
          hint={fleetIsNumber ? "Broj kamiona" : "npr. 25 kamiona"}
        >
          <Input
            id={id("fleetSize")}
            name="fleetSize"
            type={fleetIsNumber ? "number" : "text"}
            inputMode={fleetIsNumber ? "numeric" : undefined}
            min={fleetIsNumber ? 1 : undefined}
            defaultValue={values.fleetSize}
            invalid={Boolean(err("fleetSize"))}
          />
        </Field>
      </div>
      {mode === "company" ? (
        <>
          <ListInput
            name="services"
            label="Usluge"
            placeholder="npr. OTR ture"
            defaultValue={asList(values.services)}
          />
          <ListInput
            name="specialties"
            label="Specijalnosti"
            placeholder="npr. Reefer"
            defaultValue={asList(values.specialties)}
          />
        </>
      ) : (
        <>
          <Field id={id("services")} label="Usluge" hint="Odvojite zarezom, npr. OTR ture, Lokalni prevoz">
            <Input id={id("services")} name="services" defaultValue={asText(values.services)} />
          </Field>
          <Field id={id("specialties")} label="Specijalnosti" hint="Odvojite zarezom, npr. Reefer, Flatbed">
            <Input id={id("specialties")} name="specialties" defaultValue={asText(values.specialties)} />
          </Field>
        </>
      )}
    </div>
  );
}
