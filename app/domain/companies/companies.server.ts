import { count, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { companies, companySubmissions } from "~/db/schema";

export async function countCompanies(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(companies);
  return row?.n ?? 0;
}

export function latestActiveCompanies(db: DbOrTx, limit: number) {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      category: companies.category,
      location: companies.location,
      state: companies.state,
      createdAt: companies.createdAt,
    })
    .from(companies)
    .where(eq(companies.active, true))
    .orderBy(desc(companies.createdAt), desc(companies.id))
    .limit(limit);
}

/** The number on the sidebar's Company requests badge. */
export async function countPendingSubmissions(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(companySubmissions)
    .where(eq(companySubmissions.status, "pending"));
  return row?.n ?? 0;
}
