/**
 * Demo listings: 150 jobs and 120 buy/sell listings in every status (pending, approved, rejected,
 * expired), across the states, some promoted, with raster photos for the buy/sell ones so the WebP
 * variants are exercised. The content is identical on every run; the dates are relative to the
 * seed's `now` (like the banner campaigns), so the approved ones are live on the day of the seed.
 *
 * Photos: a small pool of drawn scenes (trucks, trailers, parts) rendered once to JPEG with sharp,
 * stored under fixed keys and shared by the listings (the photo delete path removes an object only
 * when no listing references it any more).
 */
import sharp from "sharp";
import type { listingPhotos, listings } from "~/db/schema";
import type {
  EquipmentType,
  HomeTime,
  JobPosition,
  PayUnit,
  RouteType,
  SaleCategory,
  SaleCondition,
} from "~/domain/listings/options";
import { makeVariants } from "~/domain/media/media.server";
import { mediaKey, variantKey } from "~/domain/media/rules";
import type { Storage } from "~/integrations/storage/storage";
import { emailLocalPart, personName } from "./people";
import { FREIGHT_HUB_STATES, US_STATES } from "./places";
import { createRandom, type Random } from "./random";

export const JOB_COUNT = 150;
export const SALE_COUNT = 120;

type NewListing = typeof listings.$inferInsert;
type NewPhoto = Omit<typeof listingPhotos.$inferInsert, "listingId">;
export type ListingPlan = { listing: NewListing; photoKinds: PhotoKind[] };

const DAY = 86_400_000;
const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

// --- photos ------------------------------------------------------------------------------------

type PhotoKind = "truck" | "trailer" | "flatbed" | "parts";

/** Small enough to seed fast (two WebP variants: 400 and 800), large enough for the gallery. */
const PHOTO_W = 800;
const PHOTO_H = 600;
/** Fixed time stamp of the demo photo keys (never changes, so a re-seed writes the same objects). */
const DEMO_PHOTO_MS = 1_767_225_600_000;

function scene(ground: string, sky: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1024 768" width="1024" height="768">
<rect width="1024" height="768" fill="${sky}"/>
<circle cx="860" cy="130" r="60" fill="#fde68a" opacity="0.9"/>
<path d="M0 470 L180 330 L330 430 L520 300 L700 440 L880 330 L1024 420 V520 H0Z" fill="#94a3b8"/>
<rect y="500" width="1024" height="268" fill="${ground}"/>
<rect y="560" width="1024" height="120" fill="#3f3f46"/>
<path d="M0 620 H1024" stroke="#fafafa" stroke-width="7" stroke-dasharray="60 40"/>
${body}
</svg>`;
}

const wheels = (xs: number[], y = 600) =>
  xs
    .map(
      (x) =>
        `<circle cx="${x}" cy="${y}" r="34" fill="#18181b"/><circle cx="${x}" cy="${y}" r="13" fill="#a1a1aa"/>`,
    )
    .join("");

function truckSvg(cab: string, sky: string): string {
  return scene(
    "#65a30d",
    sky,
    `<g transform="translate(250 0)">
<path d="M40 600 V420 Q40 380 80 372 L250 360 Q300 360 318 400 L352 470 H420 Q450 470 450 500 V600Z" fill="${cab}"/>
<path d="M110 392 H240 Q262 392 270 410 L292 460 H110Z" fill="#bfdbfe"/>
<rect x="20" y="300" width="26" height="180" rx="8" fill="#71717a"/>
<rect x="30" y="580" width="440" height="22" fill="#27272a"/>
${wheels([120, 380])}
</g>`,
  );
}

function trailerSvg(box: string, sky: string): string {
  return scene(
    "#4d7c0f",
    sky,
    `<rect x="120" y="330" width="640" height="240" rx="6" fill="${box}" stroke="#94a3b8" stroke-width="4"/>
<rect x="700" y="345" width="48" height="90" fill="#cbd5e1"/>
<rect x="120" y="566" width="640" height="18" fill="#27272a"/>
${wheels([560, 640, 720])}
<rect x="200" y="580" width="14" height="60" fill="#52525b"/>`,
  );
}

function flatbedSvg(sky: string): string {
  return scene(
    "#65a30d",
    sky,
    `<rect x="100" y="520" width="700" height="34" fill="#52525b"/>
<rect x="180" y="430" width="200" height="90" fill="#a16207"/><rect x="420" y="450" width="260" height="70" fill="#ca8a04"/>
<path d="M180 430 L380 520 M380 430 L180 520" stroke="#facc15" stroke-width="6"/>
${wheels([600, 680, 760], 580)}`,
  );
}

function partsSvg(sky: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1024 768" width="1024" height="768">
<rect width="1024" height="768" fill="${sky}"/>
<rect y="560" width="1024" height="208" fill="#78716c"/>
${[220, 420, 620, 820]
  .map(
    (x) =>
      `<circle cx="${x}" cy="460" r="120" fill="#18181b"/><circle cx="${x}" cy="460" r="70" fill="#3f3f46"/><circle cx="${x}" cy="460" r="30" fill="#a1a1aa"/>`,
  )
  .join("")}
</svg>`;
}

const PHOTO_POOL: Record<PhotoKind, { name: string; svg: string }[]> = {
  truck: [
    { name: "demo-kamion-crveni", svg: truckSvg("#dc2626", "#7dd3fc") },
    { name: "demo-kamion-plavi", svg: truckSvg("#1d4ed8", "#bae6fd") },
    { name: "demo-kamion-beli", svg: truckSvg("#e2e8f0", "#93c5fd") },
    { name: "demo-kamion-crni", svg: truckSvg("#27272a", "#fcd34d") },
  ],
  trailer: [
    { name: "demo-prikolica-hladnjaca", svg: trailerSvg("#f8fafc", "#7dd3fc") },
    { name: "demo-prikolica-zatvorena", svg: trailerSvg("#cbd5e1", "#fdba74") },
  ],
  flatbed: [{ name: "demo-prikolica-flatbed", svg: flatbedSvg("#a5f3fc") }],
  parts: [{ name: "demo-gume", svg: partsSvg("#e2e8f0") }],
};

export type DemoPhoto = Omit<NewPhoto, "position">;

/**
 * Renders the pool, writes each photo and its WebP variants to the store under fixed keys, and
 * returns them by kind (8 drawings, well under a second on an idle machine).
 */
export async function storeDemoPhotos(storage: Storage): Promise<Record<PhotoKind, DemoPhoto[]>> {
  const out = { truck: [], trailer: [], flatbed: [], parts: [] } as Record<PhotoKind, DemoPhoto[]>;
  let i = 0;
  for (const [kind, items] of Object.entries(PHOTO_POOL) as [PhotoKind, { name: string; svg: string }[]][]) {
    for (const item of items) {
      // Drawn by us, so no need for the visitor-photo checks: render, then the same WebP variants.
      const body = await sharp(Buffer.from(item.svg))
        .resize(PHOTO_W, PHOTO_H)
        .jpeg({ quality: 80 })
        .toBuffer();
      const key = mediaKey(`${item.name}.jpg`, DEMO_PHOTO_MS + i++, { width: PHOTO_W, height: PHOTO_H });
      await storage.put("images", key, body, "image/jpeg");
      for (const v of await makeVariants(body, PHOTO_W)) {
        await storage.put("images", variantKey(key, v.width), v.body, "image/webp");
      }
      out[kind].push({
        key,
        url: storage.publicUrl("images", key),
        width: PHOTO_W,
        height: PHOTO_H,
        size: body.length,
      });
    }
  }
  return out;
}

/** The photo rows of one listing: its kinds in order, taking the pool's photos in turn. */
export function photosFor(
  plan: ListingPlan,
  pool: Record<PhotoKind, DemoPhoto[]>,
  offset: number,
): Omit<NewPhoto, "createdAt">[] {
  return plan.photoKinds
    .map((kind, position) => {
      const list = pool[kind];
      if (list.length === 0) return null;
      return { ...list[(offset + position) % list.length], position };
    })
    .filter((p): p is NonNullable<typeof p> => p !== null);
}

// --- statuses ----------------------------------------------------------------------------------

type Life = Pick<
  NewListing,
  | "status"
  | "createdAt"
  | "updatedAt"
  | "approvedAt"
  | "expiresAt"
  | "featuredUntil"
  | "reviewedAt"
  | "reviewedBy"
  | "adminNote"
>;

const REVIEWER = "admin@balkanvozaci.com";
const REJECT_NOTES = [
  "Nedostaju podaci o plati i kontakt kompanije.",
  "Oglas je duplikat već objavljenog oglasa.",
  "Neproverena kompanija — nema MC/DOT broja.",
  "Fotografije ne prikazuju vozilo iz oglasa.",
];

/** The life of listing `i` of `total`: ~65 % live (some promoted), 13 % pending, 7 % rejected, 15 % expired. */
function lifeOf(rng: Random, i: number, total: number, now: Date): Life {
  const share = i / total;
  if (share < 0.13) {
    const created = ago(now, rng.float() * 3);
    return { status: "pending", createdAt: created, updatedAt: created };
  }
  if (share < 0.2) {
    const created = ago(now, 2 + rng.float() * 20);
    const reviewed = new Date(created.getTime() + (2 + rng.float() * 20) * 3_600_000);
    return {
      status: "rejected",
      createdAt: created,
      updatedAt: reviewed,
      reviewedAt: reviewed,
      reviewedBy: REVIEWER,
      adminNote: rng.pick(REJECT_NOTES),
    };
  }
  if (share < 0.35) {
    const approved = ago(now, 31 + rng.float() * 60);
    const expires = new Date(approved.getTime() + 30 * DAY);
    return {
      status: "expired",
      createdAt: new Date(approved.getTime() - rng.float() * DAY),
      updatedAt: expires,
      approvedAt: approved,
      expiresAt: expires,
      reviewedAt: approved,
      reviewedBy: REVIEWER,
    };
  }
  const approved = ago(now, rng.float() * 28);
  const featured = share > 0.97;
  return {
    status: "approved",
    createdAt: new Date(approved.getTime() - rng.float() * DAY),
    updatedAt: approved,
    approvedAt: approved,
    expiresAt: new Date(approved.getTime() + 30 * DAY),
    featuredUntil: featured ? new Date(now.getTime() + (2 + rng.int(0, 12)) * DAY) : null,
    reviewedAt: approved,
    reviewedBy: REVIEWER,
  };
}

function place(rng: Random) {
  const state = rng.chance(0.55)
    ? (US_STATES.find((s) => s.name === rng.pick(FREIGHT_HUB_STATES)) ?? rng.pick(US_STATES))
    : rng.pick(US_STATES);
  const city = rng.pick(state.cities);
  return { state, city };
}

function contact(rng: Random, areaCode: string, domain: string) {
  const person = personName(rng);
  const phone = `+1 (${areaCode}) 555-${String(rng.int(100, 9999)).padStart(4, "0")}`;
  const which = rng.weighted(["both", "phone", "email"], [5, 3, 2]);
  return {
    contactName: person.full,
    contactPhone: which === "email" ? null : phone,
    contactEmail: which === "phone" ? null : `${emailLocalPart(person.first, person.last)}@${domain}`,
  };
}

// --- jobs --------------------------------------------------------------------------------------

const JOB_COMPANIES = [
  "Orao Transport Inc",
  "Drina Express LLC",
  "Morava Freight Lines",
  "Sava Logistics & Trucking",
  "Una Carriers LLC",
  "Lovćen Trucking Inc",
  "Zlatibor Express",
  "Vardar Transport LLC",
  "Neretva Freight Inc",
  "Kozara Trucking",
  "Tara Logistics LLC",
  "Durmitor Carriers",
];

const ROUTE_WORDS: Record<RouteType, string> = {
  otr: "OTR",
  regional: "regionalne",
  local: "lokalne",
  dedicated: "dedicated",
};
const EQUIPMENT_WORDS: Record<EquipmentType, string> = {
  "dry-van": "dry van",
  reefer: "reefer",
  flatbed: "flatbed",
  "step-deck": "step deck",
  tanker: "tanker",
  "car-hauler": "car hauler",
  "box-truck": "box truck",
  "power-only": "power only",
};

type JobShape = {
  position: JobPosition;
  weight: number;
  titles: string[];
  pay: (rng: Random) => { payMin: number | null; payMax: number | null; payUnit: PayUnit | null };
  cdl: "A" | "B" | "none";
  equipment: boolean;
};

const money = (n: number) => Math.round(n * 100) / 100;

const JOB_SHAPES: JobShape[] = [
  {
    position: "company-driver",
    weight: 40,
    titles: [
      "CDL-A vozač za {route} ture ({equipment})",
      "Vozač kamiona — {equipment}, {route} ture",
      "Potreban CDL-A vozač, {equipment}",
    ],
    pay: (rng) =>
      rng.chance(0.6)
        ? {
            payMin: money(0.55 + rng.int(0, 20) / 100),
            payMax: rng.chance(0.4) ? money(0.78 + rng.int(0, 7) / 100) : null,
            payUnit: "per-mile",
          }
        : {
            payMin: 1400 + rng.int(0, 8) * 50,
            payMax: rng.chance(0.5) ? 2000 + rng.int(0, 8) * 50 : null,
            payUnit: "per-week",
          },
    cdl: "A",
    equipment: true,
  },
  {
    position: "owner-operator",
    weight: 18,
    titles: ["Owner-operatori za {equipment} — {route} ture", "Tražimo owner-operatore, {equipment}"],
    pay: (rng) => ({ payMin: 75 + rng.int(0, 13), payMax: null, payUnit: "percent" }),
    cdl: "A",
    equipment: true,
  },
  {
    position: "lease-purchase",
    weight: 8,
    titles: ["Lease purchase program — {equipment}, bez kapare"],
    pay: (rng) => ({ payMin: 70 + rng.int(0, 10), payMax: null, payUnit: "percent" }),
    cdl: "A",
    equipment: true,
  },
  {
    position: "team",
    weight: 12,
    titles: ["Timski vozači za {route} ture ({equipment})", "Team vozači — {equipment}, odlična plata"],
    pay: (rng) => ({ payMin: money(0.85 + rng.int(0, 15) / 100), payMax: null, payUnit: "per-mile" }),
    cdl: "A",
    equipment: true,
  },
  {
    position: "dispatcher",
    weight: 12,
    titles: [
      "Dispečer sa znanjem engleskog",
      "Iskusan dispečer za flotu od 30 kamiona",
      "Dispečer — rad od kuće",
    ],
    pay: (rng) =>
      rng.chance(0.5)
        ? { payMin: 900 + rng.int(0, 12) * 50, payMax: null, payUnit: "per-week" }
        : { payMin: 45_000 + rng.int(0, 10) * 2500, payMax: null, payUnit: "per-year" },
    cdl: "none",
    equipment: false,
  },
  {
    position: "mechanic",
    weight: 7,
    titles: ["Mehaničar za dizel motore", "Mehaničar za kamione i prikolice (noćna smena)"],
    pay: (rng) => ({ payMin: 55_000 + rng.int(0, 12) * 2500, payMax: null, payUnit: "per-year" }),
    cdl: "none",
    equipment: false,
  },
  {
    position: "other",
    weight: 3,
    titles: ["Vozač box truck-a za lokalne isporuke"],
    pay: (rng) => ({ payMin: 1100 + rng.int(0, 6) * 50, payMax: null, payUnit: "per-week" }),
    cdl: "B",
    equipment: false,
  },
];

const JOB_DESCRIPTIONS = [
  "Porodična kompanija iz grada {city} traži pouzdane ljude. Novi kamioni (2022–2025), automatski menjač, APU i inverter u svakom kamionu. Dispečeri govore srpski, isplata svake nedelje preko direktnog depozita.",
  "Nudimo stalne ture bez čekanja na teret, zdravstveno osiguranje posle 60 dana i bonus za bezbednu vožnju. Javite se za više informacija — odgovaramo isti dan.",
  "Radimo sa stalnim klijentima, ture su unapred planirane. Pomažemo oko papira, IFTA i dozvola. Bonus 1.500 $ posle 90 dana rada.",
  "Kompanija sa više od 15 godina iskustva. Fleksibilan raspored, poštujemo vreme za porodicu. Plaćamo i čekanje na utovaru posle dva sata.",
];
const REQUIREMENTS = [
  "Najmanje 2 godine iskustva, čist MVR, bez DUI u poslednjih 5 godina.",
  "Najmanje 1 godina iskustva. Osnovno znanje engleskog jezika.",
  "Važeća CDL dozvola, medicinsko uverenje, spremnost na drug test.",
  "Iskustvo sa ELD uređajima i poznavanje HOS pravila.",
];
const HOME_BY_ROUTE: Record<RouteType, HomeTime[]> = {
  otr: ["biweekly", "monthly", "flexible"],
  regional: ["weekly", "biweekly"],
  local: ["daily"],
  dedicated: ["weekly", "daily"],
};

const fill = (template: string, words: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => words[k] ?? "");

/** The 150 demo jobs; `carriers` are directory companies a job may be linked to. */
export function buildJobs(now: Date, carriers: { id: number; name: string }[]): ListingPlan[] {
  const rng = createRandom("listings:jobs");
  const order = rng.shuffle(Array.from({ length: JOB_COUNT }, (_, i) => i));
  return order.map((slot) => {
    const shape = rng.weighted(
      JOB_SHAPES,
      JOB_SHAPES.map((s) => s.weight),
    );
    const route: RouteType | null = shape.equipment
      ? rng.weighted(["otr", "regional", "local", "dedicated"] as RouteType[], [5, 3, 1, 1])
      : shape.position === "other"
        ? "local"
        : null;
    const equipment: EquipmentType[] = shape.equipment
      ? rng.sample(
          [
            "dry-van",
            "reefer",
            "flatbed",
            "step-deck",
            "tanker",
            "car-hauler",
            "power-only",
          ] as EquipmentType[],
          rng.int(1, 2),
        )
      : shape.position === "other"
        ? ["box-truck"]
        : [];
    const { state, city } = place(rng);
    const linked = carriers.length > 0 && rng.chance(0.4) ? rng.pick(carriers) : null;
    const companyName = linked?.name ?? rng.pick(JOB_COMPANIES);
    const domain = `${companyName
      .toLowerCase()
      .split(" ")[0]
      .normalize("NFKD")
      .replace(/[^a-z]/g, "")}trucking.com`;
    const words = {
      route: route ? ROUTE_WORDS[route] : "",
      equipment: EQUIPMENT_WORDS[equipment[0] ?? "dry-van"],
      city: city.name,
    };
    const pay = rng.chance(0.85) ? shape.pay(rng) : { payMin: null, payMax: null, payUnit: null };
    return {
      photoKinds: [],
      listing: {
        kind: "job",
        title: fill(rng.pick(shape.titles), words),
        description: fill(rng.pick(JOB_DESCRIPTIONS), words),
        city: city.name,
        state: state.name,
        ...contact(rng, city.areaCode, domain),
        companyName,
        companyId: linked?.id ?? null,
        position: shape.position,
        routeType: route,
        equipment,
        cdlClass: shape.cdl,
        endorsements: equipment.includes("tanker") ? ["N", ...(rng.chance(0.5) ? (["H"] as const) : [])] : [],
        ...pay,
        homeTime: route && shape.equipment ? rng.pick(HOME_BY_ROUTE[route]) : null,
        requirements: shape.cdl === "A" ? rng.pick(REQUIREMENTS) : null,
        ...lifeOf(rng, slot, JOB_COUNT, now),
      },
    };
  });
}

// --- buy/sell ----------------------------------------------------------------------------------

const TRUCKS: [string, string[]][] = [
  ["Freightliner", ["Cascadia", "Columbia", "Coronado"]],
  ["Volvo", ["VNL 760", "VNL 860", "VNL 670"]],
  ["Kenworth", ["T680", "W900", "T880"]],
  ["Peterbilt", ["579", "389", "567"]],
  ["International", ["LT625", "Lonestar", "ProStar"]],
  ["Mack", ["Anthem", "Pinnacle"]],
];
const TRAILERS: [string, string[], PhotoKind][] = [
  ["Utility", ["3000R reefer", "4000D-X dry van"], "trailer"],
  ["Great Dane", ["Champion reefer", "Everest"], "trailer"],
  ["Wabash", ["DuraPlate dry van"], "trailer"],
  ["Fontaine", ["Infinity flatbed"], "flatbed"],
  ["Transcraft", ["Eagle step deck"], "flatbed"],
];
const PARTS: { title: string; price: [number, number] }[] = [
  { title: "Gume 295/75R22.5, set od 8", price: [1200, 2400] },
  { title: "APU Thermo King TriPac", price: [3500, 7500] },
  { title: "Detroit DD15 motor, remontovan", price: [9000, 15000] },
  { title: "Menjač Eaton Fuller 10 brzina", price: [2500, 4500] },
  { title: "Carrier agregat za hladnjaču", price: [4000, 9000] },
  { title: "Felne aluminijumske Alcoa, 8 komada", price: [1500, 3200] },
];
const OTHER: { title: string; price: [number, number] }[] = [
  { title: "ELD uređaj sa pretplatom do kraja godine", price: [150, 400] },
  { title: "Dashcam sa dve kamere za kamion", price: [120, 300] },
  { title: "Lanci, kaiševi i cerade za flatbed", price: [400, 1200] },
];
const SALE_DESCRIPTIONS = [
  "Vozilo je redovno servisirano, svi računi na uvid. Nove kočnice i gume pre 3 meseca. Bez udesa, čist title. Moguć dogovor oko cene za brzu prodaju.",
  "Prodajem zbog odlaska u penziju. Ispravno, spremno za rad odmah. Može probna vožnja i inspekcija kod vašeg mehaničara.",
  "Odlično stanje, korišćeno samo za regionalne ture. DOT inspekcija važi još 8 meseci. Javite se porukom ili pozivom posle 17h.",
  "Stanje kao na slikama. Manje ogrebotine na karoseriji, mehanički sve ispravno. Cena fiksna, bez zamene.",
];

/** The 120 demo buy/sell listings with the kinds of photos each gets. */
export function buildSales(now: Date): ListingPlan[] {
  const rng = createRandom("listings:sales");
  const order = rng.shuffle(Array.from({ length: SALE_COUNT }, (_, i) => i));
  return order.map((slot) => {
    const category = rng.weighted<SaleCategory>(["truck", "trailer", "parts", "other"], [60, 25, 10, 5]);
    const { state, city } = place(rng);
    let make: string | null = null;
    let model: string | null = null;
    let year: number | null = null;
    let mileage: number | null = null;
    let title: string;
    let price: number;
    let photoKinds: PhotoKind[];
    let condition: SaleCondition = rng.weighted(["used", "new", "damaged"], [85, 7, 8]);
    if (category === "truck") {
      const [brand, models] = rng.pick(TRUCKS);
      make = brand;
      model = rng.pick(models);
      year = rng.int(2012, 2025);
      mileage = condition === "new" ? rng.int(10, 900) : rng.int(15, 90) * 10_000;
      title = `${make} ${model} ${year}`;
      price = Math.max(18_000, 140_000 - (2025 - year) * 8_500 - rng.int(0, 15) * 1000);
      photoKinds = Array.from({ length: rng.int(1, 4) }, () => "truck" as const);
    } else if (category === "trailer") {
      const [brand, models, kind] = rng.pick(TRAILERS);
      make = brand;
      model = rng.pick(models);
      year = rng.int(2010, 2024);
      title = `${make} ${model} ${year}`;
      price = Math.max(9_000, 70_000 - (2024 - year) * 4_000 - rng.int(0, 10) * 500);
      photoKinds = Array.from({ length: rng.int(1, 3) }, () => kind);
    } else {
      const item = rng.pick(category === "parts" ? PARTS : OTHER);
      title = item.title;
      price = rng.int(item.price[0], item.price[1]);
      condition = rng.chance(0.3) ? "new" : "used";
      photoKinds = category === "parts" && rng.chance(0.7) ? ["parts"] : [];
    }
    const domain = rng.pick(["gmail.com", "yahoo.com", "outlook.com"]);
    return {
      photoKinds,
      listing: {
        kind: "sale",
        title,
        description: rng.pick(SALE_DESCRIPTIONS),
        city: city.name,
        state: state.name,
        ...contact(rng, city.areaCode, domain),
        saleCategory: category,
        make,
        model,
        year,
        mileage,
        priceCents: rng.chance(0.1) ? null : Math.round(price) * 100,
        condition,
        ...lifeOf(rng, slot, SALE_COUNT, now),
      },
    };
  });
}
