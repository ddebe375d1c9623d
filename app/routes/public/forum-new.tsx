import { data, Form, Link } from "react-router";
import { HoneypotField } from "~/components/honeypot-field";
import { buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import {
  AUTHOR_MAX,
  COMPANY_MAX,
  FORUM_MESSAGES,
  FORUM_PAGE_CACHE,
  TITLE_MAX,
} from "~/domain/forum/constants";
import { MAX_TEXT_LENGTH } from "~/lib/text-sanitizer";
import { getDb } from "~/services.server";
import type { Route } from "./+types/forum-new";
import { submitTopic } from "./forum-submit.server";

export const meta: Route.MetaFunction = () => [
  { title: "Nova tema — Forum — Balkan Vozači" },
  { name: "description", content: "Postavite pitanje ili podelite iskustvo sa drugim vozačima." },
  { name: "robots", content: "noindex, follow" },
];

export function headers() {
  return { "Cache-Control": FORUM_PAGE_CACHE };
}

/** `/forum/nova`: a visitor's new topic, pending until staff approve it. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await submitTopic(getDb(), form, { clientIp: context.clientIp ?? null });
  if (result.ok) return { sent: true as const };
  return data(
    { sent: false as const, message: result.message, fieldErrors: result.fieldErrors, values: result.values },
    { status: result.status },
  );
}

export default function NewTopic({ actionData }: Route.ComponentProps) {
  if (actionData?.sent) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10 text-center">
        <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 px-5 py-8">
          <h1 className="text-2xl font-bold text-emerald-900">Tema je poslata</h1>
          <p className="mt-2 text-emerald-900">{FORUM_MESSAGES.topicSent}</p>
        </div>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <Link to="/forum" className={buttonClass("primary", "md")}>
            Nazad na forum
          </Link>
          <Link to="/forum/nova" className={buttonClass("secondary", "md")}>
            Pošaljite još jednu temu
          </Link>
        </div>
      </div>
    );
  }

  const failed = actionData && !actionData.sent ? actionData : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-8">
      <p className="text-sm">
        <Link to="/forum" className="text-brand-700 hover:underline">
          ‹ Forum
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">Nova tema</h1>
      <p className="mt-1 text-slate-600">
        Postavite pitanje ili podelite iskustvo. Teme objavljujemo posle provere, obično u toku dana. Polja sa
        * su obavezna.
      </p>
      {/* A plain post (decision 065); after a failed one the enhancement script focuses the first wrong field. */}
      <Form
        method="post"
        noValidate
        className="mt-5 space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <Notice tone="error" message={failed?.message} />
        <HoneypotField />
        <TextField
          name="title"
          label="Naslov teme"
          required
          maxLength={TITLE_MAX}
          values={failed?.values}
          errors={failed?.fieldErrors}
          hint={`Kratko i jasno, najviše ${TITLE_MAX} karaktera.`}
        />
        <TextField
          name="content"
          label="Tekst"
          required
          multiline
          rows={8}
          maxLength={MAX_TEXT_LENGTH}
          values={failed?.values}
          errors={failed?.fieldErrors}
          hint="Samo tekst; web adrese postaju linkovi."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="author"
            label="Vaše ime"
            required
            maxLength={AUTHOR_MAX}
            autoComplete="name"
            values={failed?.values}
            errors={failed?.fieldErrors}
          />
          <TextField
            name="companyName"
            label="Kompanija (nije obavezno)"
            maxLength={COMPANY_MAX}
            autoComplete="organization"
            values={failed?.values}
            errors={failed?.fieldErrors}
          />
        </div>
        <button type="submit" className={buttonClass("primary", "md", "w-full sm:w-auto")}>
          Pošalji temu
        </button>
      </Form>
    </div>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
