import type { Database } from "~/db/client.server";
import { adminUsers } from "~/db/schema";
import type { Role } from "~/domain/users/permissions";
import { createSession, type SessionUser } from "~/domain/users/session.server";
import type { Flash } from "~/http/flash";
import { FLASH_COOKIE, readFlash } from "~/http/flash.server";

// One bcrypt hash (cost 12) of "lozinka-123", made once: hashing per test would cost ~200 ms each.
export const TEST_PASSWORD = "lozinka-123";
export const TEST_PASSWORD_HASH = "$2y$12$k7AcqtnKHQmzsfIXBUdWgO4VvJ.QqQSKqY.MaEw0VeKLoO7pv1YQm";

export async function insertUser(
  db: Database,
  input: {
    email: string;
    role?: Role;
    isActive?: boolean;
    firstName?: string;
    lastName?: string;
    passwordHash?: string;
  },
): Promise<SessionUser & { isActive: boolean }> {
  const [row] = await db
    .insert(adminUsers)
    .values({
      email: input.email,
      role: input.role ?? "editor",
      isActive: input.isActive ?? true,
      firstName: input.firstName ?? "Test",
      lastName: input.lastName ?? "Korisnik",
      passwordHash: input.passwordHash ?? TEST_PASSWORD_HASH,
    })
    .returning();
  return row;
}

/** A request as the browser sends it, optionally signed in with a fresh session for `user`. */
export async function requestAs(
  db: Database,
  user: { id: number } | null,
  path: string,
  init: { method?: string; form?: Record<string, string | string[]> } = {},
): Promise<Request> {
  const headers = new Headers({ Origin: "http://localhost" });
  if (user) {
    const { token } = await createSession(db, {
      userId: user.id,
      ipAddress: "127.0.0.1",
      userAgent: "vitest",
    });
    headers.set("Cookie", `bv_session=${token}`);
  }
  const method = init.method ?? (init.form ? "POST" : "GET");
  // A list is sent as the browser sends one: the name once per value.
  const body = init.form
    ? new URLSearchParams(
        Object.entries(init.form).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]])),
      )
    : undefined;
  return new Request(`http://localhost${path}`, { method, headers, body });
}

/**
 * The flash message a redirect leaves for the next page (decision 170): what the next request,
 * sending the cookie back, reads — null when the response set none.
 */
export function flashOfResponse(response: Response): Flash | null {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith(`${FLASH_COOKIE}=`));
  if (!cookie) return null;
  return readFlash(new Request("http://localhost/", { headers: { Cookie: cookie } })).flash;
}
