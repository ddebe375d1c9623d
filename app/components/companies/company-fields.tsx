import { ImageField } from "~/components/media/image-field";
import { SelectField, TextField } from "~/components/ui/field";
import { DEFAULT_COMPANY_CATEGORY, US_STATES } from "~/domain/companies/constants";
import type { CompanyData, CompanyFormMode, CompanyInput } from "~/domain/companies/validation";
import { type FieldErrors, type FormValue, type FormValues, listOf, textValue } from "~/lib/form";
import { ListInput } from "./list-input";

/** A list shown in a comma-separated field (the request editor shows stored lists this way). */
const asText = (v: FormValue | undefined) => (Array.isArray(v) ? v.join(", ") : (v ?? ""));

/**
 * An empty company form: every field blank, spec §9's default category; `overrides` for the rest
 * (the admin form starts at the current year and with lists).
 */
export function blankCompanyInput(overrides: Partial<CompanyInput> = {}): CompanyInput {
  return {
    name: "",
    description: "",
    location: "",
    state: "",
    phone: "",
    email: "",
    website: "",
    logo: "",
    category: DEFAULT_COMPANY_CATEGORY,
    services: "",
    yearEstablished: "",
    fleetSize: "",
    specialties: "",
    ...overrides,
  };
}

/** A stored company or request as the form's text values. */
export function companyToInput(row: CompanyData): CompanyInput {
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

type FieldProps = { values: FormValues; errors: FieldErrors; idPrefix: string };

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
  values: FormValues;
  errors: FieldErrors;
  categories: readonly string[];
  maxYear: number;
  idPrefix?: string;
}) {
  const field = { values, errors, idPrefix };
  return (
    <div className="space-y-4">
      <AboutFields {...field} mode={mode} categories={categories} />
      <ContactFields {...field} />
      {mode === "public" ? null : (
        <ImageField
          id={`${idPrefix}-logo`}
          name="logo"
          label="Logo"
          defaultValue={textValue(values, "logo")}
          error={errors.logo}
          hint="Adresa slike (https://… ili /…), otpremanje ili izbor iz biblioteke. Bez logoa se prikazuje podrazumevana slika kompanije."
        />
      )}
      <FleetFields {...field} fleetIsNumber={mode !== "company"} maxYear={maxYear} />
      <ListFields {...field} oneAtATime={mode === "company"} />
    </div>
  );
}

/** Name, category, state, city and description. */
function AboutFields({
  mode,
  categories,
  ...field
}: FieldProps & { mode: CompanyFormMode; categories: readonly string[] }) {
  return (
    <>
      <TextField
        {...field}
        name="name"
        label="Naziv kompanije *"
        maxLength={200}
        autoComplete="organization"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          {...field}
          name="category"
          label="Kategorija"
          options={categories}
          placeholder={mode === "company" ? undefined : "Izaberite kategoriju"}
        />
        <SelectField
          {...field}
          name="state"
          label="Država"
          options={US_STATES}
          placeholder="Izaberite državu"
        />
      </div>
      <TextField {...field} name="location" label="Grad" autoComplete="address-level2" />
      <TextField {...field} name="description" label="Opis" multiline rows={4} maxLength={10000} />
    </>
  );
}

/** Phone, e-mail and website. */
function ContactFields(field: FieldProps) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field} name="phone" label="Telefon" type="tel" inputMode="tel" autoComplete="tel" />
        <TextField
          {...field}
          name="email"
          label="E-pošta"
          type="email"
          autoComplete="email"
          maxLength={254}
        />
      </div>
      <TextField
        {...field}
        name="website"
        label="Veb sajt"
        type="url"
        inputMode="url"
        autoComplete="url"
        hint="npr. https://kompanija.com"
      />
    </>
  );
}

/** Year established and fleet size (a number of trucks on the request forms, free text on a company). */
function FleetFields({
  fleetIsNumber,
  maxYear,
  ...field
}: FieldProps & { fleetIsNumber: boolean; maxYear: number }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        {...field}
        name="yearEstablished"
        label="Godina osnivanja"
        type="number"
        inputMode="numeric"
        min={1900}
        max={maxYear}
      />
      <TextField
        {...field}
        name="fleetSize"
        label="Veličina flote"
        hint={fleetIsNumber ? "Broj kamiona" : "npr. 25 kamiona"}
        type={fleetIsNumber ? "number" : "text"}
        inputMode={fleetIsNumber ? "numeric" : undefined}
        min={fleetIsNumber ? 1 : undefined}
      />
    </div>
  );
}

/** Services and specialties: name, label, the list input's placeholder, the comma field's hint. */
const LISTS = [
  ["services", "Usluge", "npr. OTR ture", "Odvojite zarezom, npr. OTR ture, Lokalni prevoz"],
  ["specialties", "Specijalnosti", "npr. Reefer", "Odvojite zarezom, npr. Reefer, Flatbed"],
] as const;

/** Services and specialties: one at a time (the company form) or comma-separated (the request forms). */
function ListFields({ oneAtATime, values, ...field }: FieldProps & { oneAtATime: boolean }) {
  const commaValues = {
    ...values,
    services: asText(values.services),
    specialties: asText(values.specialties),
  };
  return (
    <>
      {LISTS.map(([name, label, placeholder, hint]) =>
        oneAtATime ? (
          <ListInput
            key={name}
            name={name}
            label={label}
            placeholder={placeholder}
            defaultValue={listOf(values, name)}
          />
        ) : (
          <TextField key={name} {...field} values={commaValues} name={name} label={label} hint={hint} />
        ),
      )}
    </>
  );
}
