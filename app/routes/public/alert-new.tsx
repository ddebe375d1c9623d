import { data } from "react-router";
import { AlertFilterFields, FrequencyField } from "~/components/alerts/alert-fields";
import {
  PublicForm,
  PublicFormPage,
  SentLinks,
  SentPanel,
  usePublicFormState,
} from "~/components/public/public-form-page";
import { TextField } from "~/components/ui/field";
import { createAlert } from "~/domain/alerts/alerts.server";
import { filterParams, parseAlertFilters } from "~/domain/alerts/filters";
import { newAlertSchema } from "~/domain/alerts/validation";
import { listingKindOfPath } from "~/domain/listings/format";
import { KIND_SECTIONS, type ListingKind } from "~/domain/listings/options";
import { subscribeEmail } from "~/domain/newsletter/signup.server";
import { ok } from "~/domain/result";
import { submitPublicForm } from "~/http/public-form.server";
import { publicOrigin } from "~/http/public-origin.server";
import { type FormValues, formParams } from "~/lib/form";
import { logger } from "~/lib/logger.server";
import { ALERT_MESSAGES } from "~/messages/alerts";
import { getContacts, getDb, getMail } from "~/services.server";
import type { Route } from "./+types/alert-new";

const COPY: Record<ListingKind, { title: string; intro: string }> = {
  job: {
    title: "Obaveštenje o novim poslovima",
    intro:
      "Javićemo vam e-poštom kada se objavi posao koji odgovara vašoj pretrazi — jednom dnevno ili odmah.",
  },
  sale: {
    title: "Obaveštenje o novim oglasima",
    intro:
      "Javićemo vam e-poštom kada se objavi oglas koji odgovara vašoj pretrazi — jednom dnevno ili odmah.",
  },
};

/** The form's values: the list's filters from the URL, no address, daily. */
function startValues(kind: ListingKind, params: URLSearchParams): FormValues {
  return {
    ...Object.fromEntries(filterParams(parseAlertFilters(kind, params))),
    email: "",
    frequency: "daily",
  };
}

/**
 * `/poslovi/obavestenje` and `/kupoprodaja/obavestenje` ("Obavesti me o novim oglasima"): the
 * list's current filters, an address and how often (docs/decisions/302). A public form like the
 * others (body limit, honeypot, the limiter per client address, values kept); the alert waits for
 * the confirmation e-mail's link. The newsletter (and Brevo) only when the box is ticked.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = listingKindOfPath(url.pathname);
  return { kind, values: startValues(kind, url.searchParams) };
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `${d ? COPY[d.kind].title : "Obaveštenje o novim oglasima"} — Balkan Vozači` },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const kind = listingKindOfPath(new URL(request.url).pathname);
  const form = await request.formData();
  const db = getDb();
  const filters = parseAlertFilters(kind, formParams(form));
  const answer = await submitPublicForm(db, {
    form,
    name: "listing-alert",
    schema: newAlertSchema,
    clientIp: context.clientIp ?? null,
    messages: { fixErrors: ALERT_MESSAGES.fixErrors, failed: ALERT_MESSAGES.failed },
    write: async ({ email, frequency, newsletter }) => {
      const created = await createAlert(db, getMail(), {
        filters,
        email,
        frequency,
        script: context.script,
        origin: publicOrigin(request),
      });
      if (!created.ok) return created;
      if (newsletter) {
        const joined = await subscribeEmail(db, getContacts(), email);
        if (!joined.ok) logger.warn({ code: joined.code }, "newsletter signup beside an alert failed");
      }
      return ok({ already: created.value.already });
    },
  });
  return data(answer, { status: answer.status });
}

export default function NewAlert({ loaderData, actionData }: Route.ComponentProps) {
  const { kind } = loaderData;
  const section = KIND_SECTIONS[kind];
  const { sending, formRef } = usePublicFormState(actionData);
  if (actionData?.ok) {
    const already = actionData.value?.already;
    return (
      <SentPanel
        title={already ? "Već imate ovo obaveštenje" : "Potvrdite obaveštenje"}
        text={already ? ALERT_MESSAGES.alreadyActive : ALERT_MESSAGES.created}
      >
        <SentLinks
          back={{ to: section.path, label: `Nazad na ${section.title.toLowerCase()}` }}
          again={{ to: `${section.path}/obavestenje`, label: "Još jedno obaveštenje", reloadDocument: true }}
        />
      </SentPanel>
    );
  }
  const failed = actionData && !actionData.ok ? actionData : null;
  const values = failed?.values ?? loaderData.values;
  const errors = failed?.fieldErrors ?? {};
  const filters = parseAlertFilters(kind, formParams(values));
  return (
    <PublicFormPage
      back={{ to: `${section.path}?${filterParams(filters)}`, label: `‹ ${section.title}` }}
      title={COPY[kind].title}
      intro={COPY[kind].intro}
      note="Potrebna je potvrda preko linka koji šaljemo e-poštom. Odjava je moguća jednim klikom iz svakog e-maila."
    >
      <PublicForm
        formRef={formRef}
        className="space-y-6"
        message={failed?.message}
        submit="Sačuvajte obaveštenje"
        sending={sending}
      >
        <AlertFilterFields alert={filters} />
        <FrequencyField
          value={typeof values.frequency === "string" ? values.frequency : "daily"}
          error={errors.frequency}
        />
        <TextField
          values={values}
          errors={errors}
          idPrefix="obavestenje"
          name="email"
          label="Vaša e-pošta"
          required
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          hint="Koristimo je samo za ova obaveštenja."
        />
        <label className="flex min-h-11 items-start gap-3 text-sm text-slate-700">
          <input
            type="checkbox"
            name="newsletter"
            value="da"
            defaultChecked={values.newsletter === "da"}
            className="mt-0.5 h-4 w-4"
          />
          Prijavi me i na newsletter Balkan Vozači (vesti, oglasi i poslovi).
        </label>
      </PublicForm>
    </PublicFormPage>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
