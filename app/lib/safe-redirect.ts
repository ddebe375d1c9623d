/**
 * Only a local path inside one section of the site may be a redirect target (after sign-in: under
 * /admin). Control characters and whitespace are removed first (browsers drop tabs and newlines,
 * so "/\t/evil.example" would become "//evil.example"); the value must look like one local path
 * (a single leading "/", no backslash); then the *result* is checked, since resolving it can change
 * it: `new URL()` collapses dot segments, and "/..//evil.example", "/%2e%2e//evil.example" or
 * "/admin/..//evil.example" all resolve to the path "//evil.example", which a browser reads as
 * another host. The resolved path must stay on this origin, be printable ASCII, not start with
 * "//" and lie inside `fallback`'s section (the fallback itself, or below it). Anything else gives
 * the fallback.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/admin",
): string {
  if (typeof to !== "string" || to.length > 2000) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const cleaned = to.replace(/[\u0000-\u001f\u007f-\u009f\s]/g, "");
  if (!cleaned.startsWith("/") || cleaned.startsWith("//") || cleaned.includes("\\")) return fallback;
  const origin = "http://local.invalid";
  let resolved: URL;
  try {
    resolved = new URL(cleaned, origin);
  } catch {
    return fallback;
  }
  if (resolved.origin !== origin) return fallback;
  const path = resolved.pathname + resolved.search + resolved.hash;
  if (!/^[\x21-\x7e]*$/.test(path) || path.startsWith("//") || path.includes("\\")) return fallback;
  if (!insideSection(resolved.pathname, new URL(fallback, origin).pathname)) return fallback;
  // Going back to the sign-in or sign-out page would loop.
  if (path.startsWith("/admin/login") || path.startsWith("/admin/logout")) return fallback;
  return path;
}

/** "/admin" holds "/admin" and "/admin/…", not "/administrator"; "/" holds every path. */
function insideSection(pathname: string, section: string): boolean {
  const base = section.endsWith("/") ? section.slice(0, -1) : section;
  return pathname === base || pathname.startsWith(`${base}/`) || (base === "" && pathname.startsWith("/"));
}
