import { data, Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import {
  alertFilters,
  alertSummary,
  findUnsubscribeAlert,
  unsubscribeAlert,
} from "~/domain/alerts/alerts.server";
import { maskEmail } from "~/domain/newsletter/validation";
import { failure } from "~/http/errors";
import { logger } from "~/lib/logger.server";
import { ALERT_MESSAGES } from "~/messages/alerts";
import { getDb } from "~/services.server";
import type { Route } from "./+types/alert-unsubscribe";
import { PRIVATE_PAGE_HEADERS, PRIVATE_PAGE_META } from "./private-page";

export const meta: Route.MetaFunction = () => [
  { title: "Odjava sa obaveštenja — Balkan Vozači" },
  ...PRIVATE_PAGE_META,
];

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

function linkParams(request: Request, form?: FormData) {
  const url = new URL(request.url);
  return {
    id: url.searchParams.get("id") ?? form?.get("id") ?? null,
    token: url.searchParams.get("token") ?? form?.get("token") ?? null,
  };
}

/**
 * `/obavestenja/odjava?id=&token=`: leaving an alert from its e-mail (docs/decisions/302), as the
 * newsletter's unsubscribe (decision 082): a GET shows what is left and one button (link scanners
 * change nothing); the POST — the button, or a mail provider's RFC 8058 one-click POST with
 * `List-Unsubscribe=One-Click` — deletes the alert.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { id, token } = linkParams(request);
  try {
    const found = await findUnsubscribeAlert(getDb(), id, token);
    if (found === "gone") return { state: "gone" as const };
    if (!found) return data({ state: "invalid" as const }, { status: 400 });
    return {
      state: "valid" as const,
      email: maskEmail(found.email),
      summary: alertSummary(alertFilters(found)),
      id: String(id),
      token: String(token),
    };
  } catch (error) {
    logger.error({ err: error }, "alert unsubscribe page could not be loaded");
    return data({ state: "invalid" as const }, { status: 500 });
  }
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const { id, token } = linkParams(request, form);
  try {
    const result = await unsubscribeAlert(getDb(), id, token);
    if (result === "invalid") return failure("alert.unsubscribe_invalid");
    return {
      ok: true,
      message: result === "gone" ? ALERT_MESSAGES.unsubscribeGone : ALERT_MESSAGES.unsubscribed,
    };
  } catch (error) {
    logger.error({ err: error }, "alert unsubscribe failed");
    return failure("alert.failed");
  }
}

export default function AlertUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const answer =
    actionData ??
    (loaderData.state === "gone" ? { ok: true, message: ALERT_MESSAGES.unsubscribeGone } : null);
  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">Odjava sa obaveštenja o oglasima</h1>
        {answer ? (
          <p
            role={answer.ok ? "status" : "alert"}
            className={
              answer.ok
                ? "mt-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 font-medium text-emerald-800"
                : "mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800"
            }
          >
            {answer.message}
          </p>
        ) : loaderData.state === "valid" ? (
          <Form method="post" className="mt-4 space-y-4">
            <input type="hidden" name="id" value={loaderData.id} />
            <input type="hidden" name="token" value={loaderData.token} />
            <p className="text-slate-700">
              Da li želite da adresa <strong className="break-words">{loaderData.email}</strong> više ne
              dobija obaveštenje <strong className="break-words">{loaderData.summary}</strong>?
            </p>
            <button
              type="submit"
              disabled={busy}
              className={buttonClass("danger", "md", "w-full min-h-11 sm:w-auto")}
            >
              {busy ? "Odjava…" : "Odjavi me"}
            </button>
          </Form>
        ) : (
          <p
            role="alert"
            className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800"
          >
            {ALERT_MESSAGES.unsubscribeFailed}
          </p>
        )}
        <p className="mt-6 text-sm">
          <Link to="/" className="text-brand-700 hover:underline">
            ‹ Nazad na početnu
          </Link>
        </p>
      </div>
    </div>
  );
}
