import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { getSessionUser, login, safeRedirect, sessionCookie } from "~/domain/users/auth.server";
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
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  const result = await login(getDb(), {
    email,
    password,
    ipAddress: context.clientIp,
    userAgent: request.headers.get("User-Agent"),
  });
  if (!result.ok) return data({ error: result.error, email }, { status: result.status });
  return redirect(safeRedirect(form.get("redirectTo")), {
    headers: { "Set-Cookie": sessionCookie(request, result.token, result.expiresAt) },
  });
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-12">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-xl">
        <div className="mb-6 text-center">
          <img src="/favicon.svg" alt="" width={48} height={48} className="mx-auto" />
          <h1 className="mt-3 text-2xl font-bold text-slate-900">Admin panel</h1>
          <p className="mt-1 text-sm text-slate-600">Prijavite se da biste nastavili.</p>
        </div>
        <Form method="post" className="space-y-4" replace>
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/admin"} />
          <Notice tone="error" message={actionData?.error} />
          <Field id="email" label="Email adresa">
            <Input
              id="email"
              name="email"
              type="email"
              autoComplete="username"
              required
              autoFocus
              defaultValue={actionData?.email ?? ""}
              invalid={Boolean(actionData?.error)}
            />
          </Field>
          <Field id="password" label="Lozinka">
            <Input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              invalid={Boolean(actionData?.error)}
            />
          </Field>
          <Button type="submit" className="w-full" disabled={submitting}>
            {submitting ? "Prijavljivanje…" : "Prijavi se"}
          </Button>
        </Form>
        <p className="mt-6 text-center text-xs text-slate-500">
          <a href="/" className="hover:text-slate-800">
            ← Nazad na sajt
          </a>
        </p>
      </div>
    </main>
  );
}
