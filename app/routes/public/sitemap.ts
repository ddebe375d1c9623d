import { buildSitemapIndex } from "~/domain/articles/feeds";
import { publicOrigin } from "~/http/public-origin.server";
import { getDb } from "~/services.server";
import type { Route } from "./+types/sitemap";
import { sitemapFile, sitemapPlan, xmlResponse } from "./sitemap.server";

/**
 * `/sitemap.xml`: every public URL when they fit in one file (50,000); past that, a sitemap index
 * of `/sitemap/1.xml`, `/sitemap/2.xml`, …
 */
export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const origin = publicOrigin(request);
  const plan = await sitemapPlan(db);
  const { files } = plan;
  if (files === 1) return xmlResponse(await sitemapFile(db, origin, 1, plan));
  return xmlResponse(
    buildSitemapIndex(Array.from({ length: files }, (_, i) => `${origin}/sitemap/${i + 1}.xml`)),
  );
}
