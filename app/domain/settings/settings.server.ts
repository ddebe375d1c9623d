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

export type DefaultImages = { defaultArticleImage: string | null; defaultCompanyImage: string | null };

/** Saves the two default images of the settings screen (upsert on id 1, spec §7). */
export async function saveDefaultImages(db: DbOrTx, values: DefaultImages): Promise<SiteSettings> {
  const now = new Date();
  const [row] = await db
    .insert(siteSettings)
    .values({ id: 1, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: siteSettings.id, set: { ...values, updatedAt: now } })
    .returning();
  return row;
}

/** Saves the editors' list of words Cyrillic pages keep in Latin (already normalised). */
export async function saveLatinOnlyWords(db: DbOrTx, latinOnlyWords: string): Promise<SiteSettings> {
  const now = new Date();
  const [row] = await db
    .insert(siteSettings)
    .values({ id: 1, latinOnlyWords, updatedAt: now })
    .onConflictDoUpdate({ target: siteSettings.id, set: { latinOnlyWords, updatedAt: now } })
    .returning();
  return row;
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
]);

/**
 * Why a settings read or write failed (spec §8 notices): "unavailable" when the database cannot be
 * reached (connection refused/lost, server shutting down, too many connections, closed embedded
 * database), "error" for anything else the database refused.
 */
export function databaseFailureKind(error: unknown): "unavailable" | "error" {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (UNAVAILABLE_CODES.has(code) || /^08/.test(code) || /^57P0[1-3]$/.test(code) || code === "53300") {
        return "unavailable";
      }
    }
    if (
      typeof message === "string" &&
      /closed|terminat|connect|timeout|calling end on the pool|Services are not started/i.test(message)
    ) {
      return "unavailable";
    }
    current = (current as { cause?: unknown }).cause;
  }
  return "error";
}
