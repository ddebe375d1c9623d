import { afterAll, beforeAll, expect, it } from "vitest";
import { articles, companies, forumComments, forumTopics, listings } from "~/db/schema";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import type { Segment } from "./highlight";
import { SEARCH_COUNT_CAP } from "./kinds";
import { parseSearchQuery } from "./normalize";
import { countMatches, type SearchHit, searchKind, searchOverview } from "./search.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seed();
});
afterAll(async () => t?.close());

const NOW = new Date("2026-06-15T12:00:00Z");
const day = (n: number) => new Date(Date.UTC(2026, 5, n, 12));
const terms = (q: string) => parseSearchQuery(q).terms;
const text = (segments: Segment[]) => segments.map((s) => (s.hit ? `[${s.text}]` : s.text)).join("");
const titles = (hits: SearchHit[]) => hits.map((h) => h.title.map((s) => s.text).join(""));

async function article(values: {
  title: string;
  date: Date;
  status?: "publish" | "draft";
  author?: string;
  content?: string;
  excerpt?: string;
}) {
  const [row] = await t.db
    .insert(articles)
    .values({
      title: values.title,
      excerpt: values.excerpt ?? "Kratak uvod.",
      content: values.content ?? "<p>Tekst članka.</p>",
      author: values.author ?? "Redakcija",
      category: "Vesti",
      status: values.status ?? "publish",
      publishedDate: values.date,
    })
    .returning({ id: articles.id });
  return row.id;
}

async function listing(values: {
  kind: "job" | "sale";
  title: string;
  status?: "pending" | "approved" | "expired";
  expiresAt?: Date;
  description?: string;
  city?: string;
  state?: string;
  saleCategory?: "truck" | "trailer";
}) {
  const status = values.status ?? "approved";
  const [row] = await t.db
    .insert(listings)
    .values({
      kind: values.kind,
      status,
      title: values.title,
      description: values.description ?? "Opis oglasa.",
      city: values.city ?? "Chicago",
      state: values.state ?? "Illinois",
      contactName: "Marko",
      contactPhone: "+1 312 555 0100",
      approvedAt: status === "pending" ? null : day(1),
      expiresAt: status === "pending" ? null : (values.expiresAt ?? new Date("2026-07-01T00:00:00Z")),
      ...(values.kind === "job"
        ? { companyName: "Prevoz Inc", position: "company-driver" as const }
        : {
            saleCategory: values.saleCategory ?? "truck",
            condition: "used" as const,
            priceCents: 4_500_000,
          }),
    })
    .returning({ id: listings.id });
  return row.id;
}

const ids: Record<string, number> = {};

async function seed() {
  // Articles: a title match, a body match, an author match, a Cyrillic one, a draft, an old title match.
  ids.titleNew = await article({ title: "Đorđević otvara novu kompaniju", date: day(10) });
  ids.titleOld = await article({ title: "Intervju: Djordjević o platama", date: day(2) });
  ids.body = await article({
    title: "Nova pravila za vozače",
    date: day(12),
    content: "<p>Prvi pasus.</p><p>Kako kaže <strong>Đorđević</strong>, pravila važe od jula.</p>",
  });
  ids.author = await article({ title: "Gorivo poskupljuje", date: day(11), author: "Milan Đorđević" });
  ids.cyrillic = await article({
    title: "Возач камиона добио награду",
    date: day(9),
    content: "<p>Ђорђевић је возач године.</p>",
  });
  ids.draft = await article({ title: "Đorđević — nacrt", date: day(13), status: "draft" });
  ids.wildcard = await article({ title: "Popust 100% na gorivo", date: day(3) });

  // Companies: active and inactive.
  const [active] = await t.db
    .insert(companies)
    .values({
      name: "Đorđević Transport Inc",
      description: "Prevozimo robu širom Amerike.",
      location: "Columbia",
      state: "South Carolina",
      category: "Transportne Kompanije",
      services: ["hladnjača"],
      active: true,
    })
    .returning({ id: companies.id });
  ids.company = active.id;
  const [byService] = await t.db
    .insert(companies)
    .values({ name: "Sever Logistics", services: ["Регрутовање возача"], active: true })
    .returning({ id: companies.id });
  ids.companyByService = byService.id;
  await t.db.insert(companies).values({ name: "Đorđević Skriveni LLC", active: false });

  // Listings: live job and sale, an expired one (by date and by status), a pending one.
  ids.job = await listing({ kind: "job", title: "Tražimo vozača — Đorđević Trucking" });
  ids.sale = await listing({
    kind: "sale",
    title: "Prodajem Freightliner Cascadia",
    description: "Vlasnik Đorđević.",
  });
  await listing({
    kind: "job",
    title: "Đorđević istekao oglas",
    expiresAt: new Date("2026-06-01T00:00:00Z"),
  });
  await listing({ kind: "job", title: "Đorđević istekao status", status: "expired" });
  await listing({ kind: "job", title: "Đorđević čeka odobrenje", status: "pending" });

  // Forum: an approved topic, a pending one, and an approved topic found only by a Cyrillic comment.
  const [topic] = await t.db
    .insert(forumTopics)
    .values({
      title: "Iskustva sa Đorđević prevozom?",
      content: "Ko je radio kod njih?",
      author: "Nikola",
      status: "approved",
    })
    .returning({ id: forumTopics.id });
  ids.topic = topic.id;
  await t.db
    .insert(forumTopics)
    .values({ title: "Đorđević čeka", content: "Na čekanju.", author: "Zoran", status: "pending" });
  const [quiet] = await t.db
    .insert(forumTopics)
    .values({ title: "Zimske gume", content: "Koje preporučujete?", author: "Ana", status: "approved" })
    .returning({ id: forumTopics.id });
  ids.quietTopic = quiet.id;
  await t.db.insert(forumComments).values([
    {
      topicId: quiet.id,
      content: "Ја возим са Ђорђевићем, гуме су одличне.",
      author: "Петар",
      status: "approved",
    },
    {
      topicId: quiet.id,
      content: "Skriveni komentar o Cascadia kamionu.",
      author: "Neko",
      status: "pending",
    },
  ]);
}

describeDb("public search", () => {
  it("djordjevic, dordevic and ђорђевић find the same rows of every kind", async () => {
    const counts = await Promise.all(
      ["djordjevic", "dordevic", "ђорђевић", "ĐORĐEVIĆ"].map((q) => countMatches(t.db, terms(q), NOW)),
    );
    for (const c of counts) expect(c).toEqual(counts[0]);
    // Articles: two titles, the body, the author and the Cyrillic body — not the draft.
    expect(counts[0].clanci).toEqual({ total: 5, capped: false });
    expect(counts[0].kompanije).toEqual({ total: 1, capped: false });
    expect(counts[0].poslovi).toEqual({ total: 1, capped: false });
    expect(counts[0].kupoprodaja).toEqual({ total: 1, capped: false });
    expect(counts[0].forum).toEqual({ total: 2, capped: false });
  });

  it("vozac, vozač and возач find the same articles, Latin and Cyrillic", async () => {
    const results = await Promise.all(
      ["vozac", "vozač", "возач"].map((q) => searchKind(t.db, "clanci", terms(q), { page: 1, now: NOW })),
    );
    for (const r of results) expect(r.hits.map((h) => h.id)).toEqual(results[0].hits.map((h) => h.id));
    expect(results[0].hits.map((h) => h.id)).toEqual([ids.body, ids.cyrillic]);
  });

  it("ranks title matches first, each group newest first", async () => {
    const page = await searchKind(t.db, "clanci", terms("dordevic"), { page: 1, now: NOW });
    expect(page.hits.map((h) => h.id)).toEqual([
      ids.titleNew,
      ids.titleOld,
      ids.body,
      ids.author,
      ids.cyrillic,
    ]);
  });

  it("never shows drafts, inactive companies, expired or pending listings, or pending forum posts", async () => {
    const all = await searchOverview(t.db, terms("dordevic"), { perKind: 20, now: NOW });
    const shown = all.groups.flatMap((g) => titles(g.hits));
    expect(shown.join(" | ")).not.toMatch(/nacrt|Skriveni|istekao|čeka/);
    const hidden = await countMatches(t.db, terms("Cascadia"), NOW);
    expect(hidden.forum.total).toBe(0); // only in a pending comment
    expect(hidden.kupoprodaja.total).toBe(1);
    const later = await countMatches(t.db, terms("dordevic"), new Date("2026-07-02T00:00:00Z"));
    expect(later.poslovi.total).toBe(0); // the live job's expiry has passed
  });

  it("groups the overview by kind with counts and marks the matched words", async () => {
    const all = await searchOverview(t.db, terms("dordevic"), { now: NOW });
    expect(all.groups.map((g) => g.kind)).toEqual(["clanci", "kompanije", "poslovi", "kupoprodaja", "forum"]);
    const [news] = all.groups;
    expect(news.hits).toHaveLength(3);
    expect(text(news.hits[0].title)).toBe("[Đorđević] otvara novu kompaniju");
    const company = all.groups[1].hits[0];
    expect(company.href).toBe(`/kompanije/${ids.company}`);
    expect(text(company.title)).toBe("[Đorđević] Transport Inc");
    const job = all.groups[2].hits[0];
    expect(job.href).toMatch(new RegExp(`^/poslovi/.+-${ids.job}$`));
    const sale = all.groups[3].hits[0];
    expect(text(sale.snippet)).toBe("Vlasnik [Đorđević].");
  });

  it("shows the body text around a match, and the author when the author matched", async () => {
    const page = await searchKind(t.db, "clanci", terms("dordevic"), { page: 1, now: NOW });
    const body = page.hits.find((h) => h.id === ids.body);
    expect(text(body?.snippet ?? [])).toBe("Prvi pasus. Kako kaže [Đorđević], pravila važe od jula.");
    const byAuthor = page.hits.find((h) => h.id === ids.author);
    expect(byAuthor?.facts.map(text)).toContain("Milan [Đorđević]");
    const cyrillic = page.hits.find((h) => h.id === ids.cyrillic);
    expect(text(cyrillic?.snippet ?? [])).toBe("[Ђорђевић] је возач године.");
  });

  it("finds a forum topic by an approved Cyrillic comment with a Latin query, showing the comment", async () => {
    const page = await searchKind(t.db, "forum", terms("djordjevicem"), { page: 1, now: NOW });
    expect(page.hits.map((h) => h.id)).toEqual([ids.quietTopic]);
    expect(text(page.hits[0].snippet)).toBe("Ја возим са [Ђорђевићем], гуме су одличне.");
    expect(text(page.hits[0].snippetAuthor ?? [])).toBe("Петар");
  });

  it("finds a company by a service typed in Cyrillic", async () => {
    const page = await searchKind(t.db, "kompanije", terms("regrutovanje"), { page: 1, now: NOW });
    expect(page.hits.map((h) => h.id)).toEqual([ids.companyByService]);
  });

  it("needs every term, in any order", async () => {
    expect((await countMatches(t.db, terms("dordevic plata"), NOW)).clanci.total).toBe(1);
    expect((await countMatches(t.db, terms("kompaniju dordevic"), NOW)).clanci.total).toBe(1);
    expect((await countMatches(t.db, terms("dordevic nepostojece"), NOW)).clanci.total).toBe(0);
  });

  it("takes % and _ literally", async () => {
    expect((await countMatches(t.db, terms("100%"), NOW)).clanci.total).toBe(1);
    expect((await countMatches(t.db, terms("1_0"), NOW)).clanci.total).toBe(0);
    expect((await countMatches(t.db, terms("p%t"), NOW)).clanci.total).toBe(0);
  });

  it("pages a kind and keeps the page within its results", async () => {
    const first = await searchKind(t.db, "clanci", terms("dordevic"), { page: 1, pageSize: 2, now: NOW });
    const second = await searchKind(t.db, "clanci", terms("dordevic"), { page: 2, pageSize: 2, now: NOW });
    const third = await searchKind(t.db, "clanci", terms("dordevic"), { page: 3, pageSize: 2, now: NOW });
    const past = await searchKind(t.db, "clanci", terms("dordevic"), { page: 40, pageSize: 2, now: NOW });
    expect(first.totalPages).toBe(3);
    expect([...first.hits, ...second.hits, ...third.hits].map((h) => h.id)).toEqual([
      ids.titleNew,
      ids.titleOld,
      ids.body,
      ids.author,
      ids.cyrillic,
    ]);
    expect(past.page).toBe(3);
    expect(past.hits.map((h) => h.id)).toEqual([ids.cyrillic]);
  });

  it("finds a US place by its English and Serbian names in both scripts, a state by its code", async () => {
    const illinois = await Promise.all(
      ["Illinois", "Илиноис", "Ilinois", "IL", "il", "Chicago", "Чикаго", "Čikago"].map((q) =>
        countMatches(t.db, terms(q), NOW),
      ),
    );
    for (const c of illinois) {
      expect(c.poslovi).toEqual(illinois[0].poslovi);
      expect(c.kupoprodaja).toEqual(illinois[0].kupoprodaja);
    }
    expect(illinois[0].poslovi.total).toBe(1);
    expect(illinois[0].kupoprodaja.total).toBe(1);
    for (const q of ["South Carolina", "Јужна Каролина", "SC", "Kolumbija"]) {
      expect((await countMatches(t.db, terms(q), NOW)).kompanije.total, q).toBe(1);
    }
    // The place is marked in the result, whichever spelling found it.
    const [job] = (await searchKind(t.db, "poslovi", terms("IL"), { page: 1, now: NOW })).hits;
    expect(job.facts.map(text)).toContain("Chicago, [Illinois]");
  });

  it("finds what a listing's card shows: its category and position labels, its state's code", async () => {
    expect((await countMatches(t.db, terms("kamion"), NOW)).kupoprodaja.total).toBe(1);
    expect((await countMatches(t.db, terms("камион"), NOW)).kupoprodaja.total).toBe(1);
    expect((await countMatches(t.db, terms("company driver"), NOW)).poslovi.total).toBe(1);
    expect((await countMatches(t.db, terms("Polovno Illinois"), NOW)).kupoprodaja.total).toBe(1);
  });

  it("matches another spelling of a place only at a word's start", async () => {
    const inside = await article({ title: "Nove mere kontroli saobraćaja", date: day(4) });
    const named = await article({ title: "Vozači u gradu Роли traže parking", date: day(5) });
    const raleigh = await searchKind(t.db, "clanci", terms("Raleigh"), { page: 1, now: NOW });
    expect(raleigh.hits.map((h) => h.id)).toEqual([named]);
    expect(raleigh.hits.map((h) => h.id)).not.toContain(inside);
    // A place, in any spelling, is a word of its own: Kansas is not in Arkansas.
    const arkansas = await article({ title: "Nova pravila u državi Arkansas", date: day(6) });
    const kansas = await article({ title: "Nova pravila u državi Канзас", date: day(7) });
    for (const q of ["Kansas", "Kanzas", "Канзас", "KS"]) {
      const found = await searchKind(t.db, "clanci", terms(q), { page: 1, now: NOW });
      expect(
        found.hits.map((h) => h.id),
        q,
      ).toEqual([kansas]);
    }
    expect(
      (await searchKind(t.db, "clanci", terms("Arkansas"), { page: 1, now: NOW })).hits.map((h) => h.id),
    ).toEqual([arkansas]);
  });

  it("narrows a kind by state, category and period, with the values its results can take", async () => {
    await listing({
      kind: "sale",
      title: "Filtertest Wabash prikolica",
      city: "Dallas",
      state: "Texas",
      saleCategory: "trailer",
    });
    await listing({ kind: "sale", title: "Filtertest Volvo", city: "Houston", state: "Texas" });
    await listing({ kind: "sale", title: "Filtertest Peterbilt", city: "Gary", state: "Indiana" });
    const all = await searchKind(t.db, "kupoprodaja", terms("filtertest"), { page: 1, now: NOW });
    expect(all.count.total).toBe(3);
    expect(all.facets.state).toEqual([
      { value: "Texas", count: 2 },
      { value: "Indiana", count: 1 },
    ]);
    expect(all.facets.category).toEqual([
      { value: "truck", count: 2 },
      { value: "trailer", count: 1 },
    ]);
    const texas = await searchKind(t.db, "kupoprodaja", terms("filtertest"), {
      page: 1,
      now: NOW,
      filters: { state: "Texas", category: null, period: null },
    });
    expect(titles(texas.hits).sort()).toEqual(["Filtertest Volvo", "Filtertest Wabash prikolica"]);
    expect(texas.count.total).toBe(2);
    expect(texas.counts.kupoprodaja.total).toBe(3); // the tabs count without the filters
    // The other facet counts within this one.
    expect(texas.facets.category).toEqual([
      { value: "trailer", count: 1 },
      { value: "truck", count: 1 },
    ]);
    const trucksInTexas = await searchKind(t.db, "kupoprodaja", terms("filtertest"), {
      page: 1,
      now: NOW,
      filters: { state: "Texas", category: "truck", period: null },
    });
    expect(titles(trucksInTexas.hits)).toEqual(["Filtertest Volvo"]);

    await article({ title: "Periodtest nedavno", date: day(14) });
    await article({ title: "Periodtest prošle godine", date: new Date("2025-09-01T12:00:00Z") });
    const period = (p: "nedelja" | "mesec" | "godina" | null) =>
      searchKind(t.db, "clanci", terms("periodtest"), {
        page: 1,
        now: NOW,
        filters: { state: null, category: null, period: p },
      });
    expect(titles((await period(null)).hits)).toHaveLength(2);
    expect(titles((await period("nedelja")).hits)).toEqual(["Periodtest nedavno"]);
    expect(titles((await period("godina")).hits)).toHaveLength(2);
  });

  it(`counts a common word up to ${SEARCH_COUNT_CAP.toLocaleString("sr")} and says there are more`, async () => {
    await t.db.insert(articles).values(
      Array.from({ length: SEARCH_COUNT_CAP + 5 }, (_, i) => ({
        title: `Masovni naslov ${i}`,
        content: "<p>Reč zajednickarec u svakom.</p>",
        category: "Vesti" as const,
        status: "publish" as const,
        publishedDate: new Date(Date.UTC(2025, 0, 1, 0, i)),
      })),
    );
    const counts = await countMatches(t.db, terms("zajednickarec"), NOW);
    expect(counts.clanci).toEqual({ total: SEARCH_COUNT_CAP, capped: true });
    const last = await searchKind(t.db, "clanci", terms("zajednickarec"), { page: 9999, now: NOW });
    expect(last.page).toBe(SEARCH_COUNT_CAP / 20);
    expect(last.hits).toHaveLength(20);
  });

  it("finds nothing without a failure for odd text", async () => {
    for (const q of ["\\", "%%%", "'; drop table articles; --", "ÿÿÿ", "😀😀😀", "a\\%b"]) {
      const parsed = parseSearchQuery(q);
      if (parsed.status !== "ok") continue;
      const all = await searchOverview(t.db, parsed.terms, { now: NOW });
      expect(all.groups).toEqual([]);
    }
  });
});
