import { count } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { bannerAnalytics, bannerPeriods, banners } from "~/db/schema";
import { setServices } from "~/services.server";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { loader } from "./banner-click";

let t: TestDatabase;
let id: number;
beforeAll(async () => {
  t = await createTestDatabase();
  setServices({ handle: t.handle });
  const [row] = await t.db
    .insert(banners)
    .values({
      title: "Vrh – levi",
      section: "home",
      position: "home-top",
      link: "https://klijent.example.com/a?b=1",
    })
    .returning();
  id = row.id;
  await t.db.insert(bannerPeriods).values({ bannerId: id, companyName: "Klijent" });
});
afterAll(async () => {
  setServices(undefined);
  await t?.close();
});

const UA =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15";
const call = (path: string, bannerId: string, headers: Record<string, string> = { "User-Agent": UA }) =>
  loader({
    request: new Request(`http://localhost${path}`, { headers }),
    params: { bannerId },
    context: { requestId: "t", clientIp: "192.0.2.1" },
  } as never) as Promise<Response>;

describeDb("GET /b/{bannerId}", () => {
  it("records the click and redirects to the stored link, never cached", async () => {
    const response = await call(`/b/${id}?to=https://evil.example`, String(id));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://klijent.example.com/a?b=1");
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    expect((await t.db.select({ n: count() }).from(bannerAnalytics))[0].n).toBe(1);
  });

  it("a bot is redirected but not counted", async () => {
    const response = await call(`/b/${id}`, String(id), { "User-Agent": "bingbot/2.0" });
    expect(response.status).toBe(302);
    expect((await t.db.select({ n: count() }).from(bannerAnalytics))[0].n).toBe(1);
  });

  it("unknown or malformed ids are 404", async () => {
    for (const bad of ["999999", "abc", "1e3", "-1", "99999999999"]) {
      const response = await call(`/b/${bad}`, bad);
      expect(response.status, bad).toBe(404);
    }
  });
});
