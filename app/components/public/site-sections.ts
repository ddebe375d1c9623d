/**
 * The public site's sections, in header order. A section is listed once its pages exist
 * (`ready`), so the header never links to a page that is not there yet.
 */
export const SITE_SECTIONS = [
  { label: "Vesti", to: "/vesti", ready: true },
  { label: "Oglasi", to: "/oglasi", ready: true },
  { label: "Kompanije", to: "/kompanije", ready: true },
  { label: "Poslovi", to: "/poslovi", ready: true },
  { label: "Kupoprodaja", to: "/kupoprodaja", ready: true },
  { label: "Forum", to: "/forum", ready: true },
] as const;

export const SITE_NAME = "Balkan Vozači";

/** The home page and the sections: the header's full list (seven entries). */
export const HEADER_LINKS: readonly { label: string; to: string }[] = [
  { label: "Početna", to: "/" },
  ...SITE_SECTIONS.filter((s) => s.ready),
];

/**
 * A route tells the header which section it belongs to when its path does not (an article belongs
 * to Vesti or Oglasi by its category): `export const handle: SectionHandle = { section: … }`.
 */
export type SectionHandle = { section?: string | ((data: unknown) => string | null) };

/**
 * The header entry of a page: the one a route names (handle), else the longest entry whose path is
 * the page's path or a parent of it (`/poslovi/novi` → Poslovi); the home page only for `/`.
 */
export function currentSection(pathname: string, named: string | null = null): string | null {
  if (named) return named;
  if (pathname === "/") return "/";
  let best: string | null = null;
  for (const { to } of HEADER_LINKS) {
    if (to === "/") continue;
    if ((pathname === to || pathname.startsWith(`${to}/`)) && (!best || to.length > best.length)) best = to;
  }
  return best;
}

/** The section a route's handle names, the deepest match first. */
export function sectionFromMatches(matches: readonly { handle?: unknown; data?: unknown }[]): string | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as SectionHandle | undefined;
    if (!handle?.section) continue;
    return typeof handle.section === "function" ? handle.section(matches[i].data) : handle.section;
  }
  return null;
}
