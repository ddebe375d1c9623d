import { describe, expect, it } from "vitest";
import { toCyrillic } from "~/demo/script";
import { articleParam, articlePath, cyrillicToLatin, parseArticleParam, slugify, slugText } from "./slug";

describe("slugify (spec §5 article URL slug helper)", () => {
  it("lowercases and turns spaces into hyphens", () => {
    expect(slugify("Novi Propisi Za Vozače", 1)).toBe("novi-propisi-za-vozace");
  });

  it("transliterates Serbian Cyrillic, digraph letters included", () => {
    expect(slugify("Ђорђе жели љубав и њиву", 1)).toBe("djordje-zeli-ljubav-i-njivu");
    expect(slugify("Ћевапи, чај, џак и шешир", 1)).toBe("cevapi-caj-dzak-i-sesir");
    expect(slugify("ВОЗАЧИ У АМЕРИЦИ", 1)).toBe("vozaci-u-americi");
  });

  it("folds the Latin diacritics the same way", () => {
    expect(slugify("Šoferi čekaju ćevape, žele đuveč", 1)).toBe("soferi-cekaju-cevape-zele-djuvec");
    expect(slugify("ŠTA ĆE ĐAK", 1)).toBe("sta-ce-djak");
  });

  it("gives the same slug for a title in either script", () => {
    const latin = "Nova pravila za vozače kamiona u Čikagu";
    expect(slugify(toCyrillic(latin), 1)).toBe(slugify(latin, 1));
  });

  it("keeps only a-z, 0-9 and single hyphens, none at the ends", () => {
    expect(slugify("  I-80: 25% više saobraćaja!!! — (2026) ", 1)).toBe("i-80-25-vise-saobracaja-2026");
    expect(slugify("---a---b---c---", 1)).toBe("a-b-c");
    expect(slugText("Ünïcödé café")).toBe("unicode-cafe");
  });

  it("cuts at 100 characters without a trailing hyphen", () => {
    const slug = slugify("reč ".repeat(60), 1);
    expect(slug.length).toBeLessThanOrEqual(100);
    expect(slug.endsWith("-")).toBe(false);
    expect(slugify("a".repeat(150), 1)).toBe("a".repeat(100));
  });

  it("falls back to article-{id} when fewer than 3 characters remain", () => {
    expect(slugify("Ok", 42)).toBe("article-42");
    expect(slugify("!!!", 7)).toBe("article-7");
    expect(slugify("", 7)).toBe("article-7");
    expect(slugify("Ја", 9)).toBe("article-9");
    expect(slugify("Abc", 9)).toBe("abc");
  });
});

describe("cyrillicToLatin", () => {
  it("keeps case and leaves other characters alone", () => {
    expect(cyrillicToLatin("Љубав и ЊИВА, Џон")).toBe("Ljubav i NJIVA, Džon");
    expect(cyrillicToLatin("Truck 18 Ђ")).toBe("Truck 18 Đ");
  });
});

describe("articlePath", () => {
  it("is /article/{slug}-{id}", () => {
    expect(articlePath({ id: 15, title: "Novi propisi za vozače" })).toBe(
      "/article/novi-propisi-za-vozace-15",
    );
  });

  it("prefers the stored slug, normalised", () => {
    expect(articlePath({ id: 3, title: "Naslov", slug: "Moj Slug" })).toBe("/article/moj-slug-3");
    expect(articlePath({ id: 3, title: "Naslov članka", slug: "x" })).toBe("/article/naslov-clanka-3");
    expect(articlePath({ id: 3, title: "Naslov članka", slug: null })).toBe("/article/naslov-clanka-3");
  });

  it("does not repeat the id for the fallback slug", () => {
    expect(articlePath({ id: 8, title: "??" })).toBe("/article/article-8");
    expect(articleParam({ id: 8, title: "??" })).toBe("article-8");
  });

  it("round-trips through parseArticleParam", () => {
    for (const article of [
      { id: 1, title: "Kamion 2024" },
      { id: 77, title: "Ok" },
      { id: 5200, title: "Нови прописи 18" },
    ]) {
      expect(parseArticleParam(articleParam(article))).toBe(article.id);
    }
  });
});

describe("parseArticleParam", () => {
  it("reads a bare id", () => {
    expect(parseArticleParam("123")).toBe(123);
  });

  it("reads the numeric suffix after the last hyphen", () => {
    expect(parseArticleParam("novi-propisi-15")).toBe(15);
    expect(parseArticleParam("kamion-2024-7")).toBe(7);
    expect(parseArticleParam("article-8")).toBe(8);
    expect(parseArticleParam("anything-else-at-all-99")).toBe(99);
  });

  it("refuses segments without a usable id", () => {
    expect(parseArticleParam("")).toBeNull();
    expect(parseArticleParam("novi-propisi")).toBeNull();
    expect(parseArticleParam("novi-propisi-")).toBeNull();
    expect(parseArticleParam("0")).toBeNull();
    expect(parseArticleParam("slug-0")).toBeNull();
    expect(parseArticleParam("12abc")).toBeNull();
    expect(parseArticleParam("-5")).toBe(5);
    expect(parseArticleParam("99999999999")).toBeNull();
    expect(parseArticleParam("2147483648")).toBeNull();
    expect(parseArticleParam("2147483647")).toBe(2147483647);
  });
});
