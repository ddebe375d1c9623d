/**
 * Latin and Cyrillic at the HTTP edge (docs/decisions/210, 211). The routes render every public page
 * once, in Latin; here a request under `/cir` is routed without its prefix and its answer is put
 * into Cyrillic — the page (app/domain/cyrillic/html.ts), a redirect's Location, a JSON answer's
 * texts — before it is cached, so a cached Cyrillic page costs what a cached Latin one does. A Latin
 * page that carries Cyrillic text (a visitor wrote in Cyrillic) gets the same pass the other way.
 * The reader's choice is kept in the `pismo` cookie.
 */
import { htmlInScript, transliterateHtml, transliterateJson } from "~/domain/cyrillic/html";
import { transliteratorFor } from "~/domain/cyrillic/transliterate";
import {
  cyrillicLink,
  HTML_LANG,
  hasScriptTwin,
  SCRIPT_COOKIE,
  type Script,
  splitScriptPath,
  urlInScript,
} from "~/domain/cyrillic/urls";

export type { Script };

const ANY_CYRILLIC = /[\u0400-\u04ff]/;
const YEAR_S = 365 * 24 * 3600;

/** The script a request asks for by its path, and the path the routes see. */
export function routeScript(pathname: string): { script: Script; pathname: string } {
  const split = splitScriptPath(pathname);
  // `/cir/admin`, `/cir/media/…`: no such page (the routes' 404), not the Latin one.
  if (split.script === "cir" && !hasScriptTwin(split.pathname)) return { script: "lat", pathname };
  return split;
}

/** The `pismo` cookie's value from a Cookie header, if it names a script. */
export function scriptCookie(header: string | undefined): Script | null {
  if (!header) return null;
  const match = new RegExp(`(?:^|;\\s*)${SCRIPT_COOKIE}=(cir|lat)(?:;|$)`).exec(header);
  return match ? (match[1] as Script) : null;
}

export function scriptCookieHeader(script: Script, https: boolean): string {
  const secure = https ? "; Secure" : "";
  return script === "cir"
    ? `${SCRIPT_COOKIE}=cir; Path=/; Max-Age=${YEAR_S}; SameSite=Lax${secure}`
    : `${SCRIPT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/**
 * Where a reader who chose Cyrillic goes when a Latin page is asked for (a shared link, the address
 * typed, a Latin link in an e-mail): its Cyrillic twin. Only for pages read in a browser — a GET of
 * a page with a twin, not a feed or an endpoint. Crawlers keep no cookie: they get the Latin page.
 */
export function cookieRedirect(
  method: string,
  pathname: string,
  originalUrl: string,
  cookie: Script | null,
): string | null {
  if (cookie !== "cir" || (method !== "GET" && method !== "HEAD")) return null;
  if (splitScriptPath(pathname).script === "cir" || !hasScriptTwin(pathname)) return null;
  if (/\.(?:xml|txt|json)$/.test(pathname) || pathname.startsWith("/api/")) return null;
  return urlInScript(originalUrl, "cir");
}

export type ScriptPass = {
  script: Script;
  /** The site's origin: absolute links to it are links of the site. */
  origin: string;
  /** The editors' list of words that stay Latin (settings). */
  latinOnly: string;
};

/** A finished HTML page in the request's script (unchanged when there is nothing to do). */
export function pageInScript(html: string, pass: ScriptPass): string {
  if (pass.script === "cir") return htmlInScript(html, "cir", pass);
  if (!ANY_CYRILLIC.test(html)) return html;
  return transliterateHtml(html, { text: transliteratorFor(pass.latinOnly).toLatin, lang: HTML_LANG.lat });
}

/** A JSON answer (the newsletter endpoint) in the request's script. */
export function jsonInScript(json: string, pass: ScriptPass): string {
  const t = transliteratorFor(pass.latinOnly);
  if (pass.script === "lat" && !ANY_CYRILLIC.test(json)) return json;
  return transliterateJson(json, {
    text: pass.script === "cir" ? t.toCyrillic : t.toLatin,
    lang: HTML_LANG[pass.script],
  });
}

/** A redirect's Location from a Cyrillic page: the site's own pages stay Cyrillic. */
export function locationInScript(location: string, pass: ScriptPass): string {
  return pass.script === "cir" ? cyrillicLink(location, pass.origin) : location;
}
