import type { companies, companySubmissions } from "~/db/schema";
import { personName } from "./people";
import { type City, US_STATES, type UsState } from "./places";
import { addHours, createRandom, type Random, REFERENCE_DATE } from "./random";
import { slugify } from "./script";

export type NewCompany = typeof companies.$inferInsert;
export type NewCompanySubmission = typeof companySubmissions.$inferInsert;

/** Spec §9: the categories of the company form and of the company-request editor. */
export const COMPANY_CATEGORIES = [
  "Transportne Kompanije",
  "Regrutovanje",
  "Logistika",
  "Skladištenje",
  "Servis i Održavanje",
  "Osiguranje",
  "Finansiranje",
  "Ostalo",
] as const;
export const SUBMISSION_CATEGORIES = [
  "Transportne Kompanije",
  "Logistika",
  "Špedicija",
  "Međunarodni Transport",
  "Kamionski Transport",
] as const;

export const COMPANY_COUNT = 200;
export const SUBMISSION_COUNT = 30;
export const DEMO_COMPANY_LOGO = "/demo/company.svg";
export const REVIEWER_EMAIL = "admin@balkanvozaci.com";

type CategoryProfile = {
  suffixes: string[];
  descriptions: string[];
  services: string[];
  specialties: string[];
  hasFleet: boolean;
};

const CARRIER: CategoryProfile = {
  suffixes: [
    "Transport Inc",
    "Trucking LLC",
    "Express Inc",
    "Freight Lines",
    "Carriers LLC",
    "Logistics & Trucking",
  ],
  descriptions: [
    "Porodična transportna kompanija iz grada {city} sa {fleet} kamiona. Zapošljavamo CDL-A vozače za OTR i regionalne ture.",
    "Prevozimo robu širom Amerike od {year}. godine. Dispečeri govore srpski, a isplata je svake nedelje.",
    "Specijalizovani smo za prevoz hladnjačama i zatvorenim prikolicama, sa bazom u gradu {city}.",
  ],
  services: [
    "OTR ture",
    "Regionalne ture",
    "Lokalni prevoz",
    "Prevoz hladnjačom",
    "Prevoz otvorenim prikolicama",
    "Timski vozači",
    "Zapošljavanje vozača",
  ],
  specialties: ["Dry van", "Reefer", "Flatbed", "Step deck", "Car hauler", "Hazmat", "Intermodal"],
  hasFleet: true,
};

const PROFILES: Record<string, CategoryProfile> = {
  "Transportne Kompanije": CARRIER,
  "Kamionski Transport": CARRIER,
  "Međunarodni Transport": {
    ...CARRIER,
    suffixes: ["International Freight", "Cross Border LLC", "Global Transport Inc"],
    services: [
      "Prevoz Kanada – SAD",
      "Prevoz Meksiko – SAD",
      "Carinjenje",
      "OTR ture",
      "Intermodalni prevoz",
    ],
  },
  Regrutovanje: {
    suffixes: ["Driver Recruiting", "Staffing Group", "CDL Jobs LLC"],
    descriptions: [
      "Povezujemo iskusne vozače sa proverenim kompanijama širom Amerike, bez troškova za vozače.",
      "Agencija za zapošljavanje vozača i dispečera iz grada {city}, radimo na srpskom i engleskom jeziku.",
    ],
    services: [
      "Zapošljavanje vozača",
      "Zapošljavanje dispečera",
      "Provera dokumentacije",
      "Savetovanje oko CDL dozvole",
    ],
    specialties: ["CDL-A vozači", "Timski vozači", "Vlasnici-operateri", "Dispečeri"],
    hasFleet: false,
  },
  Logistika: {
    suffixes: ["Logistics LLC", "Supply Chain Inc", "Brokerage Inc"],
    descriptions: [
      "Logistička kompanija i broker sa sedištem u gradu {city}. Nalazimo terete za male prevoznike.",
      "Organizujemo prevoz robe od vrata do vrata, sa mrežom proverenih prevoznika iz naše zajednice.",
    ],
    services: ["Brokeraža tereta", "Dispečerske usluge", "Planiranje ruta", "Praćenje pošiljki"],
    specialties: ["FTL", "LTL", "Hladni lanac", "Ekspresne isporuke"],
    hasFleet: false,
  },
  Špedicija: {
    suffixes: ["Forwarding LLC", "Freight Forwarders Inc"],
    descriptions: ["Špedicija i carinsko posredovanje za uvoz i izvoz robe, kancelarija u gradu {city}."],
    services: ["Carinsko posredovanje", "Organizacija prevoza", "Osiguranje robe", "Skladištenje"],
    specialties: ["Uvoz", "Izvoz", "Kontejneri"],
    hasFleet: false,
  },
  Skladištenje: {
    suffixes: ["Warehousing", "Storage & Distribution", "Cold Storage LLC"],
    descriptions: [
      "Skladište od {sqft} kvadratnih stopa u gradu {city}, sa rampama za utovar i parkingom za kamione.",
      "Nudimo skladištenje, pretovar i distribuciju robe, uključujući rashladne komore.",
    ],
    services: ["Skladištenje robe", "Pretovar (cross-dock)", "Parking za kamione", "Distribucija"],
    specialties: ["Rashladna skladišta", "Paletna roba", "Kratkoročni zakup"],
    hasFleet: false,
  },
  "Servis i Održavanje": {
    suffixes: ["Truck Repair", "Diesel Service", "Truck & Trailer Repair", "Tire Service"],
    descriptions: [
      "Servis za kamione i prikolice u gradu {city}, radimo 24 sata, mehaničari govore naš jezik.",
      "Popravka dizel motora, kočnica i elektrike, uz mobilni servis na putu.",
    ],
    services: ["Popravka motora", "Kočnice", "Elektrika", "Gume", "DOT inspekcija", "Mobilni servis"],
    specialties: ["Detroit", "Cummins", "PACCAR", "Volvo", "Prikolice"],
    hasFleet: false,
  },
  Osiguranje: {
    suffixes: ["Insurance Agency", "Truck Insurance Group"],
    descriptions: [
      "Osiguranje za kamione, prikolice i teret, za nove i iskusne prevoznike. Ponuda za jedan dan.",
      "Agencija iz grada {city} sa više od {years} godina iskustva u osiguranju prevoznika.",
    ],
    services: [
      "Osiguranje od odgovornosti",
      "Kasko osiguranje",
      "Osiguranje tereta",
      "Zdravstveno osiguranje",
    ],
    specialties: ["Novi prevoznici", "Vlasnici-operateri", "Flote"],
    hasFleet: false,
  },
  Finansiranje: {
    suffixes: ["Truck Finance", "Capital LLC", "Factoring Inc"],
    descriptions: [
      "Finansiranje kupovine kamiona i prikolica, i za vozače sa kraćom kreditnom istorijom.",
      "Faktoring za prevoznike: novac za turu na računu u roku od 24 sata.",
    ],
    services: ["Krediti za kamione", "Lizing", "Faktoring", "Refinansiranje"],
    specialties: ["Novi kamioni", "Polovni kamioni", "Prikolice"],
    hasFleet: false,
  },
  Ostalo: {
    suffixes: ["Accounting Services", "CDL School", "Permits & IFTA", "Truck Parts"],
    descriptions: [
      "Knjigovodstvo, IFTA izveštaji i dozvole za prevoznike, na srpskom jeziku.",
      "CDL škola sa instruktorima koji govore naš jezik, u gradu {city}.",
    ],
    services: ["Knjigovodstvo", "IFTA izveštaji", "Dozvole", "CDL obuka", "Delovi za kamione"],
    specialties: ["Vlasnici-operateri", "Male kompanije", "Novi vozači"],
    hasFleet: false,
  },
};

const NAME_PREFIXES = [
  "Balkan",
  "Drina",
  "Sava",
  "Morava",
  "Una",
  "Neretva",
  "Tara",
  "Zlatibor",
  "Kopaonik",
  "Avala",
  "Durmitor",
  "Romanija",
  "Vardar",
  "Dunav",
  "Tisa",
  "Ibar",
  "Timok",
  "Vrbas",
  "Sana",
  "Kozara",
  "Jadran",
  "Triglav",
  "Soko",
  "Orao",
  "Lovćen",
  "Fruška",
  "Majevica",
  "Ozren",
  "Golija",
  "Rtanj",
  "Šar",
  "Prokletije",
];

const APPROVAL_NOTES = [
  "Provereno, podaci su ispravni.",
  "Kontakt potvrđen telefonom.",
  "Odobreno posle provere MC broja.",
];
const REJECTION_NOTES = [
  "Nepotpuni podaci o kompaniji.",
  "Duplikat postojeće kompanije u imeniku.",
  "Neispravan broj telefona i e-mail adresa.",
  "Kompanija nije registrovana u FMCSA bazi.",
  "Sadržaj nije u skladu sa pravilima sajta.",
];

function companyName(rng: Random, profile: CategoryProfile, used: Set<string>): string {
  for (;;) {
    const stem = rng.chance(0.35) ? personName(rng).last : rng.pick(NAME_PREFIXES);
    const name = `${stem} ${rng.pick(profile.suffixes)}`;
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
}

export function phoneNumber(rng: Random, city: City): string {
  return `(${city.areaCode}) 555-01${String(rng.int(0, 99)).padStart(2, "0")}`;
}

/** The fields a company and a company request share. */
function companyFields(rng: Random, category: string, state: UsState, used: Set<string>, maxYear: number) {
  const profile = PROFILES[category];
  const city = rng.pick(state.cities);
  const name = companyName(rng, profile, used);
  const domain = slugify(name.replace(/\b(Inc|LLC)\b/g, ""));
  const yearEstablished = rng.int(1975, maxYear);
  const fleet = profile.hasFleet ? rng.pick([3, 5, 8, 12, 18, 25, 40, 60, 85, 120, 250]) : null;
  const description = rng
    .pick(profile.descriptions)
    .replace("{city}", city.name)
    .replace("{fleet}", String(fleet ?? ""))
    .replace("{year}", String(yearEstablished))
    .replace("{years}", String(Math.max(5, maxYear + 1 - yearEstablished)))
    .replace("{sqft}", `${rng.int(2, 40) * 5}.000`);
  return {
    name,
    description,
    location: city.name,
    state: state.name,
    phone: phoneNumber(rng, city),
    email: `${rng.pick(["info", "kontakt", "dispatch", "office"])}@${domain}.example.com`,
    website: `https://${domain}.example.com`,
    logo: rng.chance(0.4) ? DEMO_COMPANY_LOGO : null,
    category,
    services: rng.sample(profile.services, rng.int(2, 4)),
    yearEstablished,
    fleetSize: fleet === null ? null : String(fleet),
    specialties: rng.sample(profile.specialties, rng.int(1, 3)),
  };
}

/**
 * 200 directory companies: every category and every state appears (the first 50 take one state
 * each), the rest lean towards the freight hubs; about one in ten is inactive.
 */
export function buildCompanies(reference = REFERENCE_DATE): NewCompany[] {
  const rng = createRandom("companies");
  const used = new Set<string>();
  return Array.from({ length: COMPANY_COUNT }, (_, i) => {
    const category =
      i < COMPANY_CATEGORIES.length
        ? COMPANY_CATEGORIES[i]
        : rng.weighted(COMPANY_CATEGORIES, [40, 8, 12, 6, 12, 8, 6, 8]);
    const state = i < US_STATES.length ? US_STATES[i] : rng.pick(US_STATES);
    const createdAt = rng.daysBefore(reference, 1, 3 * 365);
    return {
      ...companyFields(rng, category, state, used, reference.getUTCFullYear() - 1),
      active: !rng.chance(0.1),
      createdAt,
      updatedAt: rng.chance(0.3) ? rng.dateBetween(createdAt, reference) : createdAt,
    };
  });
}

const SUBMISSION_STATUSES = [
  ...Array<"pending">(10).fill("pending"),
  ...Array<"approved">(12).fill("approved"),
  ...Array<"rejected">(8).fill("rejected"),
];

/** A rejection always gives its reason (spec §5); an approval note is optional. */
function reviewNote(rng: Random, status: "approved" | "rejected"): string | null {
  if (status === "rejected") return rng.pick(REJECTION_NOTES);
  return rng.chance(0.6) ? rng.pick(APPROVAL_NOTES) : null;
}

/**
 * 30 company requests: 10 pending, 12 approved, 8 rejected; decided ones carry the review. Names
 * never repeat a directory company's (`takenNames`), so an approved request's company is its own.
 */
export function buildCompanySubmissions(
  reference = REFERENCE_DATE,
  takenNames: Iterable<string> = buildCompanies(reference).map((c) => c.name),
): NewCompanySubmission[] {
  const rng = createRandom("company-submissions");
  const used = new Set<string>(takenNames);
  const statuses = rng.shuffle(SUBMISSION_STATUSES);
  return statuses.map((status) => {
    // The request editor allows years up to 2024 (spec §5).
    const fields = companyFields(rng, rng.pick(SUBMISSION_CATEGORIES), rng.pick(US_STATES), used, 2024);
    if (status === "pending") return { ...fields, status, submittedAt: rng.daysBefore(reference, 0.5, 60) };
    const submittedAt = rng.daysBefore(reference, 5, 180);
    return {
      ...fields,
      status,
      submittedAt,
      reviewedAt: addHours(submittedAt, rng.int(2, 96)),
      reviewedBy: REVIEWER_EMAIL,
      adminNotes: reviewNote(rng, status),
    };
  });
}
