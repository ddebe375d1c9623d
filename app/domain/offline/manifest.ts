/**
 * The web app manifest (docs/decisions/310): what a phone needs to put the site on its home screen
 * as an app — its names, icons, colours and the page it opens. One per script: `/manifest.webmanifest`
 * (Latin) and `/cir/manifest.webmanifest`, which opens the Cyrillic home page. Pure.
 */
import { CYRILLIC_PREFIX, HTML_LANG, type Script } from "~/domain/cyrillic/urls";

/** The site's colour (the header's, and `<meta name="theme-color">`). */
export const THEME_COLOR = "#172f6e";
export const BACKGROUND_COLOR = "#ffffff";
/** The icons in public/images/app (made from favicon.svg by scripts/make-app-icons.mjs). */
export const APP_ICONS = [
  { src: "/images/app/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/images/app/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/images/app/icon-maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
  { src: "/images/app/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
] as const;
export const APPLE_TOUCH_ICON = "/images/app/apple-touch-icon.png";
/** Home screens show about 12 characters under an icon. */
const SHORT_NAME_MAX = 12;

/** The name under the icon: the site's name when it fits, else its last word ("Vozači"). */
export function shortName(siteName: string): string {
  const name = siteName.trim();
  if (Array.from(name).length <= SHORT_NAME_MAX) return name;
  const last = name.split(/\s+/).at(-1) ?? name;
  return Array.from(last).slice(0, SHORT_NAME_MAX).join("");
}

export type ManifestInput = {
  siteName: string;
  description: string;
  script: Script;
  /** Puts a text into the manifest's script (the site's transliterator). */
  text: (text: string) => string;
};

export function webAppManifest({ siteName, description, script, text }: ManifestInput) {
  return {
    // One app for both scripts: installed from either, it is the same app.
    id: "/",
    name: text(siteName.trim()),
    short_name: text(shortName(siteName)),
    description: text(description.trim()),
    lang: HTML_LANG[script],
    dir: "ltr",
    start_url: script === "cir" ? CYRILLIC_PREFIX : "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ["news"],
    icons: APP_ICONS,
  };
}
