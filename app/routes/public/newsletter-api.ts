import { getContacts, getDb } from "~/services.server";
import type { Route } from "./+types/newsletter-api";
import { subscribe } from "./newsletter-signup.server";

/**
 * `POST /api/newsletter`: the same signup as the /newsletter form post, answered as JSON for the
 * in-place form (app/public-client/enhance.ts, `data-enhance="json"`).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await subscribe(getDb(), getContacts(), form, context.clientIp ?? null);
  return Response.json(
    { ok: result.ok, message: result.message, fieldErrors: result.ok ? undefined : result.fieldErrors },
    { status: result.status, headers: { "Cache-Control": "no-store" } },
  );
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
