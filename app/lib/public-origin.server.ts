import { getEnv } from "~/env.server";

/**
 * The site's public origin for absolute URLs (canonical links, OpenGraph, feeds, sitemaps):
 * `PUBLIC_URL` when set, otherwise the origin the request came to.
 */
export function publicOrigin(request: Request): string {
  const configured = getEnv().PUBLIC_URL;
  if (configured) return new URL(configured).origin;
  return new URL(request.url).origin;
}
