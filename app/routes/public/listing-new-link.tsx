import { data } from "react-router";
import { z } from "zod";
import {
  PublicForm,
  PublicFormPage,
  SentPanel,
  usePublicFormState,
} from "~/components/public/public-form-page";
import { TextField } from "~/components/ui/field";
import { KIND_SECTIONS } from "~/domain/listings/options";
import { sendNewManageLink } from "~/domain/listings/owner.server";
import { OWNER_FIELD } from "~/domain/listings/owner-rules";
import { normalizeEmail } from "~/domain/newsletter/validation";
import { consumeRateLimit } from "~/domain/rate-limit/limiter.server";
import { fail, ok } from "~/domain/result";
import { submitPublicForm } from "~/http/public-form.server";
import { publicOrigin } from "~/http/public-origin.server";
import { parseId } from "~/lib/ids";
import { isValidEmail } from "~/lib/text-sanitizer";
import { OWNER_MESSAGES } from "~/messages/listings";
import { getDb, getMail } from "~/services.server";
import type { Route } from "./+types/listing-new-link";

/** Links to one listing a requester may have sent in an hour (a stranger trying addresses). */
const LINKS_PER_LISTING_PER_HOUR = 3;

const schema = z.object({
  oglas: z.preprocess(parseId, z.number({ error: OWNER_FIELD.listingIdInvalid })),
  email: z.preprocess(normalizeEmail, z.string().refine(isValidEmail, OWNER_FIELD.posterEmailInvalid)),
});

/**
 * `/moj-oglas/novi-link?oglas={id}` — "Izgubili ste link?": the poster types the address they
 * posted with and gets a new management link there; every earlier link stops working
 * (docs/decisions/300). The answer is the same whether the address matched or not, so the page
 * tells nobody who posted what. Limits: the public form's (per client address) and a few links per
 * listing an hour.
 */
export function loader({ request }: Route.LoaderArgs) {
  const id = parseId(new URL(request.url).searchParams.get("oglas"));
  return { listingId: id };
}

export const meta: Route.MetaFunction = () => [
  { title: "Novi link za upravljanje oglasom — Balkan Vozači" },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  const answer = await submitPublicForm(db, {
    form: await request.formData(),
    name: "listing-new-link",
    schema,
    clientIp: context.clientIp ?? null,
    messages: { fixErrors: OWNER_MESSAGES.newLinkFix, failed: OWNER_MESSAGES.failed },
    echo: ["oglas", "email"],
    write: async ({ oglas, email }) => {
      const limit = await consumeRateLimit(db, [
        { key: `listing-link:listing:${oglas}`, max: LINKS_PER_LISTING_PER_HOUR, windowMs: 3_600_000 },
      ]);
      if (!limit.ok) return fail("rate_limited", { detail: String(limit.retryAfterMinutes) });
      await sendNewManageLink(db, getMail(), { listingId: oglas, email, origin: publicOrigin(request) });
      return ok(true);
    },
  });
  return data(answer, { status: answer.status });
}

export default function NewManageLink({ loaderData, actionData }: Route.ComponentProps) {
  const { sending, formRef } = usePublicFormState(actionData);
  if (actionData?.ok) {
    return (
      <SentPanel title="Proverite e-poštu" text={OWNER_MESSAGES.newLinkSent}>
        <p className="mt-6">
          <a href={KIND_SECTIONS.job.path} className="font-medium text-brand-700 underline">
            Nazad na poslove
          </a>
        </p>
      </SentPanel>
    );
  }
  const failed = actionData && !actionData.ok ? actionData : null;
  const values = failed?.values ?? {
    oglas: loaderData.listingId ? String(loaderData.listingId) : "",
    email: "",
  };
  const props = { values, errors: failed?.fieldErrors ?? {}, idPrefix: "novi-link" };
  return (
    <PublicFormPage
      back={{ to: "/poslovi", label: "‹ Poslovi" }}
      title="Izgubili ste link?"
      intro="Unesite adresu e-pošte sa kojom ste objavili oglas. Na nju ćemo poslati novi privatni link za upravljanje oglasom; prethodni linkovi tada prestaju da važe."
    >
      <PublicForm
        formRef={formRef}
        className="space-y-4"
        message={failed?.message}
        submit="Pošaljite novi link"
        sending={sending}
      >
        <TextField
          {...props}
          name="oglas"
          label="Broj oglasa"
          required
          inputMode="numeric"
          maxLength={10}
          hint="Piše na dnu stranice oglasa („oglas br. …“)."
        />
        <TextField
          {...props}
          name="email"
          label="Vaša e-pošta"
          required
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
        />
      </PublicForm>
    </PublicFormPage>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
