import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { adminUsers } from "~/db/schema";
import { hashPassword } from "./password.server";

/** The demo administrator made on a fresh embedded database when ADMIN_EMAIL is not set. */
export const DEMO_ADMIN_EMAIL = "admin@balkanvozaci.com";

/**
 * The protected administrator of spec §5 ('Zaštićen'): the ADMIN_EMAIL account, or the demo
 * administrator when none is configured. It can be neither deactivated nor deleted.
 */
export function protectedAdminEmail(adminEmail: string | undefined): string {
  return (adminEmail ?? DEMO_ADMIN_EMAIL).trim().toLowerCase();
}

export type BootstrapResult =
  | { kind: "configured"; email: string; created: boolean }
  | { kind: "demo"; email: string; password: string }
  | { kind: "none" };

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: an active admin with this e-mail exists with this password (created
 * or updated). With neither set and no staff at all, a demo admin with a random password is made.
 */
export async function bootstrapAdmin(
  db: Database,
  config: { email?: string; password?: string; allowDemo: boolean },
): Promise<BootstrapResult> {
  if (config.email && config.password) {
    const email = config.email.trim().toLowerCase();
    const passwordHash = await hashPassword(config.password);
    const [existing] = await db
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(eq(adminUsers.email, email));
    if (existing) {
      await db
        .update(adminUsers)
        .set({ passwordHash, role: "admin", isActive: true })
        .where(eq(adminUsers.id, existing.id));
      return { kind: "configured", email, created: false };
    }
    await db.insert(adminUsers).values({
      email,
      passwordHash,
      role: "admin",
      firstName: "Glavni",
      lastName: "Administrator",
      isActive: true,
    });
    return { kind: "configured", email, created: true };
  }
  if (!config.allowDemo) return { kind: "none" };
  const [{ total }] = await db.select({ total: count() }).from(adminUsers);
  if (total > 0) return { kind: "none" };
  const password = randomBytes(9).toString("base64url");
  await db.insert(adminUsers).values({
    email: DEMO_ADMIN_EMAIL,
    passwordHash: await hashPassword(password),
    role: "admin",
    firstName: "Demo",
    lastName: "Administrator",
    isActive: true,
  });
  return { kind: "demo", email: DEMO_ADMIN_EMAIL, password };
}
