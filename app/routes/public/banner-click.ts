import { handleBannerClick } from "~/domain/banners/click.server";
import { bannerClickVisit } from "~/http/visit";
import { parseId } from "~/lib/ids";
import { getDb } from "~/services.server";
import type { Route } from "./+types/banner-click";

const NO_STORE = {
  "Cache-Control": "no-store, private",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "origin",
};

/**
 * GET /b/{bannerId}: records the click (not for bots, prefetches or HEAD) and redirects to the
 * banner's stored link or tel: number. Query strings are ignored: the target is never taken from
 * the request. Unknown banner → 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = parseId(params.bannerId) ?? Number.NaN;
  const outcome = await handleBannerClick(getDb(), id, bannerClickVisit(request, context?.clientIp ?? null));
  if (outcome.kind === "not-found") {
    return new Response("Baner nije pronađen.", {
      status: 404,
      headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(null, { status: 302, headers: { ...NO_STORE, Location: outcome.location } });
}
