import { parseSitemapFile } from "~/domain/articles/feeds";
import { publicOrigin } from "~/http/public-origin.server";
import { getDb } from "~/services.server";
import type { Route } from "./+types/sitemap-file";
import { sitemapFile, sitemapPlan, xmlResponse } from "./sitemap.server";

/** `/sitemap/{n}.xml`: one file of a split sitemap (see /sitemap.xml). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const n = parseSitemapFile(params.file);
  const db = getDb();
  const plan = await sitemapPlan(db);
  if (n === null || n > plan.files) {
    return new Response("Nije pronađeno", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return xmlResponse(await sitemapFile(db, publicOrigin(request), n, plan));
}
