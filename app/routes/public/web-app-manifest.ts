import { transliteratorFor } from "~/domain/cyrillic/transliterate";
import { webAppManifest } from "~/domain/offline/manifest";
import { getCachedSettings } from "~/domain/settings/cache.server";
import { getDb } from "~/services.server";
import type { Route } from "./+types/web-app-manifest";

/**
 * `/manifest.webmanifest` and `/cir/manifest.webmanifest`: the web app manifest every public page
 * links (the Cyrillic page pass points a Cyrillic page at its own), docs/decisions/310.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await getCachedSettings(getDb());
  const script = context.script ?? "lat";
  const t = transliteratorFor(settings.latinOnlyWords);
  const manifest = webAppManifest({
    siteName: settings.siteName,
    description: settings.siteDescription,
    script,
    text: script === "cir" ? t.toCyrillic : t.toLatin,
  });
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      // A renamed site shows within the hour (the page cache drops it at once on the settings' save).
      "Cache-Control": "public, max-age=3600",
    },
  });
}
