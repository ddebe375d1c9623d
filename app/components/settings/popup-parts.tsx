/**
 * Parts of the pop-up screen (routes/admin/popup.tsx): the on/off switch, saved only with the
 * form (spec §4), and the two frequency fields with the rule they follow.
 */
import { Switch } from "radix-ui";
import { Field, Input } from "~/components/ui/field";
import {
  formatHours,
  normalizeMaxShows,
  normalizeMinHours,
  POPUP_DEFAULT_MAX_SHOWS,
  POPUP_MAX_SHOWS_RANGE,
  POPUP_MIN_HOURS_RANGE,
} from "~/domain/popup/rules";

export function EnabledSwitch({
  enabled,
  unsaved,
  onChange,
}: {
  enabled: boolean;
  unsaved: boolean;
  onChange: (enabled: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor="popup-enabled" className="block text-sm font-medium text-slate-800">
          Prikazuj pop-up na sajtu
        </label>
        <p className="mt-1 text-xs text-slate-500" id="popup-enabled-hint">
          {unsaved
            ? "Promena još nije sačuvana: važi tek kada kliknete „Sačuvaj“."
            : enabled
              ? "Pop-up je uključen."
              : "Pop-up je isključen."}
        </p>
      </div>
      <Switch.Root
        id="popup-enabled"
        checked={enabled}
        onCheckedChange={onChange}
        aria-describedby="popup-enabled-hint"
        className="relative h-7 w-12 shrink-0 rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <Switch.Thumb className="block h-6 w-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px] motion-reduce:transition-none" />
      </Switch.Root>
      {enabled ? <input type="hidden" name="enabled" value="on" /> : null}
    </div>
  );
}

/** How often a visitor sees the pop-up: at most N a day, at least H hours apart. */
export function FrequencyFields({
  maxShows,
  onMaxShows,
  minHours,
  onMinHours,
}: {
  maxShows: string;
  onMaxShows: (value: string) => void;
  minHours: string;
  onMinHours: (value: string) => void;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="popup-max-shows"
          label="Najviše prikaza dnevno"
          hint={`Ceo broj od ${POPUP_MAX_SHOWS_RANGE.min} do ${POPUP_MAX_SHOWS_RANGE.max}.`}
        >
          <Input
            id="popup-max-shows"
            name="maxShowsPerDay"
            type="number"
            inputMode="numeric"
            min={POPUP_MAX_SHOWS_RANGE.min}
            max={POPUP_MAX_SHOWS_RANGE.max}
            step={1}
            value={maxShows}
            aria-describedby="popup-max-shows-hint"
            onChange={(e) => onMaxShows(e.target.value)}
            onBlur={() => onMaxShows(String(normalizeMaxShows(maxShows)))}
          />
        </Field>
        <Field
          id="popup-min-hours"
          label="Najmanje sati između prikaza"
          hint={`Od ${formatHours(POPUP_MIN_HOURS_RANGE.min)} do ${POPUP_MIN_HOURS_RANGE.max}, u koracima od pola sata.`}
        >
          <Input
            id="popup-min-hours"
            name="minHoursBetween"
            type="text"
            inputMode="decimal"
            value={minHours}
            aria-describedby="popup-min-hours-hint"
            onChange={(e) => onMinHours(e.target.value)}
            onBlur={() => onMinHours(formatHours(normalizeMinHours(minHours)))}
          />
        </Field>
      </div>

      <div className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
        Pop-up se svakom posetiocu prikazuje najviše {POPUP_DEFAULT_MAX_SHOWS} puta dnevno (podrazumevano;
        može od {POPUP_MAX_SHOWS_RANGE.min} do {POPUP_MAX_SHOWS_RANGE.max}), sa razmakom od najmanje{" "}
        {formatHours(POPUP_MIN_HOURS_RANGE.min)} do {POPUP_MIN_HOURS_RANGE.max} sata između dva prikaza. Broji
        se u pregledaču posetioca. Preporučujemo horizontalne slike (16:9 ili 4:3).
      </div>
    </>
  );
}
