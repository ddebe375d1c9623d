import type { bannerAnalytics, bannerPeriods, banners } from "~/db/schema";
import { SLOTS } from "~/domain/banners/rules";
import { BANNER_SLOT_LAYOUT, type BannerSlot } from "~/domain/banners/slots";
import { addDays, createRandom, type Random } from "./random";
import { slugify } from "./script";

export type NewBanner = typeof banners.$inferInsert;
export type NewBannerPeriod = typeof bannerPeriods.$inferInsert;
export type NewBannerClick = typeof bannerAnalytics.$inferInsert;

type Slot = BannerSlot & { image: string | null };

/** One banner plan: the banner row, its campaigns (oldest first) and how many clicks it gets. */
export type BannerPlan = {
  banner: NewBanner;
  periods: Omit<NewBannerPeriod, "bannerId">[];
  clicks: number;
  /** Clicks stop here: now, or when the banner expired or was switched off. */
  clicksUntil: Date;
};

export const TOTAL_CLICKS = 20_000;

const WIDE = ["/demo/banner-wide-1.svg", "/demo/banner-wide-2.svg", "/demo/banner-wide-3.svg"];
const HERO = Array.from({ length: 5 }, (_, i) => `/demo/banner-hero-${i + 1}.svg`);
const SQUARE = "/demo/banner-square-1.svg";
const SKYSCRAPER = "/demo/banner-skyscraper-1.svg";

/**
 * The picture a slot shows in the demo: the wide art in each page's top row, the hero art beside
 * the hero articles, the square and tall art in the sidebars. The other rows are text banners
 * (company, message, colour), one advertiser each: no creative shows twice on a page (decision 212).
 */
function demoImage(slot: BannerSlot): string | null {
  if (slot.position === "home-hero") return HERO[(Number(slot.slot) - 1) % HERO.length];
  if (slot.type === "skyscraper") return SKYSCRAPER;
  if (slot.position.endsWith("-sidebar")) return SQUARE;
  if (slot.position.endsWith("-top")) return WIDE[SLOTS.indexOf(slot.slot as (typeof SLOTS)[number])];
  return null;
}

/** Every position slot of spec §9 (the domain's layout), each filled. */
export function bannerSlots(): Slot[] {
  return BANNER_SLOT_LAYOUT.map((slot) => ({ ...slot, image: demoImage(slot) }));
}

type Client = { name: string; message: string; color: string; phone?: string };

/** Advertisers; those with a phone number are "call" banners without a link. */
const CLIENTS: Client[] = [
  {
    name: "Drina Truck Repair",
    message: "Servis kamiona 0-24, mehaničari govore naš jezik",
    color: "#1e3a8a",
    phone: "(815) 555-0123",
  },
  { name: "Sava Insurance Agency", message: "Osiguranje za kamione – ponuda za jedan dan", color: "#0f766e" },
  { name: "Morava Logistics", message: "Tražimo CDL-A vozače – do 75 centi po milji", color: "#b91c1c" },
  { name: "Balkan Truck Parts", message: "Delovi za sve kamione, slanje u celu Ameriku", color: "#374151" },
  {
    name: "Kafana Zlatibor",
    message: "Domaća kuhinja i parking za kamione",
    color: "#92400e",
    phone: "(630) 555-0147",
  },
  { name: "Una Freight Lines", message: "Zapošljavamo vozače – bonus 5.000 dolara", color: "#1d4ed8" },
  { name: "Avala CDL School", message: "CDL škola na srpskom – nova grupa svakog meseca", color: "#6d28d9" },
  { name: "Tara Truck Finance", message: "Krediti za kamione i prikolice", color: "#065f46" },
  {
    name: "Jadran Tire Service",
    message: "Gume po najboljim cenama",
    color: "#0e7490",
    phone: "(317) 555-0168",
  },
  { name: "Kopaonik Accounting", message: "Knjigovodstvo, IFTA i porezi za vozače", color: "#4338ca" },
  { name: "Durmitor Dispatch", message: "Dispečerske usluge za vlasnike-operatere", color: "#a16207" },
  { name: "Vardar Fuel Card", message: "Kartica za gorivo sa popustom do 40 centi", color: "#15803d" },
  {
    name: "Lovćen Law Group",
    message: "Advokat za saobraćajne prekršaje i CDL",
    color: "#7f1d1d",
    phone: "(312) 555-0119",
  },
  { name: "Dunav Truck Sales", message: "Polovni kamioni sa garancijom", color: "#1f2937" },
  {
    name: "Timok Trailer Rental",
    message: "Iznajmljivanje prikolica na dan, nedelju ili mesec",
    color: "#9a3412",
  },
  { name: "Neretva Express", message: "Stalne ture za vlasnike-operatere", color: "#0369a1" },
  { name: "Ibar Truck Wash", message: "Pranje kamiona i prikolica za 30 minuta", color: "#0e7490" },
  {
    name: "Rtanj Medical Card",
    message: "DOT lekarski pregled bez čekanja",
    color: "#be123c",
    phone: "(773) 555-0181",
  },
  { name: "Golija Permits", message: "IRP, IFTA i dozvole za sve države", color: "#4d7c0f" },
  { name: "Sar Tax Service", message: "Porezi za owner-operatore i LLC", color: "#7c2d12" },
  { name: "Romanija Reefer Repair", message: "Servis rashladnih uređaja na putu", color: "#155e75" },
  { name: "Fruška Gora Catering", message: "Domaća hrana za vozače – dostava na parking", color: "#9f1239" },
  { name: "Majevica Truck Parking", message: "Čuvan parking za kamione, mesečna cena", color: "#3f6212" },
  { name: "Zlatar Dispatch", message: "Dispečeri na srpskom, 24 sata dnevno", color: "#1e40af" },
  { name: "Kozara Legal", message: "Pomoć kod inspekcija i kazni", color: "#581c87" },
  { name: "Velebit ELD", message: "ELD uređaji sa podrškom na našem jeziku", color: "#0f766e" },
  { name: "Vlasina Tires", message: "Nove i protektirane gume, montaža 0-24", color: "#78350f" },
  { name: "Tisa Trailer Sales", message: "Prikolice dry van i reefer na lager", color: "#334155" },
  { name: "Ozren Cargo Insurance", message: "Osiguranje tereta od prvog dana", color: "#075985" },
  { name: "Šar Planina Travel", message: "Avionske karte za Balkan po povoljnim cenama", color: "#a21caf" },
];

function clientLink(client: Client): string {
  return `https://${slugify(client.name)}.example.com`;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** Heavier, more visible slots get more clicks. */
function clickWeight(slot: Slot): number {
  if (slot.position === "home-hero") return 3;
  if (slot.position.endsWith("-top")) return 2;
  if (slot.position.endsWith("-sidebar")) return 1.5;
  if (slot.position.endsWith("-bottom")) return 0.6;
  return 1;
}

/** Earlier campaigns of other clients, back to back before the running one. */
function finishedPeriods(rng: Random, slot: Slot, runningStart: Date, current: Client) {
  const count = rng.chance(1 / 3) ? rng.int(1, 2) : 0;
  const periods: Omit<NewBannerPeriod, "bannerId">[] = [];
  let end = runningStart;
  for (let i = 0; i < count; i++) {
    const start = addDays(end, -rng.int(30, 120));
    const client = rng.pick(CLIENTS.filter((c) => c !== current));
    periods.unshift({
      companyName: client.name,
      link: clientLink(client),
      imageUrl: slot.image,
      startDate: start,
      endDate: end,
    });
    end = start;
  }
  return periods;
}

/** Demo states worth seeing in the admin list: two banners switched off and one expired. */
const SWITCHED_OFF = new Set(["Početna sredina – srednji", "Oglasi dno – desni"]);
const EXPIRED = "Vesti dno – levi";

/** The booked end of a campaign: usually open, sometimes a date ahead, once in the past. */
function bookedUntil(rng: Random, slot: Slot, now: Date): Date | null {
  if (slot.title === EXPIRED) return addDays(now, -12);
  return rng.chance(0.25) ? addDays(now, rng.int(20, 200)) : null;
}

/**
 * A banner for every slot. Most are active; two are switched off and one has expired. Banner
 * dates are relative to `now` (the time of seeding) so the click statistics for today, 7 and 30
 * days are never empty.
 */
export function buildBannerPlans(now: Date): BannerPlan[] {
  const rng = createRandom("banners");
  const slots = bannerSlots();
  const clients = rng.shuffle(CLIENTS);
  const totalWeight = slots.reduce((sum, slot) => sum + clickWeight(slot), 0);
  return slots.map((slot, i) => {
    const client = clients[i % clients.length];
    const runningStart = addDays(now, -rng.int(35, 150));
    const previous = finishedPeriods(rng, slot, runningStart, client);
    const link = client.phone ? null : clientLink(client);
    const running = {
      companyName: client.name,
      link,
      imageUrl: slot.image,
      startDate: runningStart,
      endDate: null,
    };
    const switchedOff = SWITCHED_OFF.has(slot.title);
    const endDate = bookedUntil(rng, slot, now);
    let clicksUntil = now;
    if (endDate && endDate < now) clicksUntil = endDate;
    else if (switchedOff) clicksUntil = addDays(now, -rng.int(5, 20));
    const createdAt = previous[0]?.startDate ?? runningStart;
    return {
      banner: {
        title: slot.title,
        company: client.name,
        link,
        phone: client.phone ?? null,
        section: slot.section,
        position: slot.position,
        type: slot.type,
        message: client.message,
        backgroundColor: client.color,
        imageUrl: slot.image,
        active: !switchedOff,
        startDate: isoDate(runningStart),
        endDate: endDate ? isoDate(endDate) : null,
        priority: slot.priority,
        createdAt,
        updatedAt: switchedOff ? clicksUntil : runningStart,
      },
      periods: [...previous, running],
      clicks: Math.round(((TOTAL_CLICKS * clickWeight(slot)) / totalWeight) * (switchedOff ? 0.5 : 1)),
      clicksUntil,
    };
  });
}

const USER_AGENTS = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; SM-S921U) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
];
const REFERRERS = [
  null,
  null,
  "https://www.google.com/",
  "https://www.facebook.com/",
  "https://l.instagram.com/",
];

export type PeriodRow = { id: number; bannerId: number; startDate: Date; endDate: Date | null };

/**
 * Clicks spread over each banner's campaigns in proportion to their length. Within a campaign they
 * lean towards its end (traffic grows), so the running ones always have clicks in the last hours.
 */
export function buildClicks(
  plan: BannerPlan,
  bannerId: number,
  periods: PeriodRow[],
  now: Date,
): NewBannerClick[] {
  const rng = createRandom(`banner-clicks:${plan.banner.title}`);
  const page = plan.banner.section === "home" ? "/" : `/${plan.banner.section}`;
  const spans = periods.map((period) => {
    const end = Math.min((period.endDate ?? now).getTime(), plan.clicksUntil.getTime());
    return { period, start: period.startDate.getTime(), end: Math.max(end, period.startDate.getTime()) };
  });
  const totalSpan = spans.reduce((sum, s) => sum + (s.end - s.start), 0) || 1;
  return spans.flatMap(({ period, start, end }) => {
    const count = Math.round((plan.clicks * (end - start)) / totalSpan);
    return Array.from({ length: count }, () => ({
      bannerId,
      bannerPeriodId: period.id,
      userAgent: rng.pick(USER_AGENTS),
      referrer: rng.pick(REFERRERS),
      sessionId: rng.hex(32),
      pageUrl: rng.chance(0.7) ? page : `/article/${rng.int(1, 5000)}`,
      clickedAt: new Date(end - (end - start) * rng.float() ** 2),
    }));
  });
}
