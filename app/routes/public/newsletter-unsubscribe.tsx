import { data, Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { findUnsubscribeTarget, unsubscribe } from "~/domain/newsletter/unsubscribe.server";
import { maskEmail } from "~/domain/newsletter/validation";
import { failure } from "~/http/errors";
import { logger } from "~/lib/logger.server";
import { UNSUBSCRIBE_MESSAGES } from "~/messages/newsletter";
import { getDb } from "~/services.server";
import type { Route } from "./+types/newsletter-unsubscribe";
import { PRIVATE_PAGE_HEADERS, PRIVATE_PAGE_META } from "./private-page";

export const meta: Route.MetaFunction = () => [
  { title: "Odjava sa newsletter-a — Balkan Vozači" },
  ...PRIVATE_PAGE_META,
];

/** The link carries its token: never cached, never sent on as a referrer. */
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

/** GET: who is leaving (masked) and one button; nothing changes on a GET (link scanners open links). */
export async function loader({ request }: Route.LoaderArgs) {
  const { id, token } = linkParams(request);
  try {
    const target = await findUnsubscribeTarget(getDb(), id, token);
    if (!target) return data({ valid: false as const }, { status: 400 });
    return {
      valid: true as const,
      email: maskEmail(target.email),
      active: target.isActive,
      id: String(id),
      token: String(token),
    };
  } catch (error) {
    logger.error({ err: error }, "unsubscribe page could not be loaded");
    return data({ valid: false as const }, { status: 500 });
  }
}

/**
 * POST: the confirming click of the page, or a mail provider's one-click unsubscribe (RFC 8058:
 * a POST to the List-Unsubscribe URL with `List-Unsubscribe=One-Click`, no origin of ours).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const { id, token } = linkParams(request, form);
  const oneClick = form.get("List-Unsubscribe") === "One-Click";
  try {
    const ok = await unsubscribe(getDb(), id, token);
    if (!ok) return failure("newsletter.unsubscribe_failed", { oneClick, status: 400 });
    return { ok: true, oneClick, message: UNSUBSCRIBE_MESSAGES.success };
  } catch (error) {
    logger.error({ err: error }, "unsubscribe failed");
    return failure("newsletter.unsubscribe_failed", { oneClick });
  }
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const done = actionData?.ok === true;
  const failed = actionData?.ok === false || !loaderData.valid;
  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">Odjava sa newsletter‑a</h1>
        {done ? (
          <>
            <p
              role="status"
              className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 font-medium text-emerald-800"
            >
              {actionData.message}
            </p>
            <p className="mt-4 text-sm text-slate-600">
              Više vam nećemo slati newsletter. Predomislili ste se?{" "}
              <Link to="/newsletter" className="font-medium text-brand-700 hover:underline">
                Ponovo se prijavite
              </Link>
              .
            </p>
          </>
        ) : failed ? (
          <>
            <p
              role="alert"
              className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800"
            >
              {UNSUBSCRIBE_MESSAGES.failed}
            </p>
            <p className="mt-4 text-sm text-slate-600">
              Link za odjavu nije ispravan ili je nepotpun. Otvorite ga ponovo iz poslednjeg email-a koji ste
              dobili.
            </p>
          </>
        ) : loaderData.valid ? (
          <Form method="post" className="mt-4 space-y-4">
            <input type="hidden" name="id" value={loaderData.id} />
            <input type="hidden" name="token" value={loaderData.token} />
            <p className="text-slate-700">
              {loaderData.active ? "Da li želite da odjavite adresu " : "Adresa "}
              <strong className="break-words">{loaderData.email}</strong>
              {loaderData.active
                ? " sa newsletter-a Balkan Vozači?"
                : " je već odjavljena. Možete potvrditi ponovo."}
            </p>
            <button
              type="submit"
              disabled={busy}
              className={buttonClass("danger", "md", "w-full min-h-11 sm:w-auto")}
            >
              {busy ? "Odjava…" : "Odjavi me"}
            </button>
          </Form>
        ) : null}
        <p className="mt-6 text-sm">
          <Link to="/" className="text-brand-700 hover:underline">
            ‹ Nazad na početnu
          </Link>
        </p>
      </div>
    </div>
  );
}
