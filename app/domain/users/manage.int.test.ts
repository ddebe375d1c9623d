import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import { adminUsers } from "~/db/schema";
import { errorMessage } from "~/http/errors";
import { logger } from "~/lib/logger.server";
import { runWithRequestContext } from "~/lib/request-context.server";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { insertUser } from "../../../tests/support/fixtures";
import { createStaffUser, deleteStaffUser } from "./manage.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());
afterEach(async () => {
  await t.db.execute(sql`drop trigger if exists refuse_users on admin_users`);
  vi.restoreAllMocks();
});

/** The database refuses every write of `op` on admin_users with `message` (a plain P0001 error). */
async function refuse(op: "insert" | "delete", message: string) {
  await t.db.execute(
    sql.raw(`create or replace function refuse_users() returns trigger language plpgsql as $$
      begin raise exception '${message}'; end $$`),
  );
  await t.db.execute(
    sql.raw(
      `create trigger refuse_users before ${op} on admin_users for each row execute function refuse_users()`,
    ),
  );
}

/** The JSON lines the logger writes while `fn` runs (the test logger is silent otherwise). */
async function logLines<T>(fn: () => Promise<T>): Promise<{ result: T; lines: Record<string, unknown>[] }> {
  const stream = (logger as unknown as Record<symbol, { write(line: string): void }>)[pino.symbols.streamSym];
  const lines: Record<string, unknown>[] = [];
  const write = vi.spyOn(stream, "write").mockImplementation((line: string) => {
    lines.push(JSON.parse(line));
  });
  const level = logger.level;
  logger.level = "error";
  try {
    return { result: await fn(), lines };
  } finally {
    logger.level = level;
    write.mockRestore();
  }
}

describeDb("users manage: database errors (spec §8)", () => {
  it("a refused delete is logged with the request id and answered 'Greška baze podataka: {message}'", async () => {
    const admin = await insertUser(t.db, { email: "admin-del@example.com", role: "admin" });
    const target = await insertUser(t.db, { email: "target-del@example.com" });
    await refuse("delete", "brisanje zabranjeno");

    const { result, lines } = await logLines(() =>
      runWithRequestContext({ requestId: "req-delete-1" }, () => deleteStaffUser(t.db, admin, target.id)),
    );

    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe("user.delete_db_error");
    expect(errorMessage(result.code, result.detail)).toBe("Greška baze podataka: brisanje zabranjeno");
    expect(result.detail).not.toMatch(/\n|at .*\(/);
    const line = lines.find((l) => l.msg === "user could not be deleted");
    expect(line).toMatchObject({ requestId: "req-delete-1", sqlstate: "P0001", userId: target.id });
  });

  it("a refused create is logged with the request id and answered with the create failure code", async () => {
    const admin = await insertUser(t.db, { email: "admin-new@example.com", role: "admin" });
    await refuse("insert", "upis zabranjen");

    const { result, lines } = await logLines(() =>
      runWithRequestContext({ requestId: "req-create-1" }, () =>
        createStaffUser(t.db, admin, {
          email: "novi@example.com",
          password: "lozinka-123",
          firstName: "Novi",
          lastName: "Korisnik",
          role: "editor",
        }),
      ),
    );

    expect(result).toMatchObject({ ok: false, code: "user.create_failed" });
    expect(errorMessage("user.create_failed")).toBe("Greška pri kreiranju korisnika");
    const line = lines.find((l) => l.msg === "user could not be created");
    expect(line).toMatchObject({ requestId: "req-create-1", sqlstate: "P0001" });
    const stored = await t.db.select().from(adminUsers).where(eq(adminUsers.email, "novi@example.com"));
    expect(stored).toEqual([]);
  });
});
