/** The public company pages through their route modules: directory, detail and the request form. */
import { count } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { companies, companySubmissions } from "~/db/schema";
import { setServices } from "~/services.server";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import * as directory from "./companies";
import * as detail from "./company";
import * as requestForm from "./company-request";

let t: TestDatabase;
let activeId = 0;
let inactiveId = 0;
beforeAll(async () => {
  t = await createTestDatabase();
  setServices({ handle: t.handle });
  const rows = await t.db
    .insert(companies)
    .values([
      { name: "Javna Kompanija", active: true, state: "Ohio", category: "Logistika" },
      { name: "Skrivena Kompanija", active: false, state: "Ohio", category: "Logistika" },
    ])
    .returning({ id: companies.id });
  [activeId, inactiveId] = rows.map((r) => r.id);
});
afterAll(async () => {
  setServices(undefined);
  await t?.close();
});

const context = (clientIp: string) => ({ requestId: "test", clientIp });
const args = (url: string, params: Record<string, string> = {}) =>
  ({ request: new Request(`http://localhost${url}`), params, context: context("127.0.0.1") }) as never;
const statusOf = async (fn: () => unknown) => {
  try {
    await fn();
    return 200;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? 500;
  }
};
const post = (form: Record<string, string>, ip: string) =>
  ({
    request: new Request("http://localhost/kompanije/nova", {
      method: "POST",
      body: new URLSearchParams(form),
    }),
    params: {},
    context: context(ip),
  }) as never;
const submissionCount = async () => (await t.db.select({ n: count() }).from(companySubmissions))[0].n;

describeDb("public company pages", () => {
  it("lists only active companies, filtered in SQL", async () => {
    const all = await directory.loader(args("/kompanije?drzava=Ohio"));
    expect(all.rows.map((r) => r.name)).toEqual(["Javna Kompanija"]);
    expect(all.total).toBe(1);
    const none = await directory.loader(args("/kompanije?q=skrivena"));
    expect(none.total).toBe(0);
    // An unknown filter value is ignored rather than failing.
    expect((await directory.loader(args("/kompanije?kategorija=Nepostojeca"))).total).toBe(1);
  });

  it("shows an active company and answers 404 for inactive, missing or non-numeric ids", async () => {
    const ok = await detail.loader(args(`/kompanije/${activeId}`, { id: String(activeId) }));
    expect(ok.company.name).toBe("Javna Kompanija");
    expect(await statusOf(() => detail.loader(args("/x", { id: String(inactiveId) })))).toBe(404);
    expect(await statusOf(() => detail.loader(args("/x", { id: "999999" })))).toBe(404);
    expect(await statusOf(() => detail.loader(args("/x", { id: "1abc" })))).toBe(404);
  });

  it("keeps what was typed on a validation error and creates a pending request when valid", async () => {
    const form = {
      name: "Novi Prevoz",
      email: "pogresno",
      services: "OTR, Reefer",
      state: "Texas",
      company_fax: "",
    };
    const bad = (await requestForm.action(post(form, "10.1.1.1"))) as unknown as {
      data: { values: { name: string; services: string }; fieldErrors: Record<string, string> };
      init: { status: number };
    };
    expect(bad.init.status).toBe(400);
    expect(bad.data.values).toMatchObject({ name: "Novi Prevoz", services: "OTR, Reefer" });
    expect(Object.keys(bad.data.fieldErrors)).toEqual(["email"]);
    expect(await submissionCount()).toBe(0);

    const good = await requestForm.action(post({ ...form, email: "info@novi.com" }, "10.1.1.1"));
    expect(good).toEqual({ sent: true });
    expect(await submissionCount()).toBe(1);
  });

  it("thanks a bot that fills the honeypot but stores nothing", async () => {
    const before = await submissionCount();
    const result = await requestForm.action(
      post({ name: "Spam", email: "spam@spam.com", company_fax: "http://spam.example" }, "10.1.1.2"),
    );
    expect(result).toEqual({ sent: true });
    expect(await submissionCount()).toBe(before);
  });
});
