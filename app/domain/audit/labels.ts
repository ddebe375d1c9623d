/**
 * The audit log's words and URL contract, shared by the server and the screen (no database here).
 */
import { newYorkLocalToDate } from "~/domain/articles/form-rules";
import { isOneOf } from "~/lib/one-of";
import { parsePage } from "~/lib/pagination";

export const AUDIT_AREAS = [
  "auth",
  "articles",
  "headings",
  "companies",
  "requests",
  "banners",
  "forum",
  "listings",
  "newsletter",
  "users",
  "settings",
  "popup",
  "orders",
  "cache",
  "media",
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

export const AUDIT_AREA_LABELS: Record<AuditArea, string> = {
  auth: "Prijava",
  articles: "Članci",
  headings: "AI naslovi",
  companies: "Kompanije",
  requests: "Zahtevi kompanija",
  banners: "Baneri",
  forum: "Forum",
  listings: "Poslovi i kupoprodaja",
  newsletter: "Newsletter",
  users: "Korisnici",
  settings: "Podešavanja",
  popup: "Pop-up",
  orders: "Narudžbine",
  cache: "Keš",
  media: "Mediji",
};

/** Readable names of the actions recorded (an action without one is shown as recorded). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "sign-in": "Prijava",
  "sign-in-failed": "Neuspela prijava",
  "sign-in-link-requested": "Zatražen link za prijavu (nije poslat)",
  "sign-in-link-refused": "Link za prijavu odbijen (ograničenje)",
  "sign-in-link-sent": "Poslat link za prijavu",
  "sign-in-link-failed": "Link za prijavu nije poslat",
  "sign-in-link-used": "Prijava linkom",
  "sign-out": "Odjava",
  create: "Kreiranje",
  update: "Izmena",
  delete: "Brisanje",
  publish: "Objava",
  schedule: "Zakazivanje",
  unschedule: "Otkazano zakazivanje",
  "publish-scheduled": "Zakazana objava",
  draft: "Čuvanje nacrta",
  restore: "Vraćanje revizije",
  "preview-link": "Link za pregled",
  "preview-revoke": "Opoziv linka za pregled",
  popular: "Popularno",
  toggle: "Uključivanje/isključivanje",
  approve: "Odobravanje",
  reject: "Odbijanje",
  pending: "Vraćeno na čekanje",
  convert: "Konverzija",
  "convert-all": "Konverzija svih",
  "analyze-all": "Analiza svih",
  cancel: "Otkazivanje",
  upload: "Otpremanje",
  generate: "Generisanje",
  send: "Slanje",
  "send-test": "Probni e-mail",
  sync: "Sinhronizacija",
  refresh: "Osvežavanje",
  clear: "Brisanje keša",
  renew: "Obnova",
  filled: "Popunjeno / prodato",
  revision: "Izmena (čeka odobrenje)",
  "alerts-run": "Slanje obaveštenja o oglasima",
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/**
 * The fields the log records changes of, in the back office's words (the "Izmene" column): every
 * field of the records an admin action writes (articles, companies, banners, listings, media,
 * users, promotion products, moderation notes). A field without a word is shown as recorded.
 */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  // articles
  title: "Naslov",
  excerpt: "Kratak opis",
  content: "Sadržaj",
  featuredImage: "Glavna slika",
  status: "Status",
  publishedDate: "Datum objave",
  category: "Kategorija",
  author: "Autor",
  tags: "Tagovi",
  popular: "Popularan",
  featured: "Istaknut",
  revision: "Revizija",

  metaTitle: "Meta naslov",
  metaDescription: "Meta opis",
  slug: "Slug (URL)",
  // companies
  name: "Naziv",
  description: "Opis",
  location: "Grad",
  state: "Država",
  phone: "Telefon",
  email: "Email",
  website: "Veb-sajt",
  logo: "Logo",
  services: "Usluge",
  yearEstablished: "Godina osnivanja",
  fleetSize: "Veličina flote",
  specialties: "Specijalnosti",
  active: "Aktivno",
  admin_notes: "Napomena administratora",
  admin_note: "Napomena moderatora",
  // banners
  company: "Kompanija",
  section: "Sekcija",
  position: "Pozicija",
  type: "Tip",
  linkType: "Vrsta linka",
  link: "Link",
  message: "Poruka",
  backgroundColor: "Boja pozadine",
  imageUrl: "Slika",
  startDate: "Početak",
  endDate: "Kraj",
  priority: "Prioritet",
  // settings and the pop-up
  defaultArticleImage: "Podrazumevana slika članka",
  defaultCompanyImage: "Podrazumevana slika kompanije",
  latinOnlyWords: "Reči samo latinicom",
  enabled: "Uključen",
  image: "Slika",
  maxShowsPerDay: "Najviše prikaza dnevno",
  minHoursBetween: "Najmanje sati između prikaza",
  // media, users, promotion products
  alt: "Opis slike (alt tekst)",
  caption: "Potpis",
  replacedBy: "Zamenjena slikom",
  role: "Uloga",
  price: "Cena",
  days: "Trajanje (dana)",
};

export function auditFieldLabel(field: string): string {
  return AUDIT_FIELD_LABELS[field] ?? field;
}

export const AUDIT_PAGE_SIZE = 50;

export type AuditQuery = {
  userId: number | null;
  area: AuditArea | null;
  action: string | null;
  /** From this instant (the start of the "od" day in New York). */
  from: Date | null;
  /** Before this instant (the end of the "do" day in New York). */
  to: Date | null;
  page: number;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function nextDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** `?korisnik=&oblast=&akcija=&od=YYYY-MM-DD&do=YYYY-MM-DD&page=`; odd values are ignored. */
export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  const user = params.get("korisnik") ?? "";
  const area = params.get("oblast") ?? "";
  const action = (params.get("akcija") ?? "").trim();
  const from = params.get("od") ?? "";
  const to = params.get("do") ?? "";
  return {
    userId: /^\d{1,9}$/.test(user) ? Number(user) : null,
    area: isOneOf(AUDIT_AREAS, area) ? area : null,
    action: /^[a-z-]{1,40}$/.test(action) ? action : null,
    from: DAY.test(from) ? newYorkLocalToDate(from) : null,
    to: DAY.test(to) ? newYorkLocalToDate(nextDay(to)) : null,
    page: parsePage(params.get("page")),
  };
}
