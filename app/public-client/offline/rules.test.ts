import { describe, expect, it } from "vitest";
import {
  BUDGET_BYTES,
  cacheNames,
  DAY_MS,
  isBackOffice,
  isKeepableResponse,
  isPrivateUrl,
  isReadablePage,
  type KeptPage,
  keepReason,
  obsoleteCaches,
  offlinePageHtml,
  type PageRecord,
  pageImages,
  pageTitle,
  pathInScript,
  planPrune,
  saveFits,
  shellResources,
  smallVariantPath,
} from "./rules";

const ORIGIN = "https://balkanvozaci.com";
const url = (path: string) => new URL(path, ORIGIN);
const NOW = Date.UTC(2026, 10, 29, 12);

function page(path: string, record: Partial<PageRecord>): KeptPage {
  return {
    url: `${ORIGIN}${path}`,
    record: { title: path, script: "lat", fetchedAt: NOW, bytes: 1000, images: [], ...record },
  };
}

describe("offline rules: which addresses are kept", () => {
  it("keeps the pages people read, in both scripts, by their canonical address", () => {
    for (const path of [
      "/",
      "/cir",
      "/vesti",
      "/cir/oglasi",
      "/article/nedostatak-parking-mesta-1",
      "/article/42",
      "/cir/article/nedostatak-parking-mesta-1",
      "/poslovi/cdl-a-vozac-ohio-17",
      "/cir/kupoprodaja/peterbilt-389-5",
      "/kompanije/3",
      "/forum/12",
      "/tag/dizel",
    ]) {
      expect(isReadablePage(url(path)), path).toBe(true);
    }
  });

  it("never keeps a search, a filter, a form, the back office or an address with a secret", () => {
    for (const path of [
      "/vesti?page=2",
      "/poslovi?state=OH",
      "/pretraga?q=dizel",
      "/poslovi/novi",
      "/forum/nova",
      "/kompanije/nova",
      "/admin",
      "/admin/articles",
      "/pregled/12/1800000000/abc",
      "/izvestaj/3/abc",
      "/newsletter/odjava?token=abc",
      "/cir/newsletter/odjava",
      "/oglas/upravljanje/abc123",
      "/poslovi/cdl-a-vozac-17/upravljanje",
      "/istaknite-oglas/potvrda",
      "/article/x-1?token=abc",
      "/lat/vesti",
      "/bez-mreze",
    ]) {
      expect(isReadablePage(url(path)), path).toBe(false);
    }
  });

  it("keeps only answers any cache may share: never a private, no-store, non-HTML or failed one", () => {
    const answer = (status: number, cacheControl: string | null, type = "text/html; charset=utf-8") => {
      const headers = new Headers({ "content-type": type });
      if (cacheControl !== null) headers.set("cache-control", cacheControl);
      return { status, headers };
    };
    expect(isKeepableResponse(answer(200, "public, max-age=5, stale-while-revalidate=5"))).toBe(true);
    for (const [status, cacheControl, type] of [
      [200, "private, no-cache", undefined], // the forum: the visitor's own votes
      [200, "no-store", undefined], // the back office, signed links
      [200, "private, no-store", undefined],
      [200, "public, no-store", undefined],
      [200, null, undefined],
      [200, "no-cache", undefined],
      [200, "public, max-age=300", "application/json"],
      [404, "public, max-age=5", undefined],
      [503, "public, max-age=5", undefined],
    ] as const) {
      expect(
        isKeepableResponse(answer(status, cacheControl, type)),
        `${status} ${cacheControl} ${type}`,
      ).toBe(false);
    }
  });

  it("knows the addresses that carry a secret, wherever the secret is", () => {
    expect(isPrivateUrl(url("/poslovi/x-1?token=abc"))).toBe(true);
    expect(isPrivateUrl(url("/obavestenja/potvrda?kljuc=abc"))).toBe(true);
    expect(isPrivateUrl(url("/nesto?unsubscribe_token=abc"))).toBe(true);
    expect(isPrivateUrl(url("/newsletter/odjava"))).toBe(true);
    expect(isPrivateUrl(url("/article/x-1"))).toBe(false);
    expect(isBackOffice("/admin")).toBe(true);
    expect(isBackOffice("/admin/articles/edit/3")).toBe(true);
    expect(isBackOffice("/administracija-kamiona")).toBe(false);
  });

  it("moves a path into a script", () => {
    expect(pathInScript("/", "cir")).toBe("/cir");
    expect(pathInScript("/vesti", "cir")).toBe("/cir/vesti");
    expect(pathInScript("/cir/vesti", "lat")).toBe("/vesti");
    expect(pathInScript("/cir", "lat")).toBe("/");
  });

  it("maps any variant of an upload to its small WebP variant", () => {
    const key = "1795927917491_1200x675-truck-3.jpg";
    expect(smallVariantPath(`/media/images/_v/${key}/800.webp`)).toBe(`/media/images/_v/${key}/400.webp`);
    expect(smallVariantPath(`/media/images/${key}`)).toBe(`/media/images/_v/${key}/400.webp`);
    expect(smallVariantPath("/media/mediji/_v/1795927917491_300x200-mali.png/300.webp")).toBe(
      "/media/mediji/_v/1795927917491_300x200-mali.png/300.webp",
    );
    expect(smallVariantPath("/media/images/1795927917491-bez-dimenzija.svg")).toBeNull();
    expect(smallVariantPath("/demo/banner-wide-1.svg")).toBeNull();
  });
});

describe("offline rules: what a page holds", () => {
  const ARTICLE = `<!DOCTYPE html><html><head><title>Naslov — Balkan Vozači</title>
<meta property="og:title" content="Cena dizela &amp; putarine"/>
<link rel="preload" as="image" href="/favicon.svg"/>
<link rel="icon" href="/favicon.ico" sizes="32x32"/>
<link rel="stylesheet" href="/assets/root-Db.css"/>
<link rel="canonical" href="https://balkanvozaci.com/article/x-1"/>
<script src="/assets/enhance-B0.js" defer=""></script>
<script type="application/ld+json">{"@context":"https://schema.org"}</script></head><body>
<img src="/favicon.svg" alt="" width="32" height="32"/>
<h1>Cena dizela</h1>
<img src="/media/images/_v/1_1200x675-a.jpg/800.webp" srcSet="/media/images/_v/1_1200x675-a.jpg/400.webp 400w, /media/images/_v/1_1200x675-a.jpg/800.webp 800w" alt="a"/>
<img src="/media/images/_v/2_1200x675-b.jpg/800.webp" srcset="/media/images/_v/2_1200x675-b.jpg/1200.webp 1200w, /media/images/_v/2_1200x675-b.jpg/400.webp 400w" alt="b"/>
<img src="https://drugi-sajt.com/slika.jpg" alt="c"/>
<img src="/demo/banner-square-1.svg" alt="reklama"/>
<img src="/media/images/_v/1_1200x675-a.jpg/800.webp" srcset="/media/images/_v/1_1200x675-a.jpg/400.webp 400w" alt="a again"/>
</body></html>`;

  it("its images: the smallest candidate of each srcset, the site's own only, each once", () => {
    expect(pageImages(ARTICLE, ORIGIN)).toEqual([
      "/favicon.svg",
      "/media/images/_v/1_1200x675-a.jpg/400.webp",
      "/media/images/_v/2_1200x675-b.jpg/400.webp",
      "/demo/banner-square-1.svg",
    ]);
  });

  it("its title as people read it", () => {
    expect(pageTitle(ARTICLE)).toBe("Cena dizela & putarine");
    expect(pageTitle("<h1>Vesti <span>(12)</span></h1>")).toBe("Vesti (12)");
    expect(pageTitle("<title>Forum &#8212; Balkan Vozači</title>")).toBe("Forum — Balkan Vozači");
  });

  it("the shell: stylesheet, script, icons and images of the offline page", () => {
    expect(shellResources(ARTICLE, ORIGIN).slice(0, 3)).toEqual([
      "/favicon.ico",
      "/assets/root-Db.css",
      "/assets/enhance-B0.js",
    ]);
  });
});

describe("offline rules: what goes when", () => {
  it("keeps saved pages, the latest list and pages opened within 7 days", () => {
    expect(keepReason(page("/a", { savedAt: NOW - 100 * DAY_MS }).record, NOW)).toBe("saved");
    expect(keepReason(page("/a", { latestRank: 3, latestAt: NOW }).record, NOW)).toBe("latest");
    expect(keepReason(page("/a", { visitedAt: NOW - 6 * DAY_MS }).record, NOW)).toBe("recent");
    expect(keepReason(page("/a", { visitedAt: NOW - 7 * DAY_MS }).record, NOW)).toBeNull();
    expect(keepReason(page("/a", {}).record, NOW)).toBeNull();
  });

  it("drops pages opened 7 days ago and the images no remaining page shows — never a saved one", () => {
    const pages = [
      page("/article/old-1", {
        visitedAt: NOW - 8 * DAY_MS,
        images: ["/media/images/_v/1_800x600-a.jpg/400.webp"],
      }),
      page("/article/saved-2", {
        visitedAt: NOW - 30 * DAY_MS,
        savedAt: NOW - 30 * DAY_MS,
        images: ["/media/images/_v/2_800x600-b.jpg/400.webp"],
      }),
      page("/article/fresh-3", { visitedAt: NOW - DAY_MS, images: ["/demo/banner-square-1.svg"] }),
    ];
    const images = new Map([
      ["/media/images/_v/1_800x600-a.jpg/400.webp", 20_000],
      ["/media/images/_v/2_800x600-b.jpg/400.webp", 30_000],
      ["/demo/banner-square-1.svg", 1_000],
    ]);
    const plan = planPrune(pages, images, 100_000, NOW);
    expect(plan.pages).toEqual([`${ORIGIN}/article/old-1`]);
    expect(plan.images).toEqual(["/media/images/_v/1_800x600-a.jpg/400.webp"]);
    expect(plan.bytes).toBe(100_000 + 2 * 1000 + 30_000 + 1_000);
  });

  it("over the budget, the least recently used page goes first, never a saved one", () => {
    const mb = 1024 * 1024;
    const pages = [
      page("/article/a-1", { visitedAt: NOW - 3 * DAY_MS, bytes: 6 * mb }),
      page("/article/b-2", { visitedAt: NOW - 5 * DAY_MS, savedAt: NOW - 5 * DAY_MS, bytes: 6 * mb }),
      page("/article/c-3", { visitedAt: NOW - DAY_MS, bytes: 6 * mb }),
      page("/article/d-4", { latestRank: 19, latestAt: NOW, bytes: 1 * mb }),
    ];
    const plan = planPrune(pages, new Map(), 0, NOW, BUDGET_BYTES);
    // 19 MB: the oldest unsaved page (a, opened 3 days ago) goes; 13 MB fits.
    expect(plan.pages).toEqual([`${ORIGIN}/article/a-1`]);
    expect(plan.bytes).toBe(13 * mb);
    // With only saved pages over the budget, nothing is dropped.
    const saved = [page("/article/s-1", { savedAt: NOW, bytes: 20 * mb })];
    expect(planPrune(saved, new Map(), 0, NOW).pages).toEqual([]);
  });

  it("a page saved only while the saved pages fit the budget together", () => {
    const mb = 1024 * 1024;
    const pages = [page("/article/s-1", { savedAt: NOW, bytes: 10 * mb, images: ["/x.webp"] })];
    const images = new Map([["/x.webp", 2 * mb]]);
    const adding = (bytes: number, imageBytes: number) => ({
      url: `${ORIGIN}/article/n-2`,
      bytes,
      images: ["/x.webp", "/y.webp"],
      imageSizes: new Map([["/y.webp", imageBytes]]),
    });
    expect(saveFits(pages, images, 0, adding(2 * mb, mb))).toBe(true);
    expect(saveFits(pages, images, 0, adding(2 * mb, 2 * mb))).toBe(false);
    // Saving the same page again does not count it twice.
    expect(saveFits(pages, images, 0, { ...adding(10 * mb, 0), url: `${ORIGIN}/article/s-1` })).toBe(true);
  });

  it("old deployments' caches go; the content caches and other sites' caches stay", () => {
    const names = cacheNames("new");
    expect(
      obsoleteCaches(
        ["bv-shell-old", names.shell, names.pages, names.images, names.state, "bv-pages-0", "tudji"],
        "new",
      ),
    ).toEqual(["bv-shell-old", "bv-pages-0"]);
  });
});

describe("offline rules: the offline page", () => {
  const SHELL = `<main><h1>Niste na mreži</h1><p data-offline-empty="" class="mt-6">Prazno</p>
<section data-offline-section="saved" hidden="" aria-labelledby="s"><h2 id="s">Sačuvano</h2><ul data-offline-list="saved" class="mt-3"></ul></section>
<section data-offline-section="latest" hidden="" aria-labelledby="l"><h2 id="l">Najnovije</h2><ul data-offline-list="latest" class="mt-3"></ul></section>
<section data-offline-section="recent" hidden="" aria-labelledby="r"><h2 id="r">Nedavno</h2><ul data-offline-list="recent" class="mt-3"></ul></section></main>`;

  it("lists each kept page once — saved, latest in order, then opened — escaped, and shows only filled sections", () => {
    const html = offlinePageHtml(
      SHELL,
      [
        page("/article/b-2", { title: "Drugi", latestRank: 1, latestAt: NOW }),
        page("/article/a-1", { title: "Prvi <b>", latestRank: 0, latestAt: NOW, savedAt: NOW }),
        page("/article/c-3", { title: "Treći", latestRank: 0, latestAt: NOW - 1 }),
        page("/article/old-9", { title: "Star", visitedAt: NOW - 9 * DAY_MS }),
        page("/cir/article/a-1", { title: "Први", savedAt: NOW - 5 }),
      ],
      NOW,
    );
    const list = (name: string) =>
      [
        ...(new RegExp(`data-offline-list="${name}"[^>]*>(.*?)</ul>`).exec(html)?.[1] ?? "").matchAll(
          /href="([^"]*)">([^<]*)/g,
        ),
      ].map((m) => `${m[1]} ${m[2]}`);
    expect(list("saved")).toEqual(["/article/a-1 Prvi &lt;b&gt;", "/cir/article/a-1 Први"]);
    expect(list("latest")).toEqual(["/article/c-3 Treći", "/article/b-2 Drugi"]);
    expect(list("recent")).toEqual([]);
    expect(html).toContain('<section data-offline-section="saved" aria-labelledby="s">');
    expect(html).toContain('<section data-offline-section="recent" hidden="" aria-labelledby="r">');
    expect(html).toContain('<p data-offline-empty="" hidden class="mt-6">');
  });

  it("names the home page for what it is, not by its title (the site's name)", () => {
    const html = offlinePageHtml(
      SHELL,
      [
        page("/", { title: "Balkan Vozači", visitedAt: NOW - 2 }),
        page("/cir", { title: "Балкан Возачи", visitedAt: NOW - 1 }),
      ],
      NOW,
    );
    expect(html).toContain(
      '<a class="inline-flex min-h-6 items-center text-brand-700 underline-offset-2 hover:underline" href="/cir">Почетна страна</a>',
    );
    expect(html).toContain('href="/">Početna strana</a>');
    expect(html).not.toContain("Balkan Vozači");
  });

  it("with nothing kept, the note for an empty device stays", () => {
    const html = offlinePageHtml(SHELL, [page("/article/old-9", { visitedAt: NOW - 9 * DAY_MS })], NOW);
    expect(html).toBe(SHELL);
  });
});
