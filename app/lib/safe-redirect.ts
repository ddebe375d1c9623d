/**
 * Only a local path may be a redirect target after sign-in. Control characters and whitespace are
 * removed first (browsers drop tabs and newlines, so "/\t/evil.example" would become
 * "//evil.example"); what remains must be one path on this site: it starts with a single "/", has
 * no backslash, and resolves to this origin. Anything else gives the fallback.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/admin",
): string {
  if (typeof to !== "string" || to.length > 2000) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const cleaned = to.replace(/[\u0000-\u001f\u007f-\u009f\s]/g, "");
  if (!cleaned.startsWith("/") || cleaned.startsWith("//") || cleaned.includes("\\")) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(cleaned, "http://local.invalid");
  } catch {
    return fallback;
  }
  if (resolved.origin !== "http://local.invalid") return fallback;
  const path = resolved.pathname + resolved.search + resolved.hash;
  if (!/^[\x21-\x7e]*$/.test(path)) return fallback;
  if (path.startsWith("/admin/login") || path.startsWith("/admin/logout")) return fallback;
  return path;
}
