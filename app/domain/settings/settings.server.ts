import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { siteSettings } from "~/db/schema";

export type SiteSettings = typeof siteSettings.$inferSelect;

/** Spec §7: insert the defaults when the single row (id 1) does not exist yet. */
export async function ensureSettings(db: DbOrTx): Promise<void> {
  await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing({ target: siteSettings.id });
}

export async function getSettings(db: DbOrTx): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  if (row) return row;
  await ensureSettings(db);
  const [created] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  return created;
}
