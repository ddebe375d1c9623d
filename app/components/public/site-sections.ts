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
