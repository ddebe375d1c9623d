import { type ReactNode, useEffect, useRef } from "react";
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
  LISTING_MESSAGES,
  MAX_PHOTOS,
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
import { thumbnailUrl } from "~/domain/media/responsive";
import { type FieldErrors, type FormValues, listOf } from "~/lib/form";
import { bindFileSummaries } from "~/public-client/file-summary";

type FieldProps = { values: FormValues; errors: FieldErrors; idPrefix: string };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 border-t border-slate-100 pt-4 first:border-t-0 first:pt-0">
      <legend className="mb-1 text-base font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A group of checkboxes sharing one name (read with getAll), with its own error. */
function CheckboxGroup({
  name,
  label,
  options,
  values,
  errors,
  idPrefix,
  hint,
}: FieldProps & { name: string; label: string; options: readonly [string, string][]; hint?: string }) {
  const checked = new Set(listOf(values, name));
  const error = errors[name];
  const errorId = `${idPrefix}-${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-700">{label}</legend>
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <div className="mt-2 grid grid-cols-1 gap-2 min-[420px]:grid-cols-2">
        {options.map(([value, text]) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-brand-400 has-[:checked]:bg-brand-50"
          >
            <input
              type="checkbox"
              name={name}
              value={value}
              defaultChecked={checked.has(value)}
              className="h-4 w-4 rounded border-slate-300"
            />
            {text}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function LocationAndContact(props: FieldProps) {
  return (
    <>
      <Section title="Lokacija">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...props}
            name="city"
            label="Grad"
            required
            maxLength={100}
            autoComplete="address-level2"
          />
          <SelectField
            {...props}
            name="state"
            label="Država"
            required
            placeholder="Izaberite državu"
            options={US_STATES}
          />
        </div>
      </Section>
      <Section title="Kontakt">
        <p className="-mt-2 text-sm text-slate-600">
          Potreban je telefon ili email (ili oba). Prikazujemo ih u oglasu.
        </p>
        <TextField
          {...props}
          name="contactName"
          label="Ime i prezime"
          required
          maxLength={100}
          autoComplete="name"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...props}
            name="contactPhone"
            label="Telefon"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+1 (312) 555-0100"
          />
          <TextField
            {...props}
            name="contactEmail"
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="ime@primer.com"
          />
        </div>
      </Section>
    </>
  );
}

/** The job form's fields (public posting and the admin editor). */
export function JobFields({ companyChoice, ...props }: FieldProps & { companyChoice?: ReactNode }) {
  return (
    <div className="space-y-6">
      <Section title="O poslu">
        <TextField
          {...props}
          name="title"
          label="Naziv posla"
          required
          maxLength={120}
          hint="Npr. „CDL-A vozač za OTR ture“ ili „Dispečer sa iskustvom“."
        />
        <TextField
          {...props}
          name="companyName"
          label="Kompanija"
          required
          maxLength={200}
          autoComplete="organization"
        />
        {companyChoice}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            {...props}
            name="position"
            label="Vrsta posla"
            required
            placeholder="Izaberite"
            options={optionsOf(JOB_POSITIONS, POSITION_LABELS)}
          />
          <SelectField
            {...props}
            name="routeType"
            label="Ture"
            placeholder="Nije vezano za ture"
            options={optionsOf(ROUTE_TYPES, ROUTE_TYPE_LABELS)}
          />
        </div>
        <CheckboxGroup
          {...props}
          name="equipment"
          label="Oprema"
          hint="Označite sve što važi."
          options={optionsOf(EQUIPMENT_TYPES, EQUIPMENT_LABELS)}
        />
        <SelectField
          {...props}
          name="cdlClass"
          label="Potrebna CDL dozvola"
          required
          options={optionsOf(CDL_CLASSES, CDL_LABELS)}
        />
        <CheckboxGroup
          {...props}
          name="endorsements"
          label="Potrebne dozvole (endorsements)"
          options={optionsOf(ENDORSEMENTS, ENDORSEMENT_LABELS)}
        />
      </Section>
      <Section title="Plata i uslovi">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField {...props} name="payMin" label="Plata od" inputMode="decimal" placeholder="npr. 0,65" />
          <TextField {...props} name="payMax" label="Plata do (nije obavezno)" inputMode="decimal" />
          <SelectField
            {...props}
            name="payUnit"
            label="Kako se računa"
            placeholder="Izaberite"
            options={optionsOf(PAY_UNITS, PAY_UNIT_LABELS)}
          />
        </div>
        <SelectField
          {...props}
          name="homeTime"
          label="Kod kuće"
          placeholder="Nije navedeno"
          options={optionsOf(HOME_TIMES, HOME_TIME_LABELS)}
        />
        <TextField
          {...props}
          name="requirements"
          label="Uslovi"
          multiline
          rows={3}
          maxLength={2000}
          hint="Npr. godine iskustva, čist MVR, bez DUI."
        />
        <TextField
          {...props}
          name="description"
          label="Opis posla"
          required
          multiline
          rows={6}
          maxLength={5000}
          hint="Šta nudite: ture, kamioni, bonusi, osiguranje, kako se prijaviti."
        />
      </Section>
      <LocationAndContact {...props} />
    </div>
  );
}

/**
 * The photo picker: a plain multiple file input (works without JavaScript, in a multipart form).
 * With JavaScript it tells at once how many photos were chosen and which are too large
 * (app/public-client/file-summary.ts: the public enhancement script on the posting pages, an
 * effect in the admin editor); the server checks every photo by its bytes anyway.
 */
function PhotoInput({
  idPrefix,
  error,
  existing,
  photosLost,
}: {
  idPrefix: string;
  error?: string;
  existing: readonly ListingPhoto[];
  photosLost?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current) bindFileSummaries(ref.current);
  }, []);
  const id = `${idPrefix}-photos`;
  const room = MAX_PHOTOS - existing.length;
  const describedBy = [error ? `${id}-error` : null, `${id}-hint`, `${id}-status`].filter(Boolean).join(" ");
  return (
    <div ref={ref} className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Fotografije
      </label>
      {existing.length > 0 ? (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Sačuvane fotografije">
          {existing.map((photo, i) => (
            <li key={photo.id} className="overflow-hidden rounded-lg border border-slate-200">
              <img
                src={thumbnailUrl(photo.url)}
                alt={`Fotografija ${i + 1}`}
                width={200}
                height={150}
                className="aspect-[4/3] w-full object-cover"
              />
              <label className="flex items-center gap-2 px-2 py-1.5 text-xs text-slate-700">
                <input type="checkbox" name="removePhoto" value={photo.id} className="h-4 w-4" />
                Ukloni
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        name="photos"
        type="file"
        multiple
        accept="image/jpeg,image/png,image/gif,image/webp"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-file-summary={`#${id}-status`}
        data-file-room={room}
        data-file-max-bytes={5 * 1024 * 1024}
        className="block w-full rounded-lg border border-dashed border-slate-300 bg-slate-50 px-3 py-3 text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        Do {MAX_PHOTOS} fotografija ukupno, JPG, PNG, GIF ili WebP, najviše 5 MB svaka. Prva fotografija je
        naslovna.
      </p>
      <p
        id={`${id}-status`}
        role="status"
        aria-live="polite"
        className="text-xs font-medium text-slate-600 empty:hidden data-[state=problem]:text-amber-700"
      />
      {photosLost ? (
        <p className="text-xs font-medium text-amber-700">{LISTING_MESSAGES.photosAgain}</p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

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
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            {...props}
            name="saleCategory"
            label="Kategorija"
            required
            placeholder="Izaberite"
            options={optionsOf(SALE_CATEGORIES, SALE_CATEGORY_LABELS)}
          />
          <SelectField
            {...props}
            name="condition"
            label="Stanje"
            required
            placeholder="Izaberite"
            options={optionsOf(SALE_CONDITIONS, CONDITION_LABELS)}
          />
        </div>
        <TextField
          {...props}
          name="title"
          label="Naslov oglasa"
          required
          maxLength={120}
          hint="Npr. „Freightliner Cascadia 2019, 412.000 milja“."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...props}
            name="make"
            label="Marka"
            maxLength={60}
            hint="Obavezno za kamion i prikolicu."
          />
          <TextField {...props} name="model" label="Model" maxLength={60} />
          <TextField
            {...props}
            name="year"
            label="Godište"
            inputMode="numeric"
            maxLength={4}
            placeholder="npr. 2019"
          />
          <TextField
            {...props}
            name="mileage"
            label="Pređeno (milja)"
            inputMode="numeric"
            placeholder="npr. 412.000"
          />
        </div>
        <TextField
          {...props}
          name="price"
          label="Cena ($)"
          inputMode="decimal"
          placeholder="npr. 45.000"
          hint="Ostavite prazno za „po dogovoru“."
        />
        <TextField {...props} name="description" label="Opis" required multiline rows={6} maxLength={5000} />
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
