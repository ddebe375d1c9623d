/**
 * The banner rules of spec §4 as pure functions: ordering within a section, slot labels, the
 * three-in-a-row fill, expiry and the derived link type. No database, no clock: callers pass
 * "today" as a New York calendar day (YYYY-MM-DD).
 */

export type Slot = "left" | "middle" | "right";
export type LinkType = "url" | "phone";

export const SLOTS: readonly Slot[] = ["left", "middle", "right"];
export const SLOT_LABELS: Record<Slot, string> = { left: "Levi", middle: "Srednji", right: "Desni" };

/** The fields the rules read; a full banner row satisfies it. */
export type BannerLike = {
  id: number;
  title: string;
  company?: string | null;
  position: string;
  priority: number;
};

/** The banner sections of spec §9, in the order the admin list shows them. */
export const BANNER_SECTIONS = ["home", "vesti", "oglasi"] as const;
export type BannerSection = (typeof BANNER_SECTIONS)[number];

export const SECTION_LABELS: Record<BannerSection, string> = {
  home: "Početna",
  vesti: "Vesti",
  oglasi: "Oglasi",
};

/** The positions of spec §9, page by page, in the order they appear on the page. */
export const BANNER_POSITIONS: Record<BannerSection, readonly string[]> = {
  home: [
    "home-top",
    "home-hero",
    "home-sidebar",
    "home-section-1",
    "home-section-2",
    "home-middle",
    "home-section-3",
    "home-section-4",
    "home-bottom",
  ],
  vesti: ["vesti-top", "vesti-sidebar", "vesti-bottom"],
  oglasi: ["oglasi-top", "oglasi-sidebar", "oglasi-bottom"],
};

export const ALL_POSITIONS: readonly string[] = Object.values(BANNER_POSITIONS).flat();

/**
 * Phones and tablets (below 1024 px) show fewer places than wide screens (decision 212): one banner
 * at a time, only between news blocks. The home page's remaining wide rows take turns in one place
 * at the end of the page.
 */
export const HOME_PHONE_ROTATION: readonly string[] = [
  "home-section-2",
  "home-middle",
  "home-section-3",
  "home-section-4",
  "home-bottom",
];

/** Where a position's banners show on a phone, in the admin's words. */
export function phonePlacement(position: string): string {
  const kind = positionKind(position);
  if (position.startsWith("home")) {
    if (HOME_PHONE_ROTATION.includes(position))
      return "Na telefonu: naizmenično sa drugim redovima, na dnu strane";
    if (kind === "top") return "Na telefonu: jedan od tri, posle glavnih vesti";
    if (kind === "section-1") return "Na telefonu: jedan od tri, posle najnovijih vesti";
    if (kind === "hero") return "Na telefonu: jedan od pet, posle najnovijih oglasa";
    return "Na telefonu se ne prikazuje";
  }
  if (kind === "sidebar") return "Na telefonu: samo gornji baner, na stranici članka";
  if (kind === "top" || kind === "bottom") return "Na telefonu: jedan od tri";
  return "Na telefonu se ne prikazuje";
}

/** The number of hero banners: one beside each of the five hero articles. */
export const HERO_BANNER_COUNT = 5;

/** Which part of the page a position is, read from the suffix of its name. */
export type PositionKind =
  | "hero"
  | "top"
  | "section-1"
  | "middle"
  | "section-2"
  | "section-3"
  | "section-4"
  | "bottom"
  | "sidebar"
  | "other";

export function positionKind(position: string): PositionKind {
  const p = position.toLowerCase();
  if (p.endsWith("-hero") || p === "hero") return "hero";
  if (p.endsWith("-sidebar") || p === "sidebar") return "sidebar";
  for (const kind of ["section-1", "section-2", "section-3", "section-4"] as const) {
    if (p.endsWith(`-${kind}`) || p === kind) return kind;
  }
  for (const kind of ["top", "middle", "bottom"] as const) {
    if (p.endsWith(`-${kind}`) || p === kind) return kind;
  }
  return "other";
}

const POSITION_LABELS: Record<PositionKind, string> = {
  hero: "Hero (uz glavne članke)",
  top: "Vrh stranice",
  "section-1": "Prva sekcija",
  "section-2": "Druga sekcija",
  "section-3": "Treća sekcija",
  "section-4": "Četvrta sekcija",
  middle: "Sredina stranice",
  bottom: "Dno stranice",
  sidebar: "Bočna traka",
  other: "Ostalo",
};

/** The name of a position's place on its page ("Vrh stranice", "Bočna traka"). */
export function positionLabel(position: string): string {
  return POSITION_LABELS[positionKind(position)];
}

/** Positions that show three banners side by side (left, middle, right). */
export function isThreeInRow(position: string): boolean {
  const kind = positionKind(position);
  return kind !== "hero" && kind !== "sidebar" && kind !== "other";
}

const ROW_BASE: Partial<Record<PositionKind, number>> = {
  top: 10,
  "section-1": 10,
  middle: 20,
  "section-2": 20,
  "section-3": 30,
  "section-4": 40,
  bottom: 50,
};

const SLOT_WORDS: Array<[RegExp, Slot]> = [
  [/(^|[^\p{L}])levi($|[^\p{L}])/iu, "left"],
  [/(^|[^\p{L}])srednji($|[^\p{L}])/iu, "middle"],
  [/(^|[^\p{L}])desni($|[^\p{L}])/iu, "right"],
];

/** The slot named by the words levi/srednji/desni in a text, if any. */
export function slotFromWords(text: string | null | undefined): Slot | null {
  if (!text) return null;
  for (const [pattern, slot] of SLOT_WORDS) if (pattern.test(text)) return slot;
  return null;
}

/** The number in a title such as "Hero 3" or "Članak 2" (the first run of digits), or null. */
export function numberInTitle(title: string): number | null {
  const match = /\d+/.exec(title);
  return match ? Number(match[0]) : null;
}

/** Article/hero numbers 1..5 map to left, middle, right, left, middle (spec §4). */
const NUMBER_SLOTS: readonly Slot[] = ["left", "middle", "right", "left", "middle"];

export function slotFromNumber(n: number | null): Slot | null {
  if (n === null || !Number.isInteger(n) || n < 1 || n > NUMBER_SLOTS.length) return null;
  return NUMBER_SLOTS[n - 1];
}

/**
 * The slot label of a banner: levi/srednji/desni from the title, then from the company text, then
 * from an article/hero number 1..5 in the title. Null when none applies.
 */
export function slotOf(banner: Pick<BannerLike, "title" | "company">): Slot | null {
  return (
    slotFromWords(banner.title) ??
    slotFromWords(banner.company) ??
    (/(hero|članak|clanak|article|vest)\s*#?\s*\d/iu.test(banner.title)
      ? slotFromNumber(numberInTitle(banner.title))
      : null)
  );
}

export function slotLabel(banner: Pick<BannerLike, "title" | "company">): string | null {
  const slot = slotOf(banner);
  return slot ? SLOT_LABELS[slot] : null;
}

/**
 * The sort key of a banner within its section (spec §4):
 * hero by the number in its title (1..5); top/section-1 10–12, middle/section-2 20–22, section-3
 * 30–32, section-4 40–42, bottom 50–52 (left/middle/right from levi/srednji/desni in the title;
 * a row banner with no such word sorts after the named ones, at base + 3); sidebar 60 + priority;
 * anything else 100 + id.
 */
export function orderKey(banner: BannerLike): number {
  const kind = positionKind(banner.position);
  if (kind === "hero") {
    const n = numberInTitle(banner.title);
    return n !== null && n >= 1 && n <= 9 ? n : 9;
  }
  const base = ROW_BASE[kind];
  if (base !== undefined) {
    const slot = slotFromWords(banner.title);
    return base + (slot ? SLOTS.indexOf(slot) : 3);
  }
  if (kind === "sidebar") return 60 + banner.priority;
  return 100 + banner.id;
}

/** Compare two banners of one section: by order key, then descending priority, then id. */
export function compareBanners(a: BannerLike, b: BannerLike): number {
  return orderKey(a) - orderKey(b) || b.priority - a.priority || a.id - b.id;
}

/** A sorted copy in the spec's order within a section. */
export function sortBanners<T extends BannerLike>(banners: readonly T[]): T[] {
  return [...banners].sort(compareBanners);
}

/**
 * Fills a three-in-a-row position: a banner whose title (or company) names a free slot takes it;
 * the remaining slots go left, middle, right to the other banners by ascending priority (then id).
 * At most three banners are placed; the result is in left, middle, right order.
 */
export function fillRow<T extends BannerLike>(banners: readonly T[]): Array<T & { slot: Slot }> {
  const byPriority = [...banners].sort((a, b) => a.priority - b.priority || a.id - b.id);
  const taken = new Map<Slot, T>();
  const rest: T[] = [];
  for (const banner of byPriority) {
    const named = slotFromWords(banner.title) ?? slotFromWords(banner.company);
    if (named && !taken.has(named)) taken.set(named, banner);
    else rest.push(banner);
  }
  for (const slot of SLOTS) {
    if (taken.has(slot)) continue;
    const next = rest.shift();
    if (next) taken.set(slot, next);
  }
  return SLOTS.filter((slot) => taken.has(slot)).map((slot) => ({ ...(taken.get(slot) as T), slot }));
}

/**
 * What a reader sees of a banner — its creative: the image, or for a text banner its company,
 * message and colour. Two banners with the same creative look the same on a page (decision 212).
 */
export function creativeKey(banner: {
  title: string;
  imageUrl?: string | null;
  company?: string | null;
  message?: string | null;
  backgroundColor?: string | null;
}): string {
  const image = banner.imageUrl?.trim();
  if (image) return `image:${image.replace(/[?#].*$/, "")}`;
  const text = (value: string | null | undefined) => (value ?? "").trim().toLowerCase();
  return `text:${text(banner.company)}|${text(banner.message) || text(banner.title)}|${text(banner.backgroundColor)}`;
}

/**
 * A page's positions (in page order, positions outside the list after them) with every creative
 * shown once: a banner whose creative an earlier position (or an earlier slot of the same
 * position) already shows is left out, and its row closes up (decision 212).
 */
export function withoutRepeatedCreatives<T extends Parameters<typeof creativeKey>[0]>(
  positions: readonly string[],
  byPosition: Record<string, T[]>,
): Record<string, T[]> {
  const seen = new Set<string>();
  const result: Record<string, T[]> = {};
  const others = Object.keys(byPosition).filter((position) => !positions.includes(position));
  for (const position of [...positions, ...others]) {
    result[position] = (byPosition[position] ?? []).filter((banner) => {
      const key = creativeKey(banner);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
  return result;
}

/** Hero banners: by the number in the title, then descending priority; the first five. */
export function heroOrder<T extends BannerLike>(banners: readonly T[]): T[] {
  return sortBanners(banners).slice(0, HERO_BANNER_COUNT);
}

/** A banner is expired when its end date (a calendar day) is before today (spec §4). */
export function isExpired(endDate: string | null | undefined, today: string): boolean {
  return Boolean(endDate) && (endDate as string) < today;
}

/** A booked start date in the future: the banner does not show yet. */
export function isNotStarted(startDate: string | null | undefined, today: string): boolean {
  return Boolean(startDate) && (startDate as string) > today;
}

/** Shown on the public site: active, not expired, and its start date (if any) reached. */
export function isLive(
  banner: { active: boolean; startDate?: string | null; endDate?: string | null },
  today: string,
): boolean {
  return banner.active && !isExpired(banner.endDate, today) && !isNotStarted(banner.startDate, today);
}

/** The link type is derived: phone when a non-empty phone exists, otherwise url (spec §3). */
export function linkTypeOf(banner: { phone?: string | null }): LinkType {
  return banner.phone && banner.phone.trim() !== "" ? "phone" : "url";
}

/** `tel:` target of a phone banner: digits and a leading plus only. */
export function telHref(phone: string): string | null {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, "");
  if (digits.length < 3) return null;
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${digits}`;
}

/** True for an absolute http(s) URL with a host. */
export function isHttpUrl(value: string | null | undefined): boolean {
  if (!value) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Where a click on this banner goes: its stored http(s) link, or tel: for a phone banner. */
export function clickTarget(banner: { link?: string | null; phone?: string | null }): string | null {
  if (linkTypeOf(banner) === "phone") return telHref(banner.phone as string);
  return isHttpUrl(banner.link) ? (banner.link as string) : null;
}

/** Intrinsic image size by banner type (used for width/height so the page does not jump). */
export function imageSizeFor(type: string, position: string): { width: number; height: number } {
  if (positionKind(position) === "hero") return { width: 1200, height: 675 };
  if (type === "skyscraper") return { width: 300, height: 600 };
  if (type === "square" || type === "sidebar") return { width: 600, height: 600 };
  if (type === "rectangle") return { width: 1200, height: 675 };
  return { width: 1200, height: 200 };
}
