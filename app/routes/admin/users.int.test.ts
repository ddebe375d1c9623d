import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { adminUsers, userSessions } from "~/db/schema";
import { DEMO_ADMIN_EMAIL } from "~/domain/users/bootstrap.server";
import {
  createStaffUser,
  deleteStaffUser,
  toggleStaffUser,
  type UserErrorCode,
} from "~/domain/users/manage.server";
import { verifyPassword } from "~/domain/users/password.server";
import { createSession } from "~/domain/users/session.server";
import { listUsers } from "~/domain/users/users.server";
import { errorMessage, errorStatus } from "~/http/errors";
import { setServices } from "~/services.server";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { insertUser, requestAs } from "../../../tests/support/fixtures";
import { action } from "./users";

/**
 * The users screen's rules (spec §5, §6, §8) through its action: the domain's codes as the screen
 * answers them, with their status and the spec's words.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  setServices({ handle: t.handle });
});
afterAll(async () => {
  setServices(undefined);
  await t?.close();
});

type Answer = {
  ok: boolean;
  status: number;
  message: string;
  fieldErrors?: unknown;
  values?: Record<string, unknown>;
};

/** One POST to /admin/users as `user`; a thrown refusal (the 403 page) is answered the same way. */
async function post(user: { id: number }, form: Record<string, string>): Promise<Answer> {
  const request = await requestAs(t.db, user, "/admin/users", { form });
  const context = { requestId: "test", clientIp: "127.0.0.1" };
  let result: unknown;
  try {
    result = await action({ request, params: {}, context } as never);
  } catch (thrown) {
    result = thrown;
  }
  const { data, init } = result as { data: Record<string, unknown>; init: { status?: number } | null };
  return { ok: false, ...data, status: init?.status ?? 200 } as Answer;
}

const createUserAction = (_db: unknown, user: { id: number }, values: Record<string, string>) =>
  post(user, { intent: "create", ...values });
const toggleUserAction = (_db: unknown, user: { id: number }, userId: number) =>
  post(user, { intent: "toggle", userId: String(userId) });
const deleteUserAction = (_db: unknown, user: { id: number }, userId: number) =>
  post(user, { intent: "delete", userId: String(userId) });
beforeEach(async () => {
  await t.db.execute(sql`drop table if exists audit_refs`);
  await t.db.delete(adminUsers);
});

const form = {
  email: "Novi.Urednik@Example.com",
  password: "dovoljno-duga",
  firstName: "Novi",
  lastName: "Urednik",
  role: "editor",
};

describeDb("users screen rules", () => {
  it("creates a user with a lowercased e-mail and a bcrypt hash of cost 12", async () => {
    const admin = await insertUser(t.db, { email: "admin@x.com", role: "admin" });
    const result = await createUserAction(t.db, admin, form);
    expect(result).toMatchObject({ ok: true, message: "Korisnik je uspešno kreiran" });
    const created = (await t.db.select().from(adminUsers)).find(
      (u) => u.email === "novi.urednik@example.com",
    );
    expect(created).toMatchObject({ role: "editor", isActive: true, firstName: "Novi" });
    expect(created?.passwordHash.startsWith("$2")).toBe(true);
    expect(created?.passwordHash.slice(4, 6)).toBe("12");
    expect(await verifyPassword("dovoljno-duga", created?.passwordHash ?? "")).toBe(true);
  });

  it("refuses a duplicate e-mail whatever its case, keeping what was typed", async () => {
    const admin = await insertUser(t.db, { email: "admin@x.com", role: "admin" });
    await insertUser(t.db, { email: "novi.urednik@example.com" });
    const result = await createUserAction(t.db, admin, form);
    expect(result).toMatchObject({
      ok: false,
      message: "Korisnik sa ovom email adresom već postoji",
      fieldErrors: { email: "Korisnik sa ovom email adresom već postoji" },
      values: { email: form.email, firstName: "Novi", lastName: "Urednik", role: "editor" },
    });
    expect(result.values).not.toHaveProperty("password");
  });

  it("returns the spec's validation messages", async () => {
    const admin = await insertUser(t.db, { email: "admin@x.com", role: "admin" });
    expect(await createUserAction(t.db, admin, { ...form, firstName: "" })).toMatchObject({
      ok: false,
      status: 400,
      message: "Sva polja su obavezna",
    });
    expect(await createUserAction(t.db, admin, { ...form, password: "kratka" })).toMatchObject({
      ok: false,
      message: "Lozinka mora imati najmanje 8 karaktera",
    });
    expect(await listUsers(t.db)).toHaveLength(1);
  });

  it("lets only canEditUsers create, toggle and delete, with the spec's messages", async () => {
    const editor = await insertUser(t.db, { email: "urednik@x.com", role: "editor" });
    const other = await insertUser(t.db, { email: "drugi@x.com" });
    // The screen itself refuses an editor (403 page); the domain refuses again with its own code.
    expect(await createUserAction(t.db, editor, form)).toMatchObject({ ok: false, status: 403 });
    const say = (r: { ok: boolean; code?: UserErrorCode }) =>
      r.ok || !r.code ? r : { ok: false, status: errorStatus(r.code), message: errorMessage(r.code) };
    const input = {
      email: "x@y.com",
      password: "dovoljno-duga",
      firstName: "X",
      lastName: "Y",
      role: "editor" as const,
    };
    expect(say(await createStaffUser(t.db, editor, input))).toMatchObject({
      ok: false,
      status: 403,
      message: "Nemate dozvolu za kreiranje korisnika",
    });
    expect(say(await toggleStaffUser(t.db, editor, other.id))).toMatchObject({
      ok: false,
      message: "Nemate dozvolu za menjanje statusa korisnika",
    });
    expect(say(await deleteStaffUser(t.db, editor, other.id))).toMatchObject({
      ok: false,
      message: "Nemate dozvolu za brisanje korisnika",
    });
    expect(await listUsers(t.db)).toHaveLength(2);
  });

  it("toggles Aktivan/Neaktivan and signs the deactivated user out", async () => {
    const admin = await insertUser(t.db, { email: "admin@x.com", role: "admin" });
    const other = await insertUser(t.db, { email: "drugi@x.com" });
    await createSession(t.db, { userId: other.id, ipAddress: null, userAgent: null });
    expect(await toggleUserAction(t.db, admin, other.id)).toMatchObject({
      ok: true,
      message: "Korisnik je deaktiviran",
    });
    expect(await t.db.select().from(userSessions).where(eq(userSessions.userId, other.id))).toHaveLength(0);
    expect(await toggleUserAction(t.db, admin, other.id)).toMatchObject({
      ok: true,
      message: "Korisnik je aktiviran",
    });
  });

  it("never deactivates or deletes the protected administrator", async () => {
    const admin = await insertUser(t.db, { email: "admin@x.com", role: "admin" });
    const protectedAdmin = await insertUser(t.db, { email: DEMO_ADMIN_EMAIL, role: "admin" });
    expect(await toggleUserAction(t.db, admin, protectedAdmin.id)).toMatchObject({ ok: false, status: 403 });
    expect(await deleteUserAction(t.db, admin, protectedAdmin.id)).toMatchObject({ ok: false, status: 403 });
    expect((await listUsers(t.db)).find((u) => u.id === protectedAdmin.id)?.isActive).toBe(true);
  });

  it("does not let a user delete themselves", async () => {
    const admin = await insertUser(t.db, { email: "admin@x.com", role: "admin" });
    expect(await deleteUserAction(t.db, admin, admin.id)).toMatchObject({
      ok: false,
      message: "Ne možete obrisati sopstveni nalog.",
    });
    expect(await listUsers(t.db)).toHaveLength(1);
  });

  it("deletes a user and names them", async () => {
    const admin = await insertUser(t.db, { email: "admin@x.com", role: "admin" });
    const other = await insertUser(t.db, { email: "drugi@x.com", firstName: "Jovan", lastName: "Jović" });
    expect(await deleteUserAction(t.db, admin, other.id)).toMatchObject({
      ok: true,
      message: "Korisnik Jovan Jović je uspešno obrisan",
    });
    expect(await listUsers(t.db)).toHaveLength(1);
  });

  it("explains a delete refused by a foreign key (database code 23503)", async () => {
    const admin = await insertUser(t.db, { email: "admin@x.com", role: "admin" });
    const other = await insertUser(t.db, { email: "drugi@x.com" });
    await t.db.execute(sql`create table audit_refs (user_id integer not null references admin_users(id))`);
    await t.db.execute(sql`insert into audit_refs values (${other.id})`);
    expect(await deleteUserAction(t.db, admin, other.id)).toMatchObject({
      ok: false,
      message:
        "Ne može se obrisati korisnik jer postoje povezani zapisi u bazi podataka. Kontaktirajte administratora.",
    });
    expect(await listUsers(t.db)).toHaveLength(2);
  });
});
