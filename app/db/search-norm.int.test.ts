import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cyrillicToLatin, slugText } from "~/domain/articles/slug";
import { foldForSearch } from "~/domain/search/normalize";
import { createTestDatabase, describeDb, type TestDatabase } from "../../tests/support/db";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  return ((await t.db.execute(query)) as unknown as { rows: { v: T }[] }).rows[0].v;
}
const norm = (value: string) => one<string>(sql`select search_norm(${value}) as v`);

/** Text as the site holds it: Serbian in both scripts, names, brands, other languages, symbols. */
const SAMPLES = [
  "Đorđević",
  "djordjevic",
  "ĐORĐEVIĆ",
  "Ђорђевић",
  "ЂОРЂЕВИЋ",
  "ČAČAK Šabac Žabalj",
  "Возач камиона добио награду у Чикагу",
  "Љубав, њива, џип, ћевап, шофер, жена, чвор",
  "ЉУБОМИР ЊЕГОШ ЏЕЈЛА",
  "Nove FMCSA propisi: ELD, HOS i CDL-A od 1. jula",
  "Freightliner Cascadia 2019, 412.000 milja, I-70 / I-80",
  "Müller Ångström café naïve Straße Łódź Ærø Œuvre Þór",
  "podjednako подједнако nadživeti наджИвети",
  "100% popust — „navodnici“ i ‘apostrof’ … #OTR @dispečer",
  "🚚 emoji i 中文 и Русский текст Ёлка",
  "",
];

describeDb("search_norm (script- and diacritic-insensitive search)", () => {
  it("folds case, diacritics and the dj spelling of đ", async () => {
    expect(await norm("Đorđević")).toBe(await norm("djordjevic"));
    expect(await norm("Đorđević")).toBe(await norm("Dordevic"));
    expect(await norm("ČAČAK Šabac Žabalj")).toBe("cacak sabac zabalj");
  });

  it("folds Serbian Cyrillic into the same Latin text", async () => {
    expect(await norm("возач")).toBe("vozac");
    expect(await norm("ВОЗАЧ")).toBe(await norm("vozač"));
    expect(await norm("ђорђевић")).toBe("dordevic");
    expect(await norm("Љубав Њива Џип")).toBe("ljubav njiva dzip");
    expect(await norm("џип")).toBe(await norm("džip"));
  });

  it("gives what foldForSearch gives in JavaScript (the highlighting relies on it)", async () => {
    for (const sample of SAMPLES) {
      expect({ sample, folded: foldForSearch(sample) }).toEqual({ sample, folded: await norm(sample) });
    }
  });

  it("serbian_latin transliterates like cyrillicToLatin (letter case aside: search folds it away)", async () => {
    // cyrillicToLatin writes a capital digraph as the words around it do ("ЉУБА" → "LJUBA"); the SQL
    // twin serves search only, which lowercases, so it keeps "Lj".
    for (const sample of SAMPLES) {
      const inSql = await one<string>(sql`select serbian_latin(${sample}) as v`);
      expect(inSql.toLowerCase()).toBe(cyrillicToLatin(sample).toLowerCase());
    }
  });
});

describeDb("slug_text and tag_slugs (tag page URLs)", () => {
  const TAGS = [
    "parking",
    "паркинг",
    "priče vozača",
    "приче возача",
    "CDL-A",
    "CDL škola",
    "vlasnik-operater",
    "spot tržište",
    "nesreća",
    "Đorđe",
    "Rhode Island",
    "  --Čudan -- tag!!  ",
    "!!!",
    "x".repeat(130),
    ...SAMPLES.filter((sample) => !sample.startsWith("Müller")),
  ];

  // Letters of other alphabets (ß, Ł, Æ) may differ: unaccent() spells them out, slugText drops
  // them. Tag links always use the slugs the database stored, so nothing depends on that.
  it("gives what slugText gives in JavaScript for Serbian text", async () => {
    for (const tag of TAGS) {
      expect({ tag, slug: await one<string>(sql`select slug_text(${tag}) as v`) }).toEqual({
        tag,
        slug: slugText(tag),
      });
    }
  });

  it("keeps the tags' order, one slug per tag, empty for a tag without letters", async () => {
    const slugs = await one<string[]>(
      sql`select tag_slugs(${sql.raw("array['Đorđe','паркинг','!!','CDL škola']")}) as v`,
    );
    expect(slugs).toEqual(["djordje", "parking", "", "cdl-skola"]);
    expect(await one<string[]>(sql`select tag_slugs('{}'::text[]) as v`)).toEqual([]);
  });
});
