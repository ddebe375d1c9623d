import { data, Form, isRouteErrorResponse, Link, redirect, useRouteError } from "react-router";
import { z } from "zod";
import { AlertFilterFields, FrequencyField } from "~/components/alerts/alert-fields";
import { ErrorPage } from "~/components/error-page";
import { HoneypotField } from "~/components/honeypot-field";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { FlashNotice, Notice } from "~/components/ui/notice";
import {
  alertFilters,
  alertSummary,
  confirmAlert,
  deleteAlert,
  openAlert,
  updateAlert,
} from "~/domain/alerts/alerts.server";
import { filterParams, parseAlertFilters } from "~/domain/alerts/filters";
import { alertManagePath, FREQUENCY_LABELS } from "~/domain/alerts/options";
import { changeAlertSchema } from "~/domain/alerts/validation";
import { KIND_SECTIONS } from "~/domain/listings/options";
import { maskEmail } from "~/domain/newsletter/validation";
import { limitPublicForm, tooManyRequestsMessage } from "~/domain/rate-limit/public-form.server";
import { errorMessage, errorStatus, unknownIntent } from "~/http/errors";
import { readFlash, redirectWithFlash } from "~/http/flash.server";
import { readIntent } from "~/http/intent";
import { honeypotFilled } from "~/http/public-form.server";
import { formatLongDate } from "~/lib/dates";
import { type FieldErrors, formParams } from "~/lib/form";
import { ALERT_MESSAGES } from "~/messages/alerts";
import { getDb } from "~/services.server";
import type { Route } from "./+types/alert";
import { deletedPath } from "./deleted";
import { PRIVATE_PAGE_HEADERS, PRIVATE_PAGE_META } from "./private-page";

async function load(params: { id?: string; token?: string }) {
  const opened = await openAlert(getDb(), params.id, params.token);
  if (!opened.ok) {
    throw data(
      { message: errorMessage(opened.code) },
      { status: errorStatus(opened.code), headers: PRIVATE_PAGE_HEADERS },
    );
  }
  return opened.value;
}

/**
 * `/obavestenja/{id}/{token}`: an alert's own page, opened from its e-mails (docs/decisions/302).
 * A pending alert is confirmed here with one click (the confirmation e-mail's link leads here: a
 * link scanner's GET confirms nothing); its filters and frequency can be changed, and it can be
 * deleted. Plain forms, both scripts, no referrer, never cached.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const alert = await load(params);
  const { flash, headers } = readFlash(request);
  for (const [key, value] of Object.entries(PRIVATE_PAGE_HEADERS)) headers.set(key, value);
  const filters = alertFilters(alert);
  return data(
    {
      flash,
      email: maskEmail(alert.email),
      pending: alert.status === "pending",
      confirmedAt: alert.confirmedAt,
      kind: alert.kind,
      summary: alertSummary(filters),
      listPath: `${KIND_SECTIONS[alert.kind].path}?${filterParams(filters)}`,
      values: { ...Object.fromEntries(filterParams(filters)), frequency: alert.frequency },
    },
    { headers },
  );
}

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export const meta: Route.MetaFunction = () => [
  { title: "Obaveštenje o novim oglasima — Balkan Vozači" },
  ...PRIVATE_PAGE_META,
];

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm") }),
  changeAlertSchema.extend({ intent: z.literal("update") }),
  z.object({ intent: z.literal("delete") }),
]);

/** Changing the filters is a public form (honeypot, limiter); confirming and deleting are one click. */
const CHANGE_FORM = "listing-alert-change";

export async function action({ request, params, context }: Route.ActionArgs) {
  const alert = await load(params);
  const db = getDb();
  const parsed = await readIntent(request, actionSchema);
  const { form } = parsed;
  const here = alertManagePath(alert.id, String(params.token));
  if (!parsed.ok) {
    if (!parsed.known) return unknownIntent({ deleted: false, values: parsed.values, fieldErrors: {} });
    return data(
      {
        ok: false,
        deleted: false,
        message: ALERT_MESSAGES.fixErrors,
        values: parsed.values,
        fieldErrors: parsed.fieldErrors,
      },
      { status: 400, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  const { intent } = parsed.data;
  if (intent === "confirm") {
    await confirmAlert(db, alert);
    return redirectWithFlash(request, here, "alert.confirmed");
  }
  if (intent === "delete") {
    await deleteAlert(db, alert.id);
    // Its own page: this one, loaded again after the form's POST, would find nothing.
    return redirect(deletedPath("alert", alert.kind));
  }
  const limit = await limitPublicForm(db, CHANGE_FORM, context.clientIp ?? null);
  if (!limit.ok) {
    return data(
      {
        ok: false,
        deleted: false,
        message: tooManyRequestsMessage(limit.retryAfterMinutes),
        values: parsed.values,
        fieldErrors: {},
      },
      { status: 429, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  // A filled honeypot changes nothing (and is not told so).
  if (honeypotFilled(form)) return redirectWithFlash(request, here, "alert.updated");
  const frequency = "frequency" in parsed.data ? parsed.data.frequency : alert.frequency;
  await updateAlert(db, alert, {
    filters: parseAlertFilters(alert.kind, formParams(form)),
    frequency,
    script: context.script,
  });
  return redirectWithFlash(request, here, "alert.updated");
}

export default function AlertPage({ loaderData, actionData }: Route.ComponentProps) {
  const section = KIND_SECTIONS[loaderData.kind];
  const { flash, email, pending, confirmedAt, summary, listPath } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : null;
  const values = failed?.values ?? loaderData.values;
  const filters = parseAlertFilters(loaderData.kind, formParams(values));
  const frequency = typeof values.frequency === "string" ? values.frequency : "daily";
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-8">
      <p className="text-sm">
        <Link to={listPath} className="text-brand-700 hover:underline">
          ‹ {section.title}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">Obaveštenje o novim oglasima</h1>
      <FlashNotice flash={flash} className="mt-4" />
      <Notice tone="error" message={failed && "message" in failed ? failed.message : null} className="mt-4" />

      <section
        className="mt-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        aria-label="Obaveštenje"
      >
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={pending ? "warning" : "success"}>{pending ? "Čeka potvrdu" : "Aktivno"}</Badge>
          <span className="break-all text-sm text-slate-500">{email}</span>
        </div>
        <p className="mt-2 break-words font-semibold text-slate-900">{summary}</p>
        <p className="mt-1 text-sm text-slate-600">
          {pending
            ? "Obaveštenje još nije potvrđeno: dok ga ne potvrdite, ne šaljemo ništa."
            : // The long date ends with its own period ("29. novembra 2026.").
              `Potvrđeno ${formatLongDate(confirmedAt)} Šaljemo: ${FREQUENCY_LABELS[loaderData.values.frequency as keyof typeof FREQUENCY_LABELS].toLowerCase()}.`}
        </p>
        {pending ? (
          <Form method="post" className="mt-4">
            <button
              type="submit"
              name="intent"
              value="confirm"
              className={buttonClass("primary", "md", "w-full sm:w-auto")}
            >
              Potvrdite obaveštenje
            </button>
          </Form>
        ) : null}
      </section>

      <Form
        method="post"
        noValidate
        className="mt-5 space-y-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 className="text-lg font-semibold text-slate-900">Izmenite obaveštenje</h2>
        <HoneypotField />
        <AlertFilterFields alert={filters} />
        <FrequencyField
          value={frequency}
          error={(failed?.fieldErrors as FieldErrors | undefined)?.frequency}
        />
        <button
          type="submit"
          name="intent"
          value="update"
          className={buttonClass("secondary", "md", "w-full sm:w-auto")}
        >
          Sačuvajte izmene
        </button>
      </Form>

      <section className="mt-5 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6" aria-label="Brisanje">
        <h2 className="font-semibold text-slate-900">Obrišite obaveštenje</h2>
        <p className="text-sm text-slate-600">Više vam nećemo slati ove e-mailove.</p>
        <details className="mt-3">
          <summary
            className={buttonClass(
              "danger",
              "md",
              "w-full list-none sm:w-auto [&::-webkit-details-marker]:hidden",
            )}
          >
            Obrišite obaveštenje
          </summary>
          <Form method="post" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3">
            <p className="text-sm font-medium text-red-900">
              Da li ste sigurni da želite da obrišete ovo obaveštenje?
            </p>
            <button
              type="submit"
              name="intent"
              value="delete"
              className={buttonClass("danger", "md", "mt-3 w-full sm:w-auto")}
            >
              Da, obrišite
            </button>
          </Form>
        </details>
      </section>
    </div>
  );
}

/** A forged link or a deleted alert: 404 with the reason. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? (error.data as { message?: string } | null)?.message
    : undefined;
  return <ErrorPage status={status} message={message} />;
}
