import type { articles } from "~/db/schema";
import { MONTH_AFTER_DAY } from "~/lib/dates";
import { AD_THEME_WEIGHTS, AD_THEMES, NEWS_THEME_WEIGHTS, NEWS_THEMES, type Theme } from "./article-themes";
import { type Block, renderBlocks } from "./html";
import { AUTHOR_WEIGHTS, AUTHORS } from "./people";
import { BALKAN_TOWNS, FREIGHT_HUB_STATES, INTERSTATES, US_STATES, type UsState } from "./places";
import { addDays, addHours, createRandom, type Random, REFERENCE_DATE } from "./random";
import { inScript, type Script, slugify } from "./script";

export type NewArticle = typeof articles.$inferInsert;

export const ARTICLE_COUNT = 5200;
const SPAN_DAYS = 3 * 365;
/** The home page shows five hero articles: the newest featured, published news. */
const RECENT_FEATURED = 6;

export const DEMO_TRUCK_IMAGES = Array.from({ length: 8 }, (_, i) => `/demo/truck-${i + 1}.svg`);

const MONTHS_LOCATIVE = [
  "januaru",
  "februaru",
  "martu",
  "aprilu",
  "maju",
  "junu",
  "julu",
  "avgustu",
  "septembru",
  "oktobru",
  "novembru",
  "decembru",
];

const BRANDS = [
  { name: "Freightliner", sr: "Frejtlajner", models: ["Cascadia"], modelsSr: ["Kaskadija"] },
  { name: "Peterbilt", sr: "Peterbilt", models: ["579", "389"], modelsSr: ["579", "389"] },
  { name: "Kenworth", sr: "Kenvort", models: ["T680", "W900"], modelsSr: ["T680", "W900"] },
  { name: "Volvo", sr: "Volvo", models: ["VNL 860"], modelsSr: ["VNL 860"] },
  { name: "Mack", sr: "Mek", models: ["Anthem"], modelsSr: ["Entem"] },
  { name: "International", sr: "Internešenel", models: ["LT"], modelsSr: ["LT"] },
  { name: "Western Star", sr: "Vestern Star", models: ["57X"], modelsSr: ["57X"] },
];
const ENGINES = [
  { name: "Detroit DD15", sr: "Detroit DD15" },
  { name: "Cummins X15", sr: "Kamins X15" },
  { name: "PACCAR MX-13", sr: "PACCAR MX-13" },
  { name: "Volvo D13", sr: "Volvo D13" },
];
const TRAILERS = [
  { name: "dry van", sr: "draj van" },
  { name: "reefer", sr: "rifer" },
  { name: "flatbed", sr: "fletbed" },
  { name: "step deck", sr: "step dek" },
  { name: "car hauler", sr: "kar holer" },
  { name: "tanker", sr: "tanker" },
];

/**
 * Counts whose Serbian noun form never changes with the number ("12 godina", "25 kamiona"):
 * numbers ending in 1–4 (other than 11–14) would need a different ending.
 */
const YEAR_COUNTS = [5, 6, 7, 8, 9, 10, 12, 15, 16, 18, 20, 25, 26, 28, 30];
const FLEET_SIZES = [3, 4, 5, 6, 8, 10, 12, 15, 18, 20, 25, 30, 35, 40, 45, 50, 60];

/** Serbian number formatting: 1.250.000 and 3,89. */
export function formatNumber(value: number, decimals = 0): string {
  const [whole, fraction] = value.toFixed(decimals).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return fraction ? `${grouped},${fraction}` : grouped;
}

const HUB_STATES = US_STATES.filter((s) => FREIGHT_HUB_STATES.includes(s.name));

/** A state, leaning towards the freight hubs where most of our drivers live. */
export function pickState(rng: Random): UsState {
  return rng.chance(0.55) ? rng.pick(HUB_STATES) : rng.pick(US_STATES);
}

/** The values an article's placeholders are filled with; one set per article, so it stays consistent. */
function articleContext(rng: Random, date: Date, script: Script): Record<string, string> {
  const sr = script === "cyrillic";
  const state = pickState(rng);
  const city = rng.pick(state.cities);
  const brand = rng.pick(BRANDS);
  const modelIndex = rng.int(0, brand.models.length - 1);
  const engine = rng.pick(ENGINES);
  const trailer = rng.pick(TRAILERS);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const diesel = 3.4 + rng.float() * 1.6;
  const cpm = 5 * rng.int(11, 17);
  return {
    state: sr ? state.sr : state.name,
    city: sr ? city.sr : city.name,
    highway: rng.pick(INTERSTATES),
    brand: sr ? brand.sr : brand.name,
    model: (sr ? brand.modelsSr : brand.models)[modelIndex],
    engine: sr ? engine.sr : engine.name,
    trailer: sr ? trailer.sr : trailer.name,
    hometown: rng.pick(BALKAN_TOWNS),
    year: String(year),
    nextYear: String(year + 1),
    modelYear: String(rng.int(2014, year)),
    monthGen: MONTH_AFTER_DAY[(month + 1) % 12],
    monthLoc: MONTHS_LOCATIVE[month],
    quarter: String(Math.floor(month / 3) + 1),
    speed: String(rng.pick([55, 60, 65, 70])),
    n: String(rng.int(3, 12) * 10),
    days: String(rng.int(3, 7)),
    spots: String(rng.int(4, 30) * 5),
    tips: String(rng.int(5, 12)),
    pct: String(rng.int(3, 18)),
    cents: String(rng.int(5, 20)),
    weeks: String(rng.int(2, 4)),
    diesel: formatNumber(diesel, 2),
    dieselHigh: formatNumber(diesel + 0.15 + rng.float() * 0.4, 2),
    cpm: String(cpm),
    cpmHigh: String(cpm + 5 * rng.int(1, 3)),
    bonus: formatNumber(rng.int(2, 15) * 500),
    fine: formatNumber(rng.int(1, 16) * 1000),
    hours: String(rng.int(5, 9)),
    years: String(rng.pick(YEAR_COUNTS)),
    fleet: String(rng.pick(FLEET_SIZES)),
    money: formatNumber(rng.int(8, 120) * 1000),
    hp: String(rng.pick([455, 475, 505, 565, 605])),
    truckPrice: formatNumber(rng.int(165, 215) * 1000),
    service: formatNumber(rng.pick([15000, 25000, 30000, 40000])),
    weekly: formatNumber(rng.int(16, 30) * 100),
    expYears: String(rng.int(2, 3)),
    ownerPct: String(rng.int(80, 90)),
    price: formatNumber(rng.int(18, 140) * 1000),
    miles: formatNumber(rng.int(120, 780) * 1000),
    months: String(rng.int(5, 11)),
    parking: String(rng.int(20, 45) * 10),
    phone: `(${city.areaCode}) 555-01${String(rng.int(0, 99)).padStart(2, "0")}`,
  };
}

/** A chosen headline, its lead, its theme and the placeholder values the whole article shares. */
type Draft = { title: string; lead: string; theme: Theme; context: Record<string, string> };

function fill(template: string, context: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = context[key];
    if (value === undefined) throw new Error(`Unknown placeholder {${key}} in "${template}"`);
    return value;
  });
}

/** Hands out a theme's sentences in shuffled order, starting over only when all were used. */
function sentenceDeck(rng: Random, sentences: readonly string[], context: Record<string, string>) {
  let deck: string[] = [];
  const draw = () => {
    if (deck.length === 0) deck = rng.shuffle(sentences);
    return fill(deck.pop() as string, context);
  };
  return (count: number) => Array.from({ length: count }, draw).join(" ");
}

function image(rng: Random, theme: Theme, context: Record<string, string>, except: string): Block {
  const src = rng.pick(DEMO_TRUCK_IMAGES.filter((path) => path !== except));
  return { kind: "img", src, alt: fill(rng.pick(theme.imageAlts), context), width: 1200, height: 675 };
}

function newsBody(rng: Random, { theme, context, lead }: Draft, featuredImage: string): Block[] {
  const sentences = sentenceDeck(rng, theme.sentences, context);
  const [first, second, third] = rng.sample(theme.headings, 3);
  const items = rng.sample(theme.listItems, rng.int(3, 5)).map((item) => fill(item, context));
  const blocks: Block[] = [
    { kind: "p", text: `${lead} ${sentences(2)}` },
    { kind: "h2", text: first },
    { kind: "p", text: sentences(2) },
    { kind: "p", text: sentences(2) },
    image(rng, theme, context, featuredImage),
    { kind: "h3", text: rng.pick(theme.subheadings) },
    { kind: "ul", items },
    { kind: "h2", text: second },
    { kind: "p", text: sentences(3) },
  ];
  if (rng.chance(0.5)) blocks.push({ kind: "h2", text: third }, { kind: "p", text: sentences(2) });
  return blocks;
}

function adBody(rng: Random, { theme, context, lead }: Draft, featuredImage: string): Block[] {
  const sentences = sentenceDeck(rng, theme.sentences, context);
  const [first, second] = rng.sample(
    theme.headings.filter((h) => h !== "Kontakt"),
    2,
  );
  const items = rng.sample(theme.listItems, rng.int(3, 5)).map((item) => fill(item, context));
  const blocks: Block[] = [
    { kind: "p", text: `${lead} ${sentences(1)}` },
    { kind: "h2", text: first },
    { kind: "p", text: sentences(3) },
    { kind: "h3", text: rng.pick(theme.subheadings) },
    { kind: "ul", items },
    { kind: "h2", text: second },
    { kind: "p", text: sentences(2) },
  ];
  if (rng.chance(0.5)) blocks.push(image(rng, theme, context, featuredImage));
  blocks.push({ kind: "h2", text: "Kontakt" }, { kind: "p", text: `Pozovite nas na broj ${context.phone}.` });
  return blocks;
}

function earliest(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}

/** Older articles have had longer to collect views; a few popular ones collect far more. */
function viewsFor(rng: Random, ageFraction: number, popular: boolean): number {
  const base = 40 + 2600 * rng.float() ** 3;
  const views = Math.floor(base * (0.3 + 1.7 * ageFraction));
  return popular ? views + rng.int(8_000, 45_000) : views;
}

/** Picks a headline not used before; evergreen headlines that repeat become a numbered series. */
function uniqueHeadline(
  rng: Random,
  themes: readonly Theme[],
  weights: number[],
  date: Date,
  script: Script,
  used: Map<string, number>,
): Draft {
  let draft: Draft | undefined;
  for (let attempt = 0; attempt < 12; attempt++) {
    const theme = rng.weighted(themes, weights);
    const context = articleContext(rng, date, script);
    const [title, lead] = rng.pick(theme.stories);
    draft = { title: fill(title, context), lead: fill(lead, context), theme, context };
    if (!used.has(draft.title)) break;
  }
  const chosen = draft as Draft;
  const seen = used.get(chosen.title) ?? 0;
  used.set(chosen.title, seen + 1);
  return seen === 0 ? chosen : { ...chosen, title: `${chosen.title} (${seen + 1}. deo)` };
}

/**
 * Every 8th article comes from the old site, its headings typed as paragraphs (see renderBlocks):
 * the AI headings screen has real work in the demo. Chosen by position, not by the random
 * stream, so every other value of the demo stays the same.
 */
export function isLegacyArticle(index: number): boolean {
  return index % 8 === 3;
}

function buildArticle(
  rng: Random,
  date: Date,
  reference: Date,
  used: Map<string, number>,
  legacy: boolean,
): NewArticle {
  const category = rng.chance(0.7) ? "Vesti" : "Oglasi";
  const script: Script = rng.chance(0.05) ? "cyrillic" : "latin";
  const news = category === "Vesti";
  const draft = uniqueHeadline(
    rng,
    news ? NEWS_THEMES : AD_THEMES,
    news ? NEWS_THEME_WEIGHTS : AD_THEME_WEIGHTS,
    date,
    script,
    used,
  );
  const { title, lead, theme, context } = draft;
  const featuredImage = rng.pick(DEMO_TRUCK_IMAGES);
  const blocks = (news ? newsBody : adBody)(rng, draft, featuredImage);
  const status = rng.chance(0.04) ? "draft" : "publish";
  const featured = news && rng.chance(0.02);
  const popular = rng.chance(0.03);
  const tagCount = rng.int(2, 4);
  const tags = rng.sample(theme.tags, tagCount);
  if (title.includes(context.state) && tags.length < 4) tags.push(context.state);
  const createdAt = addHours(date, -rng.int(1, 30));
  const ageFraction = (reference.getTime() - date.getTime()) / (SPAN_DAYS * 86_400_000);
  const local = (text: string) => inScript(text, script);
  return {
    title: local(title),
    excerpt: local(lead),
    content: renderBlocks(blocks, script, { legacy }),
    author: local(rng.weighted(AUTHORS, AUTHOR_WEIGHTS)),
    featuredImage,
    category,
    featured,
    popular,
    // What the article form saves when the SEO fields are left empty: nothing, and the page uses
    // the title and the excerpt as they are (decision 290).
    metaTitle: null,
    metaDescription: null,
    slug: slugify(local(title)),
    status,
    tags: tags.map(local),
    publishedDate: date,
    views: status === "publish" ? viewsFor(rng, ageFraction, popular) : 0,
    createdAt,
    // Last saved when it was published, or edited up to three days later (never before publishing).
    updatedAt: rng.chance(0.25) ? earliest(addHours(date, rng.int(1, 72)), reference) : date,
  };
}

/** The home page needs recent featured news: the newest published Vesti are always featured. */
function featureNewest(list: NewArticle[]): void {
  let marked = 0;
  for (let i = list.length - 1; i >= 0 && marked < RECENT_FEATURED; i--) {
    const article = list[i];
    if (article.category === "Vesti" && article.status === "publish" && article.featuredImage) {
      article.featured = true;
      marked++;
    }
  }
}

/**
 * Every demo article, oldest first (so ids grow with the publication date), spread evenly over
 * the three years before `reference`. Pure: the same arguments always give the same list.
 */
export function buildArticles(count = ARTICLE_COUNT, reference = REFERENCE_DATE): NewArticle[] {
  const rng = createRandom("articles");
  const start = addDays(reference, -SPAN_DAYS);
  const step = (reference.getTime() - start.getTime()) / count;
  const used = new Map<string, number>();
  const list = Array.from({ length: count }, (_, i) => {
    const date = new Date(start.getTime() + (i + rng.float()) * step);
    return buildArticle(rng, date, reference, used, isLegacyArticle(i));
  });
  featureNewest(list);
  return list;
}
