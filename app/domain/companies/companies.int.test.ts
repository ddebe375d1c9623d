import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { companies, companySubmissions, loginAttempts } from "~/db/schema";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { submitCompanyRequest as submit } from "../../routes/public/company-request.server";
import {
  createCompany,
  deleteCompany,
  getCompany,
  listCompanies,
  toggleCompanyActive,
} from "./queries.server";
import {
  approveSubmission,
  countSubmissionsByStatus,
  createSubmission,
  deleteSubmission,
  getSubmission,
  listSubmissions,
  rejectSubmission,
  updatePendingSubmission,
} from "./submissions.server";
import type { CompanyData, CompanyInput } from "./validation";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.delete(companies);
  await t.db.delete(companySubmissions);
  await t.db.delete(loginAttempts);
});

const base: CompanyData = {
  name: "Orao Transport",
  description: null,
  location: "Chicago",
  state: "Illinois",
  phone: "+1 312 555 0100",
  email: "info@orao.com",
  website: null,
  logo: null,
  category: "Transportne Kompanije",
  services: ["OTR ture"],
  yearEstablished: 2010,
  fleetSize: "12",
  specialties: ["Reefer"],
};
const companyCount = async () => (await t.db.select({ n: count() }).from(companies))[0].n;

describeDb("companies queries", () => {
  it("filters by diacritic-insensitive name, category, state and active, paged with a total", async () => {
    await createCompany(t.db, { ...base, name: "Šumadija Trucking", active: true });
    await createCompany(t.db, { ...base, name: "Đurđevak Logistics", category: "Logistika", active: true });
    await createCompany(t.db, { ...base, name: "Sumadija Freight", state: "Texas", active: false });
    await createCompany(t.db, { ...base, name: "100%_Real", active: true });

    const all = await listCompanies(t.db, { page: 1, pageSize: 2 });
    expect(all.total).toBe(4);
    expect(all.rows).toHaveLength(2);
    expect((await listCompanies(t.db, { search: "sumadija", page: 1, pageSize: 20 })).total).toBe(2);
    expect((await listCompanies(t.db, { search: "ĐURĐ", page: 1, pageSize: 20 })).total).toBe(1);
    // "dj" is how "đ" is written without diacritics (decision 066): "djurdj" finds "Đurđevak".
    expect((await listCompanies(t.db, { search: "djurdj", page: 1, pageSize: 20 })).total).toBe(1);
    expect((await listCompanies(t.db, { search: "%", page: 1, pageSize: 20 })).total).toBe(1);
    expect((await listCompanies(t.db, { search: "0%_R", page: 1, pageSize: 20 })).total).toBe(1);
    expect((await listCompanies(t.db, { category: "Logistika", page: 1, pageSize: 20 })).total).toBe(1);
    expect((await listCompanies(t.db, { state: "Texas", page: 1, pageSize: 20 })).total).toBe(1);
    const directory = await listCompanies(t.db, {
      search: "sumadija",
      activeOnly: true,
      page: 1,
      pageSize: 20,
    });
    expect(directory.rows.map((r) => r.name)).toEqual(["Šumadija Trucking"]);
  });

  it("toggles, hides inactive companies from the directory and deletes", async () => {
    const id = await createCompany(t.db, { ...base, active: true });
    expect(await toggleCompanyActive(t.db, id)).toBe(false);
    expect(await getCompany(t.db, id, { activeOnly: true })).toBeNull();
    expect(await toggleCompanyActive(t.db, id)).toBe(true);
    expect((await getCompany(t.db, id, { activeOnly: true }))?.name).toBe("Orao Transport");
    expect(await deleteCompany(t.db, id)).toBe(true);
    expect(await deleteCompany(t.db, id)).toBe(false);
    expect(await toggleCompanyActive(t.db, id)).toBeNull();
  });
});

describeDb("company requests", () => {
  it("counts by status and lists a tab newest first", async () => {
    const a = await createSubmission(t.db, { ...base, name: "A" });
    const b = await createSubmission(t.db, { ...base, name: "B" });
    await rejectSubmission(t.db, a, { reviewer: "admin@x.com", notes: "Duplikat" });
    expect(await countSubmissionsByStatus(t.db)).toEqual({ all: 2, pending: 1, approved: 0, rejected: 1 });
    const pending = await listSubmissions(t.db, { status: "pending", page: 1, pageSize: 20 });
    expect(pending.map((s) => s.id)).toEqual([b]);
    expect((await listSubmissions(t.db, { page: 1, pageSize: 20 })).map((s) => s.id)).toEqual([b, a]);
  });

  it("approves: one active company from the request, and reviewed_at, reviewed_by and admin_notes set", async () => {
    const id = await createSubmission(t.db, base);
    const now = new Date("2026-11-01T10:00:00Z");
    const result = await approveSubmission(t.db, id, { reviewer: "admin@x.com", notes: "Provereno", now });
    expect(result.ok).toBe(true);
    const company = await getCompany(t.db, result.ok ? (result.companyId ?? 0) : 0);
    expect(company).toMatchObject({
      name: "Orao Transport",
      active: true,
      services: ["OTR ture"],
      fleetSize: "12",
    });
    const request = await getSubmission(t.db, id);
    expect(request).toMatchObject({ status: "approved", reviewedBy: "admin@x.com", adminNotes: "Provereno" });
    expect(request?.reviewedAt?.toISOString()).toBe(now.toISOString());
  });

  it("rolls the whole approval back when a step after the company insert fails", async () => {
    const id = await createSubmission(t.db, base);
    const before = await getSubmission(t.db, id);
    let insertedId = 0;
    await expect(
      approveSubmission(
        t.db,
        id,
        { reviewer: "admin@x.com", notes: "x" },
        {
          afterCompanyInsert: async (tx, companyId) => {
            insertedId = companyId;
            // The company is visible inside the transaction …
            expect((await tx.select({ n: count() }).from(companies))[0].n).toBe(1);
            throw new Error("forced failure");
          },
        },
      ),
    ).rejects.toThrow("forced failure");
    expect(insertedId).toBeGreaterThan(0);
    // … and gone after it, with the request untouched.
    expect(await companyCount()).toBe(0);
    expect(await getSubmission(t.db, id)).toEqual(before);
  });

  it("rolls back when the request stops being pending between the insert and the update", async () => {
    const id = await createSubmission(t.db, base);
    const result = await approveSubmission(
      t.db,
      id,
      { reviewer: "admin@x.com", notes: null },
      {
        afterCompanyInsert: async (tx) => {
          await tx
            .update(companySubmissions)
            .set({ status: "rejected" })
            .where(eq(companySubmissions.id, id));
        },
      },
    );
    expect(result).toEqual({ ok: false, code: "submission.not_pending" });
    expect(await companyCount()).toBe(0);
    expect((await getSubmission(t.db, id))?.status).toBe("pending");
  });

  it("edits and decides only pending requests", async () => {
    const id = await createSubmission(t.db, base);
    expect(await updatePendingSubmission(t.db, id, { ...base, name: "Novo ime" })).toEqual({ ok: true });
    expect((await getSubmission(t.db, id))?.name).toBe("Novo ime");
    expect((await rejectSubmission(t.db, id, { reviewer: "a@x.com", notes: "Nepotpuno" })).ok).toBe(true);

    expect(await updatePendingSubmission(t.db, id, { ...base, name: "Opet" })).toEqual({
      ok: false,
      code: "submission.not_pending",
    });
    expect(await approveSubmission(t.db, id, { reviewer: "a@x.com", notes: null })).toEqual({
      ok: false,
      code: "submission.not_pending",
    });
    expect(await rejectSubmission(t.db, id, { reviewer: "a@x.com", notes: "x" })).toEqual({
      ok: false,
      code: "submission.not_pending",
    });
    expect(await companyCount()).toBe(0);
    const after = await getSubmission(t.db, id);
    expect(after).toMatchObject({ name: "Novo ime", status: "rejected", adminNotes: "Nepotpuno" });
    expect(await approveSubmission(t.db, 999999, { reviewer: "a@x.com", notes: null })).toEqual({
      ok: false,
      code: "submission.not_found",
    });
    expect(await deleteSubmission(t.db, id)).toBe(true);
    expect(await deleteSubmission(t.db, id)).toBe(false);
  });
});

describeDb("public company request", () => {
  const fields: CompanyInput & { honeypotFilled: boolean } = {
    name: "Vuk Express",
    description: "",
    location: "",
    state: "Ohio",
    phone: "",
    email: "vuk@express.com",
    website: "",
    logo: "",
    category: "Logistika",
    services: "OTR, Lokalni prevoz",
    yearEstablished: "2015",
    fleetSize: "3",
    specialties: "",
    honeypotFilled: false,
  };
  const pendingCount = async () => (await countSubmissionsByStatus(t.db)).pending;
  /** The form as the browser posts it (the honeypot filled in when asked). */
  const formOf = ({ honeypotFilled, ...values }: typeof fields) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) form.set(key, value as string);
    if (honeypotFilled) form.set(HONEYPOT_FIELD, "x");
    return form;
  };
  const input = fields;
  const submitCompanyRequest = (_db: unknown, values: typeof fields, ip: string, now?: Date) =>
    submit(t.db, formOf(values), ip, now);

  it("creates a pending request, then refuses the sixth within 15 minutes from one address", async () => {
    const now = new Date("2026-11-01T10:00:00Z");
    for (let i = 0; i < 5; i++) {
      expect(await submitCompanyRequest(t.db, input, "10.0.0.1", now)).toEqual({ ok: true, status: 200 });
    }
    expect(await pendingCount()).toBe(5);
    const sixth = await submitCompanyRequest(t.db, input, "10.0.0.1", now);
    expect(sixth).toMatchObject({ ok: false, status: 429 });
    expect(await pendingCount()).toBe(5);
    // Another address, and the same one after the window, may send again.
    expect((await submitCompanyRequest(t.db, input, "10.0.0.2", now)).ok).toBe(true);
    const later = new Date(now.getTime() + 15 * 60 * 1000 + 1000);
    expect((await submitCompanyRequest(t.db, input, "10.0.0.1", later)).ok).toBe(true);
    const [stored] = await listSubmissions(t.db, { status: "pending", page: 1, pageSize: 1 });
    expect(stored).toMatchObject({ services: ["OTR", "Lokalni prevoz"], fleetSize: "3", status: "pending" });
  });

  it("lets exactly 5 of 50 parallel posts from one address through", async () => {
    const now = new Date("2026-11-02T10:00:00Z");
    const before = await pendingCount();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => submitCompanyRequest(t.db, input, "10.9.9.9", now)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.filter((r) => !r.ok && r.status === 429)).toHaveLength(45);
    expect((await pendingCount()) - before).toBe(5);
  });

  it("answers a filled honeypot like a success but creates nothing", async () => {
    expect(await submitCompanyRequest(t.db, { ...input, honeypotFilled: true }, "10.0.0.3")).toEqual({
      ok: true,
      status: 200,
    });
    expect(await pendingCount()).toBe(0);
  });

  it("returns field errors with status 400 and creates nothing", async () => {
    const result = await submitCompanyRequest(t.db, { ...input, name: " ", email: "x" }, "10.0.0.4");
    expect(result).toMatchObject({ ok: false, status: 400 });
    if (!result.ok) expect(Object.keys(result.fieldErrors).sort()).toEqual(["email", "name"]);
    expect(await pendingCount()).toBe(0);
  });
});
