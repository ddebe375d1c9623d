/**
 * Reading and writing the site's own cookies (session, forum visitor, flash message): all of them
 * HttpOnly, SameSite=Lax, on the whole site, and Secure whenever the request came over https.
 */

/**
 * One cookie's value from a request, or null. A value that is not valid percent-encoding
 * (`bv_session=%ZZ`) is treated as absent: a broken cookie must never turn a page into a 500.
 */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return null;
    }
  }
  return null;
}

/** A `Set-Cookie` value for `name` (max age in seconds; 0 deletes it). */
export function setCookieHeader(
  request: Request,
  name: string,
  value: string,
  maxAgeSeconds: number,
): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}${secure}`;
}
