import { describe, expect, it } from "vitest";
import { transliteratorFor } from "~/domain/cyrillic/transliterate";
import { APP_ICONS, shortName, webAppManifest } from "./manifest";

const t = transliteratorFor("");

describe("web app manifest", () => {
  it("keeps a short site name and otherwise takes its last word", () => {
    expect(shortName("Vozači")).toBe("Vozači");
    expect(shortName("Balkan Vozači")).toBe("Vozači");
    expect(shortName("  Balkanski Kamiondžije  ")).toBe("Kamiondžije");
    expect(shortName("Jednareččijajeduža")).toBe("Jednareččija");
  });

  it("opens the Latin home page, named in Latin", () => {
    const m = webAppManifest({
      siteName: "Balkan Vozači",
      description: "Zajednica",
      script: "lat",
      text: t.toLatin,
    });
    expect(m).toMatchObject({
      id: "/",
      name: "Balkan Vozači",
      short_name: "Vozači",
      lang: "sr-Latn",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#172f6e",
    });
    expect(m.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "192x192 maskable",
      "512x512 maskable",
    ]);
  });

  it("the Cyrillic one opens /cir and is named in Cyrillic; the same app (id)", () => {
    const m = webAppManifest({
      siteName: "Balkan Vozači",
      description: "Zajednica balkanskih vozača",
      script: "cir",
      text: t.toCyrillic,
    });
    expect(m).toMatchObject({
      id: "/",
      name: "Балкан Возачи",
      short_name: "Возачи",
      description: "Заједница балканских возача",
      lang: "sr-Cyrl",
      start_url: "/cir",
      scope: "/",
    });
    expect(m.icons).toBe(APP_ICONS);
  });
});
