/**
 * Secrets the server makes for itself (signing keys for links in e-mails and reports): a random
 * 32-byte value generated once per name and kept in the `server_secrets` table, so signed links
 * survive restarts and work across processes without any configuration. Deleting a row revokes
 * every link signed with it.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { serverSecrets } from "~/db/schema";

let cache = new WeakMap<object, Map<string, string>>();

/** Drops the in-process copies (tests: the next read comes from the table). */
export function forgetServerSecrets(): void {
  cache = new WeakMap();
}

export async function getServerSecret(db: DbOrTx, name: string): Promise<string> {
  let byName = cache.get(db);
  const cached = byName?.get(name);
  if (cached) return cached;
  await db
    .insert(serverSecrets)
    .values({ name, secret: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ secret: serverSecrets.secret })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name))
    .limit(1);
  if (!byName) {
    byName = new Map();
    cache.set(db, byName);
  }
  byName.set(name, row.secret);
  return row.secret;
}
