/**
 * The banner slot layout of spec §9 and decision 054: every position of every page, and within a
 * position its slots — left, middle and right in a three-in-a-row position, Hero 1 … Hero 5 beside
 * the five hero articles, an upper (square) and a lower (tall) banner in a sidebar. Spec §2 says
 * new banners are created automatically for every position (decision 111): a slot without a banner
 * gets one from its defaults here, switched off until an admin fills it in.
 */
import {
  BANNER_POSITIONS,
  BANNER_SECTIONS,
  type BannerLike,
  type BannerSection,
  HERO_BANNER_COUNT,
  isThreeInRow,
  numberInTitle,
  positionKind,
  SLOTS,
  slotFromWords,
} from "./rules";

/** One slot: where it is and what a new banner there starts as. */
export type BannerSlot = {
  section: BannerSection;
  position: string;
  /** The slot within its position: left/middle/right, 1–5 (hero) or upper/lower (sidebar). */
  slot: string;
  title: string;
  type: "banner" | "square" | "rectangle" | "skyscraper" | "sidebar";
  priority: number;
};

/** The words that name a position in a banner's title ("Početna vrh – levi"). */
export const POSITION_TITLES: Record<string, string> = {
  "home-top": "Početna vrh",
  "home-hero": "Hero",
  "home-sidebar": "Početna bočna traka",
  "home-section-1": "Početna prva sekcija",
  "home-section-2": "Početna druga sekcija",
  "home-section-3": "Početna treća sekcija",
  "home-section-4": "Početna četvrta sekcija",
  "home-middle": "Početna sredina",
  "home-bottom": "Početna dno",
  "vesti-top": "Vesti vrh",
  "vesti-sidebar": "Vesti bočna traka",
  "vesti-bottom": "Vesti dno",
  "oglasi-top": "Oglasi vrh",
  "oglasi-sidebar": "Oglasi bočna traka",
  "oglasi-bottom": "Oglasi dno",
};

const ROW_WORDS = { left: "levi", middle: "srednji", right: "desni" } as const;
const SIDEBAR_SLOTS = ["gornji", "donji"] as const;

function slotsOf(section: BannerSection, position: string): BannerSlot[] {
  const name = POSITION_TITLES[position] ?? position;
  const kind = positionKind(position);
  if (kind === "hero") {
    return Array.from({ length: HERO_BANNER_COUNT }, (_, i) => ({
      section,
      position,
      slot: String(i + 1),
      title: `Hero ${i + 1}`,
      type: "rectangle" as const,
      priority: HERO_BANNER_COUNT - i,
    }));
  }
  if (kind === "sidebar") {
    return SIDEBAR_SLOTS.map((word, i) => ({
      section,
      position,
      slot: word,
      title: `${name} – ${word}`,
      type: i === 0 ? (section === "home" ? "square" : "sidebar") : "skyscraper",
      priority: i + 1,
    }));
  }
  return SLOTS.map((slot, i) => ({
    section,
    position,
    slot,
    title: `${name} – ${ROW_WORDS[slot]}`,
    type: "banner" as const,
    priority: i + 1,
  }));
}

/** Every slot of every position of spec §9, page by page in the order of `BANNER_POSITIONS`. */
export const BANNER_SLOT_LAYOUT: readonly BannerSlot[] = BANNER_SECTIONS.flatMap((section) =>
  BANNER_POSITIONS[section].flatMap((position) => slotsOf(section, position)),
);

/** The slot a banner names itself by its title (or company): levi/srednji/desni, Hero n, gornji/donji. */
export function namedSlot(banner: Pick<BannerLike, "title" | "company" | "position">): string | null {
  const kind = positionKind(banner.position);
  if (kind === "hero") {
    const n = numberInTitle(banner.title);
    return n !== null && n >= 1 && n <= HERO_BANNER_COUNT ? String(n) : null;
  }
  if (kind === "sidebar") {
    for (const text of [banner.title, banner.company ?? ""]) {
      const word = SIDEBAR_SLOTS.find((w) => new RegExp(`(^|[^\\p{L}])${w}($|[^\\p{L}])`, "iu").test(text));
      if (word) return word;
    }
    return null;
  }
  if (isThreeInRow(banner.position)) return slotFromWords(banner.title) ?? slotFromWords(banner.company);
  return null;
}

/**
 * The slots no banner fills, with the same claim rule as the three-in-a-row fill (decision 054): a
 * banner that names a free slot takes it, the others take the remaining slots in layout order by
 * ascending priority (then id). Banners of positions outside the layout are ignored.
 */
export function emptySlots(banners: readonly BannerLike[]): BannerSlot[] {
  const empty: BannerSlot[] = [];
  for (const position of new Set(BANNER_SLOT_LAYOUT.map((s) => s.position))) {
    const slots = BANNER_SLOT_LAYOUT.filter((s) => s.position === position);
    const here = banners
      .filter((b) => b.position === position)
      .sort((a, b) => a.priority - b.priority || a.id - b.id);
    const taken = new Set<string>();
    let unnamed = 0;
    for (const banner of here) {
      const named = namedSlot(banner);
      if (named && slots.some((s) => s.slot === named) && !taken.has(named)) taken.add(named);
      else unnamed++;
    }
    for (const slot of slots) {
      if (taken.has(slot.slot)) continue;
      if (unnamed > 0) unnamed--;
      else empty.push(slot);
    }
  }
  return empty;
}
