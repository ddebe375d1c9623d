import { afterAll, beforeAll, expect, it } from "vitest";
import { SETTINGS_MESSAGES } from "~/messages/settings";
import { setServices } from "~/services.server";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { insertUser, requestAs } from "../../../tests/support/fixtures";
import { databaseFailureKind, getSettings, saveDefaultImages } from "./settings.server";

let t: TestDatabase;
const context = { requestId: "test", clientIp: "127.0.0.1" };
beforeAll(async () => {
  t = await createTestDatabase();
  setServices({ handle: t.handle });
});
afterAll(async () => {
  setServices(undefined);
  await t?.close();
});

type ActionData = {
  data: { ok: boolean; message: string; dbFailure?: string; values: Record<string, string> };
  init: { status?: number } | null;
};

describeDb("settings (default images)", () => {
  it("saves the two default images on row 1 and keeps the rest", async () => {
    const before = await getSettings(t.db);
    const saved = await saveDefaultImages(t.db, {
      defaultArticleImage: "/media/images/a.png",
      defaultCompanyImage: null,
    });
    expect(saved).toMatchObject({
      id: 1,
      defaultArticleImage: "/media/images/a.png",
      defaultCompanyImage: null,
    });
    expect(saved.siteDescription).toBe(before.siteDescription);
    expect(saved.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
  });

  it("the action answers the spec's messages, 400 with the values for a bad URL", async () => {
    const admin = await insertUser(t.db, { email: "a@x.com", role: "admin" });
    const mod = await import("~/routes/admin/settings");
    const ok = (await mod.action({
      request: await requestAs(t.db, admin, "/admin/settings", {
        form: { defaultArticleImage: "https://x.example/a.jpg", defaultCompanyImage: "/c.png" },
      }),
      params: {},
      context,
    } as never)) as unknown as ActionData;
    expect(ok.data).toMatchObject({ ok: true, message: SETTINGS_MESSAGES.saved });
    expect((await getSettings(t.db)).defaultCompanyImage).toBe("/c.png");

    const bad = (await mod.action({
      request: await requestAs(t.db, admin, "/admin/settings", {
        form: { defaultArticleImage: "javascript:alert(1)", defaultCompanyImage: "" },
      }),
      params: {},
      context,
    } as never)) as unknown as ActionData;
    expect(bad.init?.status).toBe(400);
    expect(bad.data.values.defaultArticleImage).toBe("javascript:alert(1)");
  });

  it("classifies database failures: unavailable vs error", () => {
    expect(
      databaseFailureKind(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })),
    ).toBe("unavailable");
    expect(databaseFailureKind(new Error("x", { cause: { code: "57P01" } }))).toBe("unavailable");
    expect(databaseFailureKind(new Error("PGlite is closed"))).toBe("unavailable");
    expect(databaseFailureKind(new Error("Cannot use a pool after calling end on the pool"))).toBe(
      "unavailable",
    );
    expect(databaseFailureKind(Object.assign(new Error("check violation"), { code: "23514" }))).toBe("error");
  });
});

describeDb("settings save with the database gone", () => {
  it("answers 503 'unavailable' with the values, so the browser keeps them locally", async () => {
    const other = await createTestDatabase();
    const admin = await insertUser(other.db, { email: "b@x.com", role: "admin" });
    const request = await requestAs(other.db, admin, "/admin/settings", {
      form: { defaultArticleImage: "/media/images/x.png", defaultCompanyImage: "" },
    });
    setServices({ handle: other.handle });
    await other.close();
    try {
      const mod = await import("~/routes/admin/settings");
      const result = (await mod.action({ request, params: {}, context } as never)) as unknown as ActionData;
      expect(result.init?.status).toBe(503);
      expect(result.data).toMatchObject({
        ok: false,
        message: SETTINGS_MESSAGES.saveFailed,
        dbFailure: "unavailable",
        values: { defaultArticleImage: "/media/images/x.png" },
      });
    } finally {
      setServices({ handle: t.handle });
    }
  });
});
