import { describe, expect, it } from "vitest";
import { buildArticles } from "~/demo/articles";
import { buildCompanies } from "~/demo/companies";
import { buildForum } from "~/demo/forum";
import { buildJobs, buildSales } from "~/demo/listings";
import { US_STATES as DEMO_STATES } from "~/demo/places";
import { STATE_CODES } from "~/domain/listings/states";
import { cyrillicToLatin } from "./alphabet";
import { nameStaysLatin } from "./foreign";
import { createTransliterator, parseLatinOnlyList, twoLetterPairAt } from "./transliterate";
import { US_CITY_PLACES, US_PLACES, US_STATE_PLACES } from "./us-places";

const t = createTransliterator();
const cyr = (text: string) => t.toCyrillic(text);

describe("the alphabets", () => {
  it("maps all thirty letters both ways, in both cases", () => {
    const latin = "a b c č ć d dž đ e f g h i j k l lj m n nj o p r s š t u v z ž";
    const cyrillic = "а б ц ч ћ д џ ђ е ф г х и ј к л љ м н њ о п р с ш т у в з ж";
    expect(cyr(latin)).toBe(cyrillic);
    expect(t.toLatin(cyrillic)).toBe(latin);
    expect(cyr("Čačak Ćuprija Đurđevo Žabari Šabac Džep")).toBe("Чачак Ћуприја Ђурђево Жабари Шабац Џеп");
  });

  it("reads lj, nj and dž as one letter, keeping case", () => {
    expect(cyr("Ljubav, njiva, džak, Ljiljana, Njegoš, Džordž")).toBe(
      "Љубав, њива, џак, Љиљана, Његош, Џорџ",
    );
    expect(cyr("LJUBAV I NJIVA U DŽAKU SU VAŽNE STVARI")).toBe("ЉУБАВ И ЊИВА У ЏАКУ СУ ВАЖНЕ СТВАРИ");
    expect(cyrillicToLatin("Љубав ЉУБАВ Њ Џак")).toBe("Ljubav LJUBAV Nj Džak");
  });

  it("keeps the pairs that are two letters as two (a small list of word starts)", () => {
    expect(cyr("konjunkcija, konjugacija, injekcija, injektor, nadživeti, nadživljavati")).toBe(
      "конјункција, конјугација, инјекција, инјектор, надживети, надживљавати",
    );
    expect(cyr("Odžaliti, podžanr, vanjezički, Tanjug")).toBe("Оджалити, поджанр, ванјезички, Танјуг");
    // …and only those: konj, kanjon, džep stay digraphs.
    expect(cyr("konj, kanjon, džep, nadzor")).toBe("коњ, кањон, џеп, надзор");
    expect(twoLetterPairAt("Nadživeti")).toBe(3);
    expect(twoLetterPairAt("konj")).toBe(-1);
  });
});

describe("what stays Latin on a Cyrillic page", () => {
  it("brand names, trucking English, codes and abbreviations", () => {
    const text =
      "Freightliner Cascadia, Peterbilt 579 i Volvo VNL; CDL, CDL-A, OTR, DOT, I-70, MX-13, owner-operator, flatbed, reefer.";
    expect(cyr(text)).toBe(
      "Freightliner Cascadia, Peterbilt 579 и Volvo VNL; CDL, CDL-A, OTR, DOT, I-70, MX-13, owner-operator, flatbed, reefer.",
    );
  });

  it("words with q, w, x, y and other English spelling; capitals inside a word", () => {
    expect(cyr("Kenworth, Mack, Cummins, iPhone, FedEx, Walmart, Wabash")).toBe(
      "Kenworth, Mack, Cummins, iPhone, FedEx, Walmart, Wabash",
    );
  });

  it("names of several words kept whole, but not their words alone", () => {
    expect(cyr("Western Star, Great Dane, Thermo King i dry van")).toBe(
      "Western Star, Great Dane, Thermo King и dry van",
    );
    expect(cyr("Star kamion i los put")).toBe("Стар камион и лос пут");
  });
});

describe("US places as Serbian writes them (decision 261)", () => {
  it("states and cities from the table, of one word or several, in capitals too", () => {
    expect(cyr("Texas, Gary, Chicago, Dallas, Pittsburgh, Kansas, Ohio")).toBe(
      "Тексас, Гери, Чикаго, Далас, Питсбург, Канзас, Охајо",
    );
    expect(cyr("Salt Lake City, St. Louis, New Hampshire, Western Star i Illinois")).toBe(
      "Солт Лејк Сити, Сент Луис, Њу Хемпшир, Western Star и Илиноис",
    );
    expect(cyr("u državi New Jersey, kod grada Kansas City")).toBe(
      "у држави Њу Џерзи, код града Канзас Сити",
    );
    expect(cyr("KANSAS CITY, MISSOURI")).toBe("КАНЗАС СИТИ, МИСУРИ");
    expect(cyr("Winston-Salem i Lee's Summit")).toBe("Винстон-Салем и Лиз Самит");
  });

  it("the longest name wins: a city of a state's name, a state of a city's", () => {
    expect(cyr("Kansas City, Kansas; Oklahoma City, Oklahoma; New York, NY")).toBe(
      "Канзас Сити, Канзас; Оклахома Сити, Оклахома; Њујорк, NY",
    );
  });

  it("a name that is an English word or a brand only with its state after it", () => {
    expect(cyr("Mobile, Alabama i Mobile, AL")).toBe("Мобил, Алабама и Мобил, AL");
    expect(cyr("Goodyear gume")).toBe("Goodyear гуме");
    expect(cyr("Toledo, Ohio; Toledo u Španiji")).toBe("Толидо, Охајо; Толедо у Шпанији");
  });

  it("codes, Interstates and the engines named after a city stay", () => {
    expect(cyr("Detroit DD15 iz fabrike u gradu Detroit, I-80 i CDL-A")).toBe(
      "Detroit DD15 из фабрике у граду Детроит, I-80 и CDL-A",
    );
    expect(cyr("Washington, D.C.")).toBe("Вашингтон, D.C.");
  });

  it("lowercase words are not places, and the editors' list wins over the table", () => {
    expect(cyr("mesa i reno")).toBe("меса и рено");
    expect(createTransliterator("Aurora").toCyrillic("Aurora kamioni u gradu Aurora")).toBe(
      "Aurora камиони у граду Aurora",
    );
    expect(
      createTransliterator("Kansas City Southern").toCyrillic("Kansas City Southern i Kansas City"),
    ).toBe("Kansas City Southern и Канзас Сити");
  });
});

describe("company and brand names (decision 261)", () => {
  it("stay Latin whole when one of their words is foreign, Cyrillic whole when all are Serbian", () => {
    for (const name of [
      "Hodžić Logistics & Trucking",
      "Kalinić Carriers LLC",
      "Avala CDL School",
      "Babić Logistics LLC",
    ])
      expect(nameStaysLatin(name), name).toBe(true);
    for (const name of ["Nikolić Prevoz", "Avala", "Хоџић Транс", "Kopaonik d.o.o"])
      expect(nameStaysLatin(name), name).toBe(false);
  });

  it("Serbian words that look foreign at a prefix stay Serbian", () => {
    expect(cyr("prethodni, rashladne, pouzdane, neefikasan, pothranjen")).toBe(
      "претходни, расхладне, поуздане, неефикасан, потхрањен",
    );
  });

  it("capitals: short ones are abbreviations, unless the whole text shouts; Serbian ones convert", () => {
    expect(cyr("Vozači u SAD i BiH plaćaju HVUT, prati ih FMCSA, a NOVO pravilo važi")).toBe(
      "Возачи у САД и БиХ плаћају HVUT, прати их FMCSA, а NOVO правило важи",
    );
    expect(cyr("HITNO PRODAJEM KAMION, CDL-A")).toBe("ХИТНО ПРОДАЈЕМ КАМИОН, CDL-A");
  });

  it("a lone capital that is no Serbian word is a code; an initial with its dot is a letter", () => {
    expect(cyr("H — opasne materije, N — cisterna, CDL-B; Petar N. Jović i A onda U redu")).toBe(
      "H — опасне материје, N — цистерна, CDL-B; Петар Н. Јовић и А онда У реду",
    );
  });

  it("addresses, e-mails, domains and phone numbers", () => {
    const text =
      "Pišite na info@zlatibortrucking.com, posetite https://www.balkanvozaci.com/forum/12 ili zlatibortrucking.com, pozovite (815) 555-0123.";
    expect(cyr(text)).toBe(
      "Пишите на info@zlatibortrucking.com, посетите https://www.balkanvozaci.com/forum/12 или zlatibortrucking.com, позовите (815) 555-0123.",
    );
  });

  it("HTML character references", () => {
    expect(cyr("Tom &amp; Jerry &#x27;navod&#x27; &quot;x&quot;")).toBe(
      "Том &amp; Jerry &#x27;навод&#x27; &quot;x&quot;",
    );
  });

  it("the editors' list: words and names of several words, in any case", () => {
    const custom = createTransliterator("Kafana Zlatibor\nAcme, dunav");
    expect(custom.toCyrillic("Kafana Zlatibor nudi ćevape, Acme i Dunav prevoze, kafana radi")).toBe(
      "Kafana Zlatibor нуди ћевапе, Acme и Dunav превозе, кафана ради",
    );
    expect(parseLatinOnlyList(" Acme ,\n\nKafana   Zlatibor;x")).toEqual({
      words: new Set(["acme", "x"]),
      phrases: ["kafana zlatibor"],
    });
  });

  it("Cyrillic typed by a visitor comes back as Latin", () => {
    expect(t.toLatin("Возим Freightliner у Чикаго, ЉУБАВ! Њујорк, info@x.com")).toBe(
      "Vozim Freightliner u Čikago, LJUBAV! Njujork, info@x.com",
    );
  });
});

/** A few hundred sentences of the demo's own writing: articles, forum, companies, listings. */
function demoSentences(): string[] {
  const texts: string[] = [];
  for (const a of buildArticles(80)) {
    texts.push(a.title ?? "", a.excerpt ?? "", ...(a.content ?? "").split(/<[^>]+>/));
  }
  for (const plan of buildForum().slice(0, 40)) {
    texts.push(plan.topic.title, plan.topic.content, ...plan.comments.slice(0, 2).map((c) => c.content));
  }
  for (const c of buildCompanies().slice(0, 40)) texts.push(c.name, c.description ?? "");
  const now = new Date("2026-11-01T12:00:00Z");
  for (const plan of [...buildJobs(now, [{ id: 1, name: "Morava Carriers" }]), ...buildSales(now)].slice(
    0,
    60,
  )) {
    const listing = plan.listing as { title?: string; description?: string };
    texts.push(listing.title ?? "", listing.description ?? "");
  }
  const sentences = texts
    .flatMap((text) => text.split(/(?<=[.!?])\s+|\n+/))
    .map((s) => s.trim())
    // Latin sentences (the demo writes a few articles in Cyrillic: those are not the point here).
    .filter((s) => s.split(/\s+/).length >= 4 && /[a-zčćžšđ]/.test(s) && !/[\u0400-\u04ff]/.test(s));
  return [...new Set(sentences)];
}

describe("round trip over the demo content", () => {
  const sentences = demoSentences();

  it("has a few hundred real sentences", () => {
    expect(sentences.length).toBeGreaterThan(300);
  });

  it("Latin → Cyrillic → Latin gives back every sentence exactly, US places in Serbian Latin", () => {
    // A place comes back as Serbian writes it (Kansas → Канзас → Kanzas): the table's form.
    const places = [...US_PLACES].filter((p) => !p.ambiguous).sort((a, b) => b.name.length - a.name.length);
    const serbianLatin = (text: string) =>
      places.reduce(
        (out, p) =>
          out.replace(
            new RegExp(`(?<![\\p{L}\\p{N}])${p.name.replace(/[.]/g, "\\.")}(?![\\p{L}\\p{N}])`, "gu"),
            cyrillicToLatin(p.cyrillic),
          ),
        text,
      );
    const broken = sentences.filter((s) => t.toLatin(cyr(s)) !== serbianLatin(s));
    expect(broken).toEqual([]);
  });

  it("converts them: Serbian words become Cyrillic, what stays Latin is foreign", () => {
    const converted = sentences.map(cyr);
    const changed = converted.filter((c, i) => c !== sentences[i]).length;
    expect(changed / sentences.length).toBeGreaterThan(0.97);
    // The most common Serbian words never stay Latin.
    const leftLatin = new Set(converted.flatMap((c) => c.match(/\b[a-zčćžšđ]+\b/g) ?? []));
    for (const word of ["je", "na", "za", "da", "se", "od", "su", "sa", "kamiona", "vozači", "u", "i"]) {
      expect(leftLatin.has(word), word).toBe(false);
    }
  });
});

describe("the table of US places", () => {
  it("has the 50 states and DC, and the ~300 largest cities, each spelt in Serbian Cyrillic", () => {
    expect(US_STATE_PLACES.map((p) => p.name)).toEqual(
      expect.arrayContaining([...Object.keys(STATE_CODES), "District of Columbia"]),
    );
    expect(US_STATE_PLACES).toHaveLength(51);
    expect(US_CITY_PLACES.length).toBeGreaterThan(300);
    const codes = new Set([...Object.values(STATE_CODES), "DC"]);
    for (const place of US_PLACES) {
      expect(place.cyrillic, place.name).toMatch(/^[\u0400-\u04ff][\u0400-\u04ff -]*$/);
      for (const code of place.states) expect(codes.has(code), `${place.name}: ${code}`).toBe(true);
    }
    expect(new Set(US_PLACES.map((p) => p.name)).size).toBe(US_PLACES.length);
  });

  it("holds every place of the demo data", () => {
    for (const state of DEMO_STATES) {
      for (const name of [state.name, ...state.cities.map((c) => c.name)]) {
        expect(
          US_PLACES.some((p) => p.name === name),
          name,
        ).toBe(true);
      }
    }
  });
});
