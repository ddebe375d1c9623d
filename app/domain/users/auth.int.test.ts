import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { adminUsers, loginAttempts, userSessions } from "~/db/schema";
import { errorMessage, errorStatus } from "~/http/errors";
import { LOGIN_MESSAGES, loginRateLimitMessage } from "~/messages/users";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { insertUser, TEST_PASSWORD } from "../../../tests/support/fixtures";
import { type LoginResult, login } from "./auth.server";
import { bootstrapAdmin, DEMO_ADMIN_EMAIL } from "./bootstrap.server";
import { verifyPassword } from "./password.server";
import {
  LOGIN_ADDRESS_CEILING,
  LOGIN_MAX_FAILURES,
  LOGIN_UNKNOWN_DEVICE_FREE,
  loginUnknownDeviceKey,
} from "./rate-limit.server";
import { cleanExpiredSessions, deleteSession, findSessionUser, hashToken } from "./session.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.db.delete(loginAttempts);
  await t.db.delete(userSessions);
  await t.db.delete(adminUsers);
});

const attempt = async (
  email: string,
  password: string,
  ipAddress: string | null = "10.0.0.1",
  deviceToken: string | null = null,
) => answer(await login(t.db, { email, password, ipAddress, userAgent: "vitest", deviceToken }));

/** A sign-in's outcome as the login page answers it: the code's message and status (app/http/errors.ts). */
function answer(result: LoginResult) {
  if (result.ok) return { ok: true as const, ...result.value };
  const { code, detail } = result;
  return { ok: false as const, code, error: errorMessage(code, detail), status: errorStatus(code) };
}

/** Signs in once, as staff do from their own browser, and returns that browser's device token. */
async function knownDevice(email: string): Promise<string> {
  const result = await attempt(email, TEST_PASSWORD, "10.1.0.1");
  if (!result.ok) throw new Error(`sign-in failed: ${result.error}`);
  return result.deviceToken;
}

describeDb("staff sign-in", () => {
  it("signs in with the e-mail in any case, stores only the token's hash and updates last_login", async () => {
    const user = await insertUser(t.db, { email: "ana@balkanvozaci.com" });
    const result = await attempt("  ANA@BalkanVozaci.com ", TEST_PASSWORD);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.user).toMatchObject({ id: user.id, email: "ana@balkanvozaci.com", role: "editor" });
    const sessions = await t.db.select().from(userSessions);
    expect(sessions).toHaveLength(1);
    expect(sessions[0].sessionToken).toBe(hashToken(result.token));
    expect(sessions[0].sessionToken).not.toContain(result.token);
    const hours = (sessions[0].expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const [row] = await t.db.select().from(adminUsers).where(eq(adminUsers.id, user.id));
    expect(row.lastLogin).not.toBeNull();
    expect(await findSessionUser(t.db, result.token)).toMatchObject({ id: user.id });
  });

  it("refuses a wrong password and an unknown e-mail with the same message", async () => {
    await insertUser(t.db, { email: "ana@balkanvozaci.com" });
    expect(await attempt("ana@balkanvozaci.com", "pogresna")).toEqual({
      ok: false,
      code: "login.invalid",
      error: LOGIN_MESSAGES.invalid,
      status: 401,
    });
    expect(await attempt("niko@balkanvozaci.com", TEST_PASSWORD)).toEqual({
      ok: false,
      code: "login.invalid",
      error: "Invalid email or password",
      status: 401,
    });
    expect(await t.db.select().from(userSessions)).toHaveLength(0);
  });

  it("refuses an inactive user", async () => {
    await insertUser(t.db, { email: "neaktivan@balkanvozaci.com", isActive: false });
    const result = await attempt("neaktivan@balkanvozaci.com", TEST_PASSWORD);
    expect(result).toMatchObject({ ok: false, error: "Invalid email or password" });
  });

  it("limits one e-mail from one address to 5 attempts per 15 minutes, even with the right password", async () => {
    await insertUser(t.db, { email: "ana@balkanvozaci.com" });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await attempt("ana@balkanvozaci.com", "pogresna", "10.0.1.1")).ok).toBe(false);
    }
    const blocked = await attempt("ana@balkanvozaci.com", TEST_PASSWORD, "10.0.1.1");
    expect(blocked).toEqual({
      ok: false,
      code: "login.rate_limited",
      error: loginRateLimitMessage(15 * 60),
      status: 429,
    });
    // The window is counted in the database: once the attempts are older than 15 minutes, sign-in works.
    await t.db.update(loginAttempts).set({ attemptedAt: sql`now() - interval '16 minutes'` });
    expect((await attempt("ana@balkanvozaci.com", TEST_PASSWORD, "10.0.1.1")).ok).toBe(true);
  });

  it("does not let one person's failures lock out a colleague behind the same address", async () => {
    await insertUser(t.db, { email: "ana@balkanvozaci.com" });
    for (let i = 0; i < LOGIN_MAX_FAILURES + 1; i++) await attempt("marko@balkanvozaci.com", "x", "10.9.9.9");
    expect(await attempt("marko@balkanvozaci.com", "x", "10.9.9.9")).toMatchObject({ status: 429 });
    expect((await attempt("ana@balkanvozaci.com", TEST_PASSWORD, "10.9.9.9")).ok).toBe(true);
  });

  it("has a looser ceiling per address across e-mails", async () => {
    await insertUser(t.db, { email: "ana@balkanvozaci.com" });
    // As if LOGIN_ADDRESS_CEILING sign-ins with other e-mails had come from this address.
    await t.db
      .insert(loginAttempts)
      .values(Array.from({ length: LOGIN_ADDRESS_CEILING }, () => ({ key: "login:ip:10.8.8.8" })));
    expect(await attempt("ana@balkanvozaci.com", TEST_PASSWORD, "10.8.8.8")).toMatchObject({
      ok: false,
      status: 429,
    });
    expect((await attempt("ana@balkanvozaci.com", TEST_PASSWORD, "10.8.8.9")).ok).toBe(true);
  });

  it("does not count successful sign-ins toward any ceiling", async () => {
    await insertUser(t.db, { email: "ana@balkanvozaci.com" });
    for (let i = 0; i < LOGIN_ADDRESS_CEILING + 2; i++) {
      await t.db.insert(loginAttempts).values({ key: "unrelated" }); // keep the table busy
    }
    for (let i = 0; i < 6; i++)
      expect((await attempt("ana@balkanvozaci.com", TEST_PASSWORD, "10.6.6.6")).ok).toBe(true);
    const left = await t.db.select().from(loginAttempts).where(sql`${loginAttempts.key} like 'login:%'`);
    expect(left).toHaveLength(0);
  });

  it("checks exactly 5 of 40 parallel wrong passwords and refuses the rest", async () => {
    await insertUser(t.db, { email: "ana@balkanvozaci.com" });
    const results = await Promise.all(
      Array.from({ length: 40 }, () => attempt("ana@balkanvozaci.com", "pogresna", "10.7.7.7")),
    );
    expect(results.filter((r) => !r.ok && r.status === 401)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(results.filter((r) => !r.ok && r.status === 429)).toHaveLength(40 - LOGIN_MAX_FAILURES);
  });

  it("does not let a stranger spraying wrong passwords from 50 addresses lock staff out of their own browser", async () => {
    await insertUser(t.db, { email: "ana@balkanvozaci.com" });
    const device = await knownDevice("ana@balkanvozaci.com");
    const spray = [];
    for (let i = 0; i < 50; i++)
      spray.push(await attempt("ana@balkanvozaci.com", "pogresna", `10.50.${i}.1`));
    // Five guesses are checked; after them every unknown browser waits 1 s, 2 s, 4 s … between
    // tries, so a spray that takes a few seconds gets at most a few more (how many depends on how
    // fast this machine runs it: 2^k seconds pass before the k-th extra one).
    const checked = spray.filter((r) => !r.ok && r.status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(LOGIN_UNKNOWN_DEVICE_FREE);
    expect(checked).toBeLessThanOrEqual(LOGIN_UNKNOWN_DEVICE_FREE + 4);
    const refused = spray.filter((r) => !r.ok && r.status === 429);
    expect(refused).toHaveLength(50 - checked);
    for (const r of refused) {
      expect(r).toMatchObject({
        error: expect.stringMatching(
          /^Previše neuspešnih pokušaja prijave\. Pokušajte ponovo za \d+ sekund[uei]?\.$/,
        ),
      });
    }

    // Ana, from the browser she used before, signs in from wherever she is.
    const back = await attempt("ana@balkanvozaci.com", TEST_PASSWORD, "10.2.0.2", device);
    expect(back.ok).toBe(true);
    // A browser the account never used is slowed down, not locked out: after the pause it may try.
    // (The spray's last guess is made to have just happened, whatever this machine's speed.)
    await t.db
      .update(loginAttempts)
      .set({ attemptedAt: sql`now()` })
      .where(eq(loginAttempts.key, loginUnknownDeviceKey("ana@balkanvozaci.com")));
    const newBrowser = await attempt("ana@balkanvozaci.com", TEST_PASSWORD, "10.3.0.3");
    expect(newBrowser).toMatchObject({ ok: false, status: 429 });
    await t.db
      .update(loginAttempts)
      .set({ attemptedAt: sql`${loginAttempts.attemptedAt} - interval '60 seconds'` })
      .where(eq(loginAttempts.key, loginUnknownDeviceKey("ana@balkanvozaci.com")));
    expect((await attempt("ana@balkanvozaci.com", TEST_PASSWORD, "10.3.0.3")).ok).toBe(true);
  });

  it("takes a device cookie only for the e-mail it was issued to, with our signature", async () => {
    await insertUser(t.db, { email: "ana@balkanvozaci.com" });
    await insertUser(t.db, { email: "marko@balkanvozaci.com" });
    const anas = await knownDevice("ana@balkanvozaci.com");
    for (let i = 0; i < LOGIN_UNKNOWN_DEVICE_FREE; i++)
      await attempt("marko@balkanvozaci.com", "x", `10.60.${i}.1`);
    const [encoded, nonce] = anas.split(".");
    for (const token of [anas, `${encoded}.${nonce}.${"A".repeat(43)}`, "smece", `${anas}x`]) {
      // As if Marko's last failure had just happened: an unknown device must wait.
      await t.db
        .update(loginAttempts)
        .set({ attemptedAt: sql`now()` })
        .where(eq(loginAttempts.key, loginUnknownDeviceKey("marko@balkanvozaci.com")));
      expect(await attempt("marko@balkanvozaci.com", TEST_PASSWORD, "10.61.0.1", token)).toMatchObject({
        ok: false,
        status: 429,
      });
    }
  });

  it("limits one known device to 5 attempts per 15 minutes from any address (a stolen cookie)", async () => {
    await insertUser(t.db, { email: "ana@balkanvozaci.com" });
    const device = await knownDevice("ana@balkanvozaci.com");
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect(await attempt("ana@balkanvozaci.com", "pogresna", `10.70.${i}.1`, device)).toMatchObject({
        status: 401,
      });
    }
    expect(await attempt("ana@balkanvozaci.com", TEST_PASSWORD, "10.70.9.1", device)).toEqual({
      ok: false,
      code: "login.rate_limited",
      error: loginRateLimitMessage(15 * 60),
      status: 429,
    });
  });

  it("does not accept an expired session, and the cleanup removes it", async () => {
    await insertUser(t.db, { email: "ana@balkanvozaci.com" });
    const result = await attempt("ana@balkanvozaci.com", TEST_PASSWORD);
    if (!result.ok) throw new Error("sign-in failed");
    await t.db.update(userSessions).set({ expiresAt: sql`now() - interval '1 second'` });
    expect(await findSessionUser(t.db, result.token)).toBeNull();
    expect(await cleanExpiredSessions(t.db)).toBe(1);
    expect(await t.db.select().from(userSessions)).toHaveLength(0);
  });

  it("ends a session when the user is deactivated", async () => {
    const user = await insertUser(t.db, { email: "ana@balkanvozaci.com" });
    const result = await attempt("ana@balkanvozaci.com", TEST_PASSWORD);
    if (!result.ok) throw new Error("sign-in failed");
    await t.db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, user.id));
    expect(await findSessionUser(t.db, result.token)).toBeNull();
  });

  it("logout deletes the session row", async () => {
    await insertUser(t.db, { email: "ana@balkanvozaci.com" });
    const result = await attempt("ana@balkanvozaci.com", TEST_PASSWORD);
    if (!result.ok) throw new Error("sign-in failed");
    await deleteSession(t.db, result.token);
    expect(await t.db.select().from(userSessions)).toHaveLength(0);
    expect(await findSessionUser(t.db, result.token)).toBeNull();
  });
});

describeDb("admin bootstrap", () => {
  it("creates the configured admin, then updates its password and reactivates it", async () => {
    const first = await bootstrapAdmin(t.db, {
      email: "Sef@Example.com",
      password: "prva-lozinka",
      allowDemo: true,
    });
    expect(first).toEqual({ kind: "configured", email: "sef@example.com", created: true });
    await t.db.update(adminUsers).set({ isActive: false, role: "editor" });
    const second = await bootstrapAdmin(t.db, {
      email: "sef@example.com",
      password: "druga-lozinka",
      allowDemo: true,
    });
    expect(second).toEqual({ kind: "configured", email: "sef@example.com", created: false });
    const [row] = await t.db.select().from(adminUsers);
    expect(row).toMatchObject({ isActive: true, role: "admin" });
    expect(await verifyPassword("druga-lozinka", row.passwordHash)).toBe(true);
  });

  it("makes a demo admin only on an empty staff table", async () => {
    const demo = await bootstrapAdmin(t.db, { allowDemo: true });
    expect(demo).toMatchObject({ kind: "demo", email: DEMO_ADMIN_EMAIL });
    if (demo.kind !== "demo") return;
    expect(demo.password.length).toBeGreaterThanOrEqual(12);
    expect((await attempt(DEMO_ADMIN_EMAIL, demo.password)).ok).toBe(true);
    expect(await bootstrapAdmin(t.db, { allowDemo: true })).toEqual({ kind: "none" });
  });
});
