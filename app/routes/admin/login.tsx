import { useEffect, useRef } from "react";
import { Form, redirect, useNavigation, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { recordSignIn } from "~/domain/audit/sign-in.server";
import { login } from "~/domain/users/auth.server";
import { loginSchema } from "~/domain/users/validation";
import { deviceCookie, deviceTokenOf, getSessionUser, sessionCookie } from "~/http/auth.server";
import { failure } from "~/http/errors";
import { parseForm } from "~/http/form";
import { safeRedirect } from "~/lib/safe-redirect";
import { getDb } from "~/services.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  { title: "Prijava — Admin panel" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (user) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // The password is never sent back: a failed sign-in keeps the e-mail and clears the password.
  const parsed = parseForm(loginSchema, form, { secret: ["password"] });
  if (!parsed.ok) {
    return failure("login.missing", { values: parsed.values, fieldErrors: parsed.fieldErrors });
  }
  const result = await login(getDb(), {
    ...parsed.data,
    ipAddress: context.clientIp,
    userAgent: request.headers.get("User-Agent"),
    deviceToken: deviceTokenOf(request),
  });
  await recordSignIn(getDb(), {
    user: result.ok ? result.value.user : null,
    email: parsed.data.email,
    ip: context.clientIp,
  });
  if (!result.ok) {
    return failure(result.code, { detail: result.detail, values: parsed.values, fieldErrors: {} });
  }
  const { token, expiresAt, deviceToken } = result.value;
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(request, token, expiresAt));
  headers.append("Set-Cookie", deviceCookie(request, deviceToken));
  return redirect(safeRedirect(form.get("redirectTo")), { headers });
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const formRef = useRef<HTMLFormElement>(null);

  // After a failed attempt the password field is emptied and focused; the e-mail stays.
  useEffect(() => {
    if (!actionData) return;
    const password = formRef.current?.elements.namedItem("password");
    if (!(password instanceof HTMLInputElement)) return;
    password.value = "";
    const email = formRef.current?.elements.namedItem("email");
    if (email instanceof HTMLInputElement && email.value.trim() === "") email.focus();
    else password.focus();
  }, [actionData]);

  const field = { values: actionData?.values, errors: actionData?.fieldErrors };
  const failed = actionData?.ok === false;
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-12">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-xl">
        <div className="mb-6 text-center">
          <img src="/favicon.svg" alt="" width={48} height={48} className="mx-auto" />
          <h1 className="mt-3 text-2xl font-bold text-slate-900">Admin panel</h1>
          <p className="mt-1 text-sm text-slate-600">Prijavite se da biste nastavili.</p>
        </div>
        <Form ref={formRef} method="post" className="space-y-4" replace>
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/admin"} />
          <Notice tone="error" message={actionData?.message} />
          <TextField
            {...field}
            name="email"
            label="Email adresa"
            type="email"
            autoComplete="username"
            autoFocus
            aria-invalid={failed || undefined}
          />
          <TextField
            {...field}
            name="password"
            label="Lozinka"
            type="password"
            autoComplete="current-password"
            aria-invalid={failed || undefined}
          />
          <Button type="submit" className="w-full" disabled={submitting}>
            {submitting ? "Prijavljivanje…" : "Prijavi se"}
          </Button>
        </Form>
        <p className="mt-4 text-center text-sm">
          <a href="/admin/login/link" className="text-brand-700 underline-offset-2 hover:underline">
            Novi uređaj? Prijava linkom sa emaila
          </a>
        </p>
        <p className="mt-4 text-center text-xs text-slate-500">
          <a href="/" className="hover:text-slate-800">
            ← Nazad na sajt
          </a>
        </p>
      </div>
    </main>
  );
}
