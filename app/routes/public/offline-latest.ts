import { feedArticles } from "~/domain/articles/public.server";
import { articlePath } from "~/domain/articles/slug";
import { urlInScript } from "~/domain/cyrillic/urls";
import { FEED_CACHE } from "~/lib/http-cache";
import { LATEST_COUNT } from "~/public-client/offline/rules";
import { getDb } from "~/services.server";
import type { Route } from "./+types/offline-latest";

/**
 * `/bez-mreze.json` (and `/cir/bez-mreze.json`): the addresses of the 20 newest articles in the
 * request's script, which the service worker keeps for reading offline (docs/decisions/310).
 * Addresses only: the worker reads each page itself.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const script = context.script ?? "lat";
  const rows = await feedArticles(getDb(), LATEST_COUNT);
  return Response.json(
    { articles: rows.map((article) => ({ url: urlInScript(articlePath(article), script) })) },
    { headers: { "Cache-Control": FEED_CACHE } },
  );
}
