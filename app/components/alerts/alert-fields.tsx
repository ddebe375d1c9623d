import { JobMoreFilters } from "~/components/listings/jobs-list";
import { FilterSearch, FilterSelect } from "~/components/listings/listings-page";
import { SaleMoreFilters } from "~/components/listings/sales-list";
import { FieldError } from "~/components/ui/field";
import type { AlertFilters } from "~/domain/alerts/filters";
import { type AlertFrequency, FREQUENCY_LABELS } from "~/domain/alerts/options";
import { US_STATES } from "~/domain/companies/constants";

/**
 * What an alert watches: the list's own filters (the same controls and URL words as `/poslovi` and
 * `/kupoprodaja`), all in view.
 */
export function AlertFilterFields({ alert }: { alert: AlertFilters }) {
  const f = alert.filters;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-base font-semibold text-slate-900">Šta tražite</legend>
      <p className="-mt-1 text-sm text-slate-600">Prazno polje znači „bilo koje“.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FilterSearch
          value={f.q}
          placeholder={alert.kind === "job" ? "npr. reefer, CDL-A" : "npr. cascadia"}
        />
        <FilterSelect
          id="drzava"
          name="drzava"
          label="Država"
          value={f.state}
          all="Sve države"
          options={US_STATES.map((s) => [s, s] as const)}
        />
        {alert.kind === "job" ? (
          <JobMoreFilters filters={alert.filters} />
        ) : (
          <SaleMoreFilters filters={alert.filters} />
        )}
      </div>
    </fieldset>
  );
}

/** How often: once a day, or at once. */
export function FrequencyField({ value, error }: { value: string; error?: string }) {
  return (
    <fieldset className="space-y-2" aria-describedby={error ? "frequency-error" : undefined}>
      <legend className="text-base font-semibold text-slate-900">Koliko često</legend>
      {(["daily", "instant"] as const satisfies readonly AlertFrequency[]).map((frequency) => (
        <label
          key={frequency}
          className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm"
        >
          <input
            type="radio"
            name="frequency"
            value={frequency}
            defaultChecked={value === frequency}
            className="h-4 w-4"
          />
          {FREQUENCY_LABELS[frequency]}
        </label>
      ))}
      <FieldError id="frequency" error={error} />
    </fieldset>
  );
}
