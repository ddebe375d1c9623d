import { describe, expect, it } from "vitest";
import {
  foldForSearch,
  foldWithMap,
  parseSearchQuery,
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_TERMS,
} from "./normalize";

describe("foldForSearch", () => {
  it("makes vozac, vozač, VOZAČ and возач the same", () => {
    for (const form of ["vozac", "vozač", "VOZAČ", "возач", "ВОЗАЧ", "Vozač"]) {
      expect(foldForSearch(form)).toBe("vozac");
    }
  });

  it("makes djordjevic, dordevic, Đorđević and ђорђевић the same", () => {
    for (const form of [
      "djordjevic",
      "dordevic",
      "Đorđević",
      "ĐORĐEVIĆ",
      "ђорђевић",
      "Ђорђевић",
      "Djordjević",
    ]) {
      expect(foldForSearch(form)).toBe("dordevic");
    }
  });

  it("transliterates the Cyrillic digraph letters", () => {
    expect(foldForSearch("Љубав")).toBe("ljubav");
    expect(foldForSearch("ЊЕГОШ")).toBe("njegos");
    expect(foldForSearch("џип")).toBe(foldForSearch("džip"));
    expect(foldForSearch("џип")).toBe("dzip");
    expect(foldForSearch("ћевапчићи")).toBe("cevapcici");
    expect(foldForSearch("Шабац Чачак Жабаљ")).toBe("sabac cacak zabalj");
  });

  it("drops the diacritics of other Latin alphabets too", () => {
    expect(foldForSearch("Müller Ångström café naïve")).toBe("muller angstrom cafe naive");
    expect(foldForSearch("Straße Łódź Ærø")).toBe("strasse lodz aero");
  });

  it("keeps digits, punctuation and foreign scripts as they are (lowercased)", () => {
    expect(foldForSearch("I-70, CDL-A & OTR")).toBe("i-70, cdl-a & otr");
    expect(foldForSearch("100%")).toBe("100%");
  });

  it("folds a written-out dj and a Cyrillic дј alike", () => {
    expect(foldForSearch("podjednako")).toBe(foldForSearch("подједнако"));
  });
});

describe("foldWithMap", () => {
  it("maps every folded character back to the original text", () => {
    const original = "Ђорђевић i Đorđe";
    const folded = foldWithMap(original);
    expect(folded.text).toBe("dordevic i dorde");
    const at = folded.text.lastIndexOf("dorde");
    expect(original.slice(folded.from[at], folded.to[at + 4])).toBe("Đorđe");
    expect(original.slice(folded.from[0], folded.to[7])).toBe("Ђорђевић");
  });

  it("maps a folded dj back to both letters", () => {
    const folded = foldWithMap("Djordjevic");
    expect(folded.text).toBe("dordevic");
    expect(folded.from[0]).toBe(0);
    expect(folded.to[0]).toBe(2);
  });

  it("maps one Cyrillic letter that becomes two Latin ones back to itself", () => {
    const folded = foldWithMap("Љиљана");
    expect(folded.text).toBe("ljiljana");
    expect(folded.from[0]).toBe(0);
    expect(folded.to[1]).toBe(1);
  });

  it("keeps surrogate pairs together", () => {
    const folded = foldWithMap("🚚 kamion");
    const at = folded.text.indexOf("kamion");
    expect("🚚 kamion".slice(folded.from[at], folded.to[at + 5])).toBe("kamion");
  });
});

describe("parseSearchQuery", () => {
  it("an empty or blank query is empty", () => {
    expect(parseSearchQuery(null).status).toBe("empty");
    expect(parseSearchQuery("").status).toBe("empty");
    expect(parseSearchQuery("   \t\n ").status).toBe("empty");
  });

  it("splits words and keeps what was typed for the database to fold", () => {
    const q = parseSearchQuery("  Vozač   CDL-A  ");
    expect(q.status).toBe("ok");
    expect(q.text).toBe("Vozač CDL-A");
    expect(q.terms).toEqual([
      { text: "Vozač", folded: "vozac", forms: [{ text: "Vozač", wordStart: false }], marks: ["vozac"] },
      { text: "CDL-A", folded: "cdl-a", forms: [{ text: "CDL-A", wordStart: false }], marks: ["cdl-a"] },
    ]);
  });

  it("trims punctuation at the ends of words, not inside them", () => {
    const q = parseSearchQuery("(Đorđević), I-70! ...owner-operator?");
    expect(q.terms.map((t) => t.text)).toEqual(["Đorđević", "I-70", "owner-operator"]);
  });

  it("takes a quoted phrase as one term", () => {
    const q = parseSearchQuery('"polovni   kamioni" Texas');
    expect(q.terms.map((t) => t.text)).toEqual(["polovni kamioni", "Texas"]);
    expect(parseSearchQuery('"bez kraja').terms.map((t) => t.text)).toEqual(["bez kraja"]);
  });

  it("drops repeats of the same word in any script or spelling", () => {
    const q = parseSearchQuery("vozač vozac ВОЗАЧ djordjevic Đorđević");
    expect(q.terms.map((t) => t.folded)).toEqual(["vozac", "dordevic"]);
  });

  it("ignores one-letter words and needs one word of three letters", () => {
    const q = parseSearchQuery("i u kamion");
    expect(q.status).toBe("ok");
    expect(q.terms.map((t) => t.text)).toEqual(["kamion"]);
    expect(q.ignored).toEqual(["i", "u"]);
    const short = parseSearchQuery("na je");
    expect(short.status).toBe("too-short");
    expect(short.terms).toEqual([]);
    expect(parseSearchQuery("a").status).toBe("too-short");
    expect(parseSearchQuery("!!! ???").status).toBe("too-short");
  });

  it("searches a US place by its English and Serbian names in both scripts (decision 260)", () => {
    for (const typed of ["Kansas", "Kanzas", "Канзас", "KANSAS"]) {
      const [term] = parseSearchQuery(typed).terms;
      expect(term.text).toBe(typed);
      expect(term.forms[0]).toEqual({ text: typed, wordStart: true });
      expect(new Set(term.marks)).toEqual(new Set(["kansas", "kanzas"]));
    }
    // A place of several words is one term, whichever way it is written.
    const jersey = parseSearchQuery("vozač Њу Џерзи");
    expect(jersey.terms.map((t) => t.text)).toEqual(["vozač", "Њу Џерзи"]);
    expect(jersey.terms[1].forms).toContainEqual({ text: "New Jersey", wordStart: true });
    expect(parseSearchQuery("St. Louis kamion").terms[0].marks).toContain("sent luis");
    // Not a place: one form.
    expect(parseSearchQuery("kamion").terms[0].forms).toHaveLength(1);
  });

  it("reads a state's code in capitals, or alone, as the state (not two letters anywhere)", () => {
    const [oh] = parseSearchQuery("OH").terms;
    expect(parseSearchQuery("OH").status).toBe("ok");
    expect(oh.forms).toEqual([
      { text: "Ohio", wordStart: true },
      { text: "Охајо", wordStart: true },
    ]);
    expect(parseSearchQuery("tx").terms[0].marks).toEqual(["texas", "teksas"]);
    // Lowercase beside other words it is a word: "pa" and "ne" are Serbian.
    expect(parseSearchQuery("kamion pa").terms[1].forms).toEqual([{ text: "pa", wordStart: false }]);
    expect(parseSearchQuery("kamion PA").terms[1].marks).toContain("pennsylvania");
  });

  it("keeps two-letter words beside a longer one", () => {
    expect(parseSearchQuery("NY kamion").terms.map((t) => t.text)).toEqual(["NY", "kamion"]);
  });

  it(`searches at most ${SEARCH_MAX_TERMS} terms`, () => {
    const q = parseSearchQuery("jedan dva tri četiri pet šest sedam");
    expect(q.terms).toHaveLength(SEARCH_MAX_TERMS);
    expect(q.ignored).toEqual(["šest", "sedam"]);
  });

  it(`cuts a long query at ${SEARCH_MAX_LENGTH} characters and says so`, () => {
    const q = parseSearchQuery(`${"ђ".repeat(150)} kraj`);
    expect(q.truncated).toBe(true);
    expect(Array.from(q.text)).toHaveLength(SEARCH_MAX_LENGTH);
    expect(parseSearchQuery("kamion").truncated).toBe(false);
  });

  it("removes control and invisible characters (NUL never reaches SQL)", () => {
    const q = parseSearchQuery("ka\u0000mion\u200b \u202evozac\u0007");
    expect(q.text).toBe("ka mion vozac");
    expect(q.terms.map((t) => t.text)).toEqual(["ka", "mion", "vozac"]);
    expect(parseSearchQuery("\u0000\u0000").status).toBe("empty");
  });

  it("takes decomposed diacritics (as some phones type them) like composed ones", () => {
    expect(parseSearchQuery("voz\u0061\u0063\u030c").terms[0].folded).toBe("vozac");
  });

  it("leaves LIKE wildcards and SQL to the database layer as plain text", () => {
    const q = parseSearchQuery("100% a%b_c ' OR 1=1 --");
    expect(q.status).toBe("ok");
    expect(q.terms.map((t) => t.text)).toEqual(["100", "a%b_c", "OR", "1=1"]);
  });
});
