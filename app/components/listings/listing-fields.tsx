import type { ReactNode } from "react";
import { SelectField, TextField } from "~/components/ui/field";
import { US_STATES } from "~/domain/companies/constants";
import {
  CDL_CLASSES,
  CDL_LABELS,
  CONDITION_LABELS,
  ENDORSEMENT_LABELS,
  ENDORSEMENTS,
  EQUIPMENT_LABELS,
  EQUIPMENT_TYPES,
  HOME_TIME_LABELS,
  HOME_TIMES,
  JOB_POSITIONS,
  optionsOf,
  PAY_UNIT_LABELS,
  PAY_UNITS,
  POSITION_LABELS,
  ROUTE_TYPE_LABELS,
  ROUTE_TYPES,
  SALE_CATEGORIES,
  SALE_CATEGORY_LABELS,
  SALE_CONDITIONS,
} from "~/domain/listings/options";
import type { ListingPhoto } from "~/domain/listings/types";
import type { FieldErrors, FormValues } from "~/lib/form";
import { CheckboxGroup } from "./checkbox-group";
import { PhotoInput } from "./photo-input";

type FieldProps = { values: FormValues; errors: FieldErrors; idPrefix: string };

/**
 * One control of a listing form, described as data: a select when it has `options`, a text control
 * (a textarea with `multiline`) otherwise. The forms below are lists of these.
 */
type FieldSpec = {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  placeholder?: string;
  maxLength?: number;
  multiline?: boolean;
  rows?: number;
  type?: string;
  inputMode?: "decimal" | "numeric" | "tel" | "email";
  autoComplete?: string;
  options?: readonly (string | readonly [string, string])[];
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 border-t border-slate-100 pt-4 first:border-t-0 first:pt-0">
      <legend className="mb-1 text-base font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The controls of `specs`, one under the other, or side by side from `sm` up with `columns`. */
function Fields({ specs, columns, ...props }: FieldProps & { specs: readonly FieldSpec[]; columns?: 2 | 3 }) {
  const fields = specs.map(({ options, ...spec }) =>
    options ? (
      <SelectField key={spec.name} {...props} {...spec} options={options} />
    ) : (
      <TextField key={spec.name} {...props} {...spec} />
    ),
  );
  if (!columns) return <>{fields}</>;
  return (
    <div className={columns === 3 ? "grid gap-4 sm:grid-cols-3" : "grid gap-4 sm:grid-cols-2"}>{fields}</div>
  );
}

const PICK = "Izaberite";

const LOCATION: FieldSpec[] = [
  { name: "city", label: "Grad", required: true, maxLength: 100, autoComplete: "address-level2" },
  { name: "state", label: "Država", required: true, placeholder: "Izaberite državu", options: US_STATES },
];

const CONTACT_NAME: FieldSpec = {
  name: "contactName",
  label: "Ime i prezime",
  required: true,
  maxLength: 100,
  autoComplete: "name",
};

const CONTACT_WAYS: FieldSpec[] = [
  {
    name: "contactPhone",
    label: "Telefon",
    type: "tel",
    inputMode: "tel",
    autoComplete: "tel",
    placeholder: "+1 (312) 555-0100",
  },
  {
    name: "contactEmail",
    label: "E-pošta",
    type: "email",
    inputMode: "email",
    autoComplete: "email",
    placeholder: "ime@primer.com",
  },
];

function LocationAndContact(props: FieldProps) {
  return (
    <>
      <Section title="Lokacija">
        <Fields {...props} specs={LOCATION} columns={2} />
      </Section>
      <Section title="Kontakt">
        <p className="-mt-2 text-sm text-slate-600">
          Potreban je telefon ili e-pošta (ili oboje). Prikazujemo ih u oglasu.
        </p>
        <Fields {...props} specs={[CONTACT_NAME]} />
        <Fields {...props} specs={CONTACT_WAYS} columns={2} />
      </Section>
    </>
  );
}

const JOB = {
  names: [
    {
      name: "title",
      label: "Naziv posla",
      required: true,
      maxLength: 120,
      hint: "Npr. „CDL-A vozač za OTR ture“ ili „Dispečer sa iskustvom“.",
    },
    { name: "companyName", label: "Kompanija", required: true, maxLength: 200, autoComplete: "organization" },
  ],
  kind: [
    {
      name: "position",
      label: "Vrsta posla",
      required: true,
      placeholder: PICK,
      options: optionsOf(JOB_POSITIONS, POSITION_LABELS),
    },
    {
      name: "routeType",
      label: "Ture",
      placeholder: "Nije vezano za ture",
      options: optionsOf(ROUTE_TYPES, ROUTE_TYPE_LABELS),
    },
  ],
  cdl: [
    {
      name: "cdlClass",
      label: "Potrebna CDL dozvola",
      required: true,
      options: optionsOf(CDL_CLASSES, CDL_LABELS),
    },
  ],
  pay: [
    { name: "payMin", label: "Plata od", inputMode: "decimal", placeholder: "npr. 0,65" },
    { name: "payMax", label: "Plata do (nije obavezno)", inputMode: "decimal" },
    {
      name: "payUnit",
      label: "Kako se računa",
      placeholder: PICK,
      options: optionsOf(PAY_UNITS, PAY_UNIT_LABELS),
    },
  ],
  terms: [
    {
      name: "homeTime",
      label: "Kod kuće",
      placeholder: "Nije navedeno",
      options: optionsOf(HOME_TIMES, HOME_TIME_LABELS),
    },
    {
      name: "requirements",
      label: "Uslovi",
      multiline: true,
      rows: 3,
      maxLength: 2000,
      hint: "Npr. godine iskustva, čist MVR, bez DUI.",
    },
    {
      name: "description",
      label: "Opis posla",
      required: true,
      multiline: true,
      rows: 6,
      maxLength: 5000,
      hint: "Šta nudite: ture, kamioni, bonusi, osiguranje, kako se prijaviti.",
    },
  ],
} satisfies Record<string, FieldSpec[]>;

/** The job form's fields (public posting and the admin editor). */
export function JobFields({ companyChoice, ...props }: FieldProps & { companyChoice?: ReactNode }) {
  return (
    <div className="space-y-6">
      <Section title="O poslu">
        <Fields {...props} specs={JOB.names} />
        {companyChoice}
        <Fields {...props} specs={JOB.kind} columns={2} />
        <CheckboxGroup
          {...props}
          name="equipment"
          label="Oprema"
          hint="Označite sve što važi."
          options={optionsOf(EQUIPMENT_TYPES, EQUIPMENT_LABELS)}
        />
        <Fields {...props} specs={JOB.cdl} />
        <CheckboxGroup
          {...props}
          name="endorsements"
          label="Potrebne dozvole (endorsements)"
          options={optionsOf(ENDORSEMENTS, ENDORSEMENT_LABELS)}
        />
      </Section>
      <Section title="Plata i uslovi">
        <Fields {...props} specs={JOB.pay} columns={3} />
        <Fields {...props} specs={JOB.terms} />
      </Section>
      <LocationAndContact {...props} />
    </div>
  );
}

const SALE = {
  kind: [
    {
      name: "saleCategory",
      label: "Kategorija",
      required: true,
      placeholder: PICK,
      options: optionsOf(SALE_CATEGORIES, SALE_CATEGORY_LABELS),
    },
    {
      name: "condition",
      label: "Stanje",
      required: true,
      placeholder: PICK,
      options: optionsOf(SALE_CONDITIONS, CONDITION_LABELS),
    },
  ],
  title: [
    {
      name: "title",
      label: "Naslov oglasa",
      required: true,
      maxLength: 120,
      hint: "Npr. „Freightliner Cascadia 2019, 412.000 milja“.",
    },
  ],
  vehicle: [
    { name: "make", label: "Marka", maxLength: 60, hint: "Obavezno za kamion i prikolicu." },
    { name: "model", label: "Model", maxLength: 60 },
    { name: "year", label: "Godište", inputMode: "numeric", maxLength: 4, placeholder: "npr. 2019" },
    { name: "mileage", label: "Pređeno (milja)", inputMode: "numeric", placeholder: "npr. 412.000" },
  ],
  price: [
    {
      name: "price",
      label: "Cena ($)",
      inputMode: "decimal",
      placeholder: "npr. 45.000",
      hint: "Ostavite prazno za „po dogovoru“.",
    },
    { name: "description", label: "Opis", required: true, multiline: true, rows: 6, maxLength: 5000 },
  ],
} satisfies Record<string, FieldSpec[]>;

/** The buy/sell form's fields (public posting and the admin editor). */
export function SaleFields({
  maxYear,
  existingPhotos = [],
  photosLost,
  ...props
}: FieldProps & { maxYear: number; existingPhotos?: readonly ListingPhoto[]; photosLost?: boolean }) {
  return (
    <div className="space-y-6">
      <Section title="Šta prodajete">
        <Fields {...props} specs={SALE.kind} columns={2} />
        <Fields {...props} specs={SALE.title} />
        <Fields {...props} specs={SALE.vehicle} columns={2} />
        <Fields {...props} specs={SALE.price} />
        <PhotoInput
          idPrefix={props.idPrefix}
          error={props.errors.photos}
          existing={existingPhotos}
          photosLost={photosLost}
        />
      </Section>
      <LocationAndContact {...props} />
    </div>
  );
}

/**
 * The poster's own address on the public forms (docs/decisions/300): required, not shown in the
 * listing (unless also given as the contact e-mail); the management link goes there.
 */
export function PosterEmailField(props: FieldProps) {
  return (
    <Section title="Upravljanje oglasom">
      <TextField
        {...props}
        name="posterEmail"
        label="Vaša e-pošta"
        required
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={254}
        placeholder="ime@primer.com"
        hint="Ne prikazujemo je u oglasu. Na nju šaljemo privatni link za izmenu, obnavljanje i brisanje oglasa."
      />
    </Section>
  );
}
