import { publicOrigin } from "~/http/public-origin.server";
import type { Route } from "./+types/robots";

/** `/robots.txt`: everything public may be crawled; the back office, click redirects and reports not. */
export function loader({ request }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /b/",
    "Disallow: /izvestaj/",
    "Disallow: /newsletter/odjava",
    "Disallow: /cir/newsletter/odjava",
    // The "Latinica" switch only sets a cookie and redirects to the plain URL.
    "Disallow: /lat/",
    "Allow: /",
    "",
    `Sitemap: ${publicOrigin(request)}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
