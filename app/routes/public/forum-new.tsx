import { data } from "react-router";
import { AuthorField } from "~/components/forum/topic-view";
import { PublicForm, PublicFormPage, SentLinks, SentPanel } from "~/components/public/public-form-page";
import { TextField } from "~/components/ui/field";
import { COMPANY_MAX, FORUM_PAGE_CACHE, TITLE_MAX } from "~/domain/forum/constants";
import { MAX_TEXT_LENGTH } from "~/lib/text-sanitizer";
import { FORUM_MESSAGES } from "~/messages/forum";
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
      <SentPanel title="Tema je poslata" text={FORUM_MESSAGES.topicSent}>
        <SentLinks
          back={{ to: "/forum", label: "Nazad na forum" }}
          again={{ to: "/forum/nova", label: "Pošaljite još jednu temu" }}
        />
      </SentPanel>
    );
  }

  const failed = actionData && !actionData.sent ? actionData : null;
  return (
    <PublicFormPage
      back={{ to: "/forum", label: "‹ Forum" }}
      title="Nova tema"
      intro="Postavite pitanje ili podelite iskustvo. Teme objavljujemo posle provere, obično u toku dana. Polja sa * su obavezna."
    >
      {/* A plain post (decision 065); after a failed one the enhancement script focuses the first wrong field. */}
      <PublicForm className="space-y-4" message={failed?.message} submit="Pošalji temu">
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
          <AuthorField values={failed?.values} errors={failed?.fieldErrors} />
          <TextField
            name="companyName"
            label="Kompanija (nije obavezno)"
            maxLength={COMPANY_MAX}
            autoComplete="organization"
            values={failed?.values}
            errors={failed?.fieldErrors}
          />
        </div>
      </PublicForm>
    </PublicFormPage>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
