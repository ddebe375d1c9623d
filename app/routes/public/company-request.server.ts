/**
 * A visitor's company request (`/kompanije/nova`, decision 041) through the public forms' one flow:
 * honeypot → limiter (5 per 15 minutes per address) → validation → a pending request.
 */
import type { DbOrTx } from "~/db/client.server";
import { COMPANY_CATEGORIES } from "~/domain/companies/constants";
import { createSubmission } from "~/domain/companies/submissions.server";
import { companyFormSchema } from "~/domain/companies/validation";
import { ok } from "~/domain/result";
import { submitPublicForm } from "~/http/public-form.server";
import type { FieldErrors, FormValues } from "~/lib/form";

export const COMPANY_REQUEST_FORM = "company-request";

export const REQUEST_MESSAGES = {
  fixErrors: "Proverite označena polja i pošaljite ponovo.",
  failed: "Slanje nije uspelo. Molimo pokušajte ponovo.",
} as const;

/** The fields the form sends (and gets back as typed after a refusal); the public form has no logo. */
const FIELDS = [
  "name",
  "description",
  "location",
  "state",
  "phone",
  "email",
  "website",
  "category",
  "services",
  "yearEstablished",
  "fleetSize",
  "specialties",
] as const;

export type PublicRequestResult =
  | { ok: true; status: 200 }
  | { ok: false; status: number; message: string; fieldErrors: FieldErrors; values: FormValues };

export async function submitCompanyRequest(
  db: DbOrTx,
  form: FormData,
  clientIp: string | null,
  now = new Date(),
): Promise<PublicRequestResult> {
  const answer = await submitPublicForm(db, {
    form,
    name: COMPANY_REQUEST_FORM,
    schema: companyFormSchema({ mode: "public", categories: COMPANY_CATEGORIES, now }),
    clientIp,
    now,
    echo: FIELDS,
    messages: REQUEST_MESSAGES,
    write: async (data) => ok(await createSubmission(db, { ...data, logo: null })),
  });
  return answer.ok ? { ok: true, status: 200 } : answer;
}
