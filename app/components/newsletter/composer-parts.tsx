/**
 * The parts of the newsletter composer (composer-dialog.tsx): the step headings, the article
 * choice (manual), what the dynamic newsletter will hold, and the recipients and subject step.
 */
import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { Field, Input } from "~/components/ui/field";
import { formatDate } from "~/lib/dates";
import { type Picked, RecipientPicker } from "./recipient-picker";

export const MAX_ARTICLES = 5;
const number = new Intl.NumberFormat("sr-Latn");

export type ArticleChoice = { id: number; title: string; category: string; publishedDate: string | Date };
export type JobAd = { title: string; company: string; location: string; pay: string };

export function StepHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 id={id} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
      {children}
    </h3>
  );
}

/** Manual: 1 to 5 of the 20 newest published articles. */
export function ArticleChecklist({
  list,
  selected,
  onToggle,
}: {
  list: ArticleChoice[];
  selected: number[];
  onToggle: (id: number) => void;
}) {
  return (
    <fieldset className="mt-2">
      <legend className="text-sm text-slate-600">
        Izabrano {selected.length} od najviše {MAX_ARTICLES} · 20 najnovijih objavljenih članaka
      </legend>
      {list.length === 0 ? <p className="mt-2 text-sm text-slate-500">Nema objavljenih članaka.</p> : null}
      <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
        {list.map((a) => {
          const checked = selected.includes(a.id);
          const disabled = !checked && selected.length >= MAX_ARTICLES;
          return (
            <li key={a.id}>
              <label
                className={`flex items-start gap-3 px-3 py-2 text-sm ${disabled ? "cursor-not-allowed opacity-60" : "cursor-pointer hover:bg-slate-50"}`}
              >
                <input
                  type="checkbox"
                  className="mt-0.5 h-4 w-4 rounded border-slate-300"
                  checked={checked}
                  disabled={disabled}
                  onChange={() => onToggle(a.id)}
                />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-slate-900">{a.title}</span>
                  <span className="text-xs text-slate-500">
                    {a.category} · {formatDate(a.publishedDate)}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** Dynamic: the 3 newest articles and 3 job ads, chosen by the server. */
export function DynamicContent({ list, jobAds }: { list: ArticleChoice[]; jobAds: JobAd[] }) {
  return (
    <div className="mt-2 grid gap-4 md:grid-cols-2">
      <div>
        <p className="text-sm font-medium text-slate-700">Članci</p>
        <ul className="mt-1 list-inside list-disc text-sm text-slate-700">
          {list.map((a) => (
            <li key={a.id}>{a.title}</li>
          ))}
        </ul>
        {list.length === 0 ? <p className="text-sm text-slate-500">Nema članaka.</p> : null}
      </div>
      <div>
        <p className="text-sm font-medium text-slate-700">Oglasi za posao</p>
        <ul className="mt-1 list-inside list-disc text-sm text-slate-700">
          {jobAds.map((ad) => (
            <li key={`${ad.title}-${ad.company}`}>
              {ad.title} — {ad.company}, {ad.location}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function Radio({
  name,
  checked,
  onSelect,
  children,
}: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="radio" name={name} checked={checked} onChange={onSelect} />
      {children}
    </label>
  );
}

/** Step 3: the e-mail's subject and its recipients (all active subscribers or picked ones). */
export function AudienceStep({
  prefix,
  activeRecipients,
  subject,
  onSubject,
  audience,
  onAudience,
  picked,
  onPicked,
}: {
  prefix: string;
  activeRecipients: number;
  subject: string;
  onSubject: (subject: string) => void;
  audience: "all" | "selected";
  onAudience: (audience: "all" | "selected") => void;
  picked: Map<number, string>;
  onPicked: (picked: Map<number, string>) => void;
}) {
  return (
    <section aria-labelledby={`${prefix}-step3`} className="space-y-3">
      <StepHeading id={`${prefix}-step3`}>3. Primaoci i naslov</StepHeading>
      <Field id={`${prefix}-subject`} label="Naslov email-a">
        <Input
          id={`${prefix}-subject`}
          value={subject}
          maxLength={200}
          onChange={(e) => onSubject(e.target.value)}
        />
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Kome šaljemo</legend>
        <Radio name={`${prefix}-audience`} checked={audience === "all"} onSelect={() => onAudience("all")}>
          Svim aktivnim pretplatnicima <Badge tone="brand">{number.format(activeRecipients)}</Badge>
        </Radio>
        <Radio
          name={`${prefix}-audience`}
          checked={audience === "selected"}
          onSelect={() => onAudience("selected")}
        >
          Izabranim pretplatnicima
        </Radio>
      </fieldset>
      {audience === "selected" ? (
        <RecipientPicker idPrefix={prefix} picked={picked as Picked} onChange={onPicked} />
      ) : null}
    </section>
  );
}
