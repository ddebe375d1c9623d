import { viewCounter } from "~/domain/articles/view-counter.server";
import { isCountableVisit } from "~/http/visit";
import { parseId } from "~/lib/ids";
import type { Route } from "./+types/view-beacon";

/**
 * `POST /api/views` (id=…): the article page's view beacon (app/public-client/enhance.ts). Always
 * answers 204, so a reader's browser learns nothing; crawlers and prefetches are not counted.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = parseId(form.get("id"));
  if (id !== null && isCountableViewBeacon(request)) {
    viewCounter().add(id, `${context.clientIp ?? "-"}|${request.headers.get("user-agent") ?? ""}`);
  }
  return new Response(null, { status: 204 });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

function isCountableViewBeacon(request: Request): boolean {
  // The beacon is a POST; judge it as the page view it stands for.
  return isCountableVisit(new Request(request.url, { method: "GET", headers: request.headers }));
}
