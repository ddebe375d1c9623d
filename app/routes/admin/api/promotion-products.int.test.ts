import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLog, promotionProducts } from "~/db/schema";
import { setServices } from "~/services.server";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../../tests/support/db";
import { insertUser, requestAs } from "../../../../tests/support/fixtures";
import { action } from "./promotion-products";

/**
 * The promotion packages' endpoint (issue 25 item 4): one intent helper reads the post, so an intent
 * the screen never sends is refused and changes nothing, and the audit log holds the package as
 * parsed — never the form's raw strings.
 */
let t: TestDatabase;
let admin: { id: number };
beforeAll(async () => {
  t = await createTestDatabase();
  setServices({ handle: t.handle });
  admin = await insertUser(t.db, { email: "paketi-admin@example.com", role: "admin" });
});
afterAll(async () => {
  setServices(undefined);
  await t?.close();
});

async function post(form: Record<string, string>) {
  const request = await requestAs(t.db, admin, "/admin/api/promotion-products", { form });
  const context = { requestId: "test", clientIp: "127.0.0.1" };
  const result = await action({ request, params: {}, context } as never);
  const { data, init } = result as unknown as {
    data: Record<string, unknown>;
    init: { status?: number } | null;
  };
  return { ...data, status: init?.status ?? 200 };
}

const ordersAudit = () => t.db.select().from(auditLog).where(eq(auditLog.area, "orders"));

describeDb("promotion packages' endpoint", () => {
  it("refuses an intent the screen never sends, changing nothing and auditing nothing", async () => {
    const before = await t.db.select().from(promotionProducts);
    for (const intent of ["delete", "Update", ""]) {
      const answer = await post({ intent, id: "featured-job-7", name: "Tuđe", price: "1", days: "7" });
      expect(answer, intent).toMatchObject({ ok: false, status: 400, message: "Nepoznata akcija." });
    }
    expect(await t.db.select().from(promotionProducts)).toEqual(before);
    expect(await ordersAudit()).toEqual([]);
  });

  it("audits a save with the parsed values: price in cents, days a number, the name trimmed", async () => {
    const answer = await post({
      intent: "update",
      id: "featured-job-7",
      name: "  Istaknut posao nedelja  ",
      price: "31,50",
      days: " 07 ",
      active: "on",
    });
    expect(answer).toMatchObject({ ok: true, status: 200, message: "Paket je sačuvan." });
    const [entry] = await ordersAudit();
    expect(entry).toMatchObject({ action: "update", recordId: "featured-job-7" });
    expect(entry.changes).toEqual({
      name: [null, "Istaknut posao nedelja"],
      price: [null, 3150],
      days: [null, 7],
      active: [null, true],
    });
  });
});
