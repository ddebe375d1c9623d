/**
 * Sign-in by a one-time link (decision 228): staff on a browser the account never used ask for a
 * link by e-mail, open it, and sign in with their password without the delay for unknown devices.
 * Without `?token=` the page asks for the e-mail; with a good one it asks for the password.
 */
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { HoneypotField } from "~/components/honeypot-field";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { recordSignIn } from "~/domain/audit/sign-in.server";
import {
  readSignInLink,
  requestSignInLink,
  SIGN_IN_LINK_FORM,
  signInWithLink,
} from "~/domain/users/sign-in-link.server";
import { signInLinkRequestSchema, signInLinkSchema } from "~/domain/users/validation";
import { deviceCookie, getSessionUser, sessionCookie } from "~/http/auth.server";
import { errorMessage, errorStatus, unknownIntent } from "~/http/errors";
import { readIntent } from "~/http/intent";
import { submitPublicForm } from "~/http/public-form.server";
import { publicOrigin } from "~/http/public-origin.server";
import { SIGN_IN_LINK_MESSAGES } from "~/messages/users";
import { getDb, getMail } from "~/services.server";
import type { Route } from "./+types/login-link";

export const meta: Route.MetaFunction = () => [
  { title: "Prijava linkom — Admin panel" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect("/admin");
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) return { mode: "request" as const };
  const link = await readSignInLink(getDb(), token);
  if (!link.ok) return data({ mode: "invalid" as const, token: "" }, { status: errorStatus(link.code) });
  return { mode: "use" as const, token, email: link.value.email };
}

/** The page's two forms: ask for a link by e-mail, and sign in with the link's token and a password. */
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("request") }),
  signInLinkSchema.extend({ intent: z.literal("sign-in") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await readIntent(request, actionSchema, { secret: ["password"] });
  // The request form goes on whole to the public form flow (honeypot, limiter).
  const { form } = parsed;
  if (!parsed.ok && !parsed.known) return unknownIntent();
  const intent = parsed.intent;
  if (intent === "request") {
    const answer = await submitPublicForm(getDb(), {
      form,
      name: SIGN_IN_LINK_FORM,
      schema: signInLinkRequestSchema,
      clientIp: context.clientIp,
      echo: ["email"],
      messages: { fixErrors: SIGN_IN_LINK_MESSAGES.email, failed: SIGN_IN_LINK_MESSAGES.failed },
      write: ({ email }) =>
        requestSignInLink(getDb(), getMail(), { email, ip: context.clientIp, origin: publicOrigin() }),
    });
    if (!answer.ok) return data({ intent, ...answer, error: answer.message }, { status: answer.status });
    // The same answer whether the address is an account or not.
    return { intent, ok: true as const, message: SIGN_IN_LINK_MESSAGES.sent, values: {} };
  }
  if (!parsed.ok || parsed.data.intent !== "sign-in") {
    return data(
      { intent, ok: false as const, error: SIGN_IN_LINK_MESSAGES.password, values: parsed.values },
      { status: 400 },
    );
  }
  const db = getDb();
  const signedIn = await signInWithLink(db, {
    token: parsed.data.token,
    password: parsed.data.password,
    ipAddress: context.clientIp,
    userAgent: request.headers.get("User-Agent"),
  });
  if (signedIn.link === "invalid") {
    return data(
      { intent, ok: false as const, error: errorMessage("sign_in_link.invalid"), expired: true, values: {} },
      { status: errorStatus("sign_in_link.invalid") },
    );
  }
  const { result } = signedIn;
  await recordSignIn(db, {
    user: result.ok ? result.value.user : null,
    email: signedIn.email,
    ip: context.clientIp,
  });
  if (!result.ok) {
    return data(
      { intent, ok: false as const, error: errorMessage(result.code, result.detail), values: {} },
      { status: errorStatus(result.code) },
    );
  }
  const { token, expiresAt, deviceToken } = result.value;
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(request, token, expiresAt));
  // From now on this browser is a known device (decision 141).
  headers.append("Set-Cookie", deviceCookie(request, deviceToken));
  return redirect("/admin", { headers });
}

export default function LoginLink({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const reply = actionData as
    | {
        intent: string;
        ok: boolean;
        message?: string;
        error?: string;
        expired?: boolean;
        values?: Record<string, string>;
      }
    | undefined;
  const expired = loaderData.mode === "invalid" || Boolean(reply?.expired);
  const passwordForm = useRef<HTMLFormElement>(null);

  // After a refused password the field is emptied and focused again, as on the sign-in form.
  useEffect(() => {
    if (!reply || reply.ok) return;
    const password = passwordForm.current?.elements.namedItem("password");
    if (!(password instanceof HTMLInputElement)) return;
    password.value = "";
    password.focus();
  }, [reply]);
  const error = reply && !reply.ok ? reply.error : expired ? SIGN_IN_LINK_MESSAGES.invalid : undefined;

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-12">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-xl">
        <div className="mb-6 text-center">
          <img src="/favicon.svg" alt="" width={48} height={48} className="mx-auto" />
          <h1 className="mt-3 text-2xl font-bold text-slate-900">Prijava linkom</h1>
          <p className="mt-1 text-sm text-slate-600">
            {loaderData.mode === "use" && !expired
              ? "Link je potvrdio vaš email. Unesite lozinku da biste se prijavili."
              : "Na novom uređaju prijava ume da sačeka posle tuđih pogrešnih pokušaja. Link poslat na vaš email je preskače; lozinka se i dalje traži."}
          </p>
        </div>
        {loaderData.mode === "use" && !expired ? (
          <Form ref={passwordForm} method="post" className="space-y-4" replace>
            <input type="hidden" name="intent" value="sign-in" />
            <input type="hidden" name="token" value={loaderData.token} />
            <Notice tone="error" message={error} />
            <div>
              <p className="text-sm font-medium text-slate-700">Nalog</p>
              <p className="mt-1 break-all text-sm text-slate-900">{loaderData.email}</p>
            </div>
            {/* For password managers: the account this password is for. */}
            <input type="hidden" name="username" autoComplete="username" value={loaderData.email} />
            <TextField
              name="password"
              label="Lozinka"
              type="password"
              autoComplete="current-password"
              autoFocus
              aria-invalid={Boolean(error) || undefined}
            />
            <Button type="submit" className="w-full" disabled={submitting}>
              {submitting ? "Prijavljivanje…" : "Prijavi se"}
            </Button>
          </Form>
        ) : (
          <Form method="post" className="space-y-4" replace>
            <input type="hidden" name="intent" value="request" />
            <HoneypotField />
            {reply?.ok ? (
              <Notice tone="success" message={reply.message} />
            ) : (
              <Notice tone="error" message={error} />
            )}
            <TextField
              values={reply?.values}
              name="email"
              label="Email adresa"
              type="email"
              autoComplete="username"
              autoFocus
              required
            />
            <Button type="submit" className="w-full" disabled={submitting}>
              {submitting ? "Slanje…" : "Pošalji link za prijavu"}
            </Button>
          </Form>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to="/admin/login" className="text-brand-700 underline-offset-2 hover:underline">
            ← Prijava lozinkom
          </Link>
        </p>
      </div>
    </main>
  );
}
