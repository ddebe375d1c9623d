/**
 * The newsletter signup of the footer, /newsletter and /api/newsletter, through the public forms'
 * one flow (honeypot → limiter → validation → the subscriber).
 */
import type { DbOrTx } from "~/db/client.server";
import { SIGNUP_FORM, subscribeEmail } from "~/domain/newsletter/signup.server";
import { signupSchema } from "~/domain/newsletter/validation";
import { submitPublicForm } from "~/http/public-form.server";
import type { ContactsProvider } from "~/integrations/brevo/brevo.server";
import type { FieldErrors, FormValues } from "~/lib/form";
import { SIGNUP_MESSAGES } from "~/messages/newsletter";

export type SignupResult =
  | { ok: true; status: 200; message: string; already: boolean }
  | { ok: false; status: number; message: string; fieldErrors: FieldErrors; values: FormValues };

export async function subscribe(
  db: DbOrTx,
  contacts: ContactsProvider | null,
  form: FormData,
  clientIp: string | null,
  now = new Date(),
): Promise<SignupResult> {
  const answer = await submitPublicForm(db, {
    form,
    name: SIGNUP_FORM,
    schema: signupSchema,
    clientIp,
    now,
    echo: ["email"],
    messages: { fixErrors: SIGNUP_MESSAGES.invalidEmail, failed: SIGNUP_MESSAGES.failed },
    write: ({ email }) => subscribeEmail(db, contacts, email, now),
  });
  if (!answer.ok) return answer;
  // A honeypot hit looks like a plain success to the bot.
  const already = answer.value?.already ?? false;
  return {
    ok: true,
    status: 200,
    message: already ? SIGNUP_MESSAGES.already : SIGNUP_MESSAGES.success,
    already,
  };
}
