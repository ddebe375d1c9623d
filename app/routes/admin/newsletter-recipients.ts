import { searchActiveSubscribers } from "~/domain/newsletter/subscribers.server";
import { requirePermission } from "~/http/auth.server";
import { logger } from "~/lib/logger.server";
import { getDb } from "~/services.server";
import type { Route } from "./+types/newsletter-recipients";

/** The recipient picker: active subscribers whose e-mail contains `q` (20 at most). */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewNewsletter");
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 254);
  try {
    return { ok: true, subscribers: await searchActiveSubscribers(getDb(), q) };
  } catch (error) {
    logger.error({ err: error }, "recipient search failed");
    return { ok: false, subscribers: [] };
  }
}
