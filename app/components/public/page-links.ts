import { canonicalLinks } from "~/domain/cyrillic/urls";

/**
 * The canonical link and the hreflang alternates of a page whose loader has no origin of its own:
 * the public layout's loader gives the site's origin (meta functions run where the layout's data
 * is among the matches).
 */
export function layoutCanonicalLinks(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  path: string,
) {
  const layout = matches.find((m) => m?.id === "routes/public/layout");
  const origin = (layout?.data as { origin?: string } | undefined)?.origin;
  return origin ? canonicalLinks(`${origin}${path}`) : [];
}
