/**
 * Companies: the admin list and form, and the public directory. Every list is filtered, counted
 * and paged in SQL; search is diacritic-insensitive on the name through `search_norm` (trigram index).
 */
import { and, asc, count, desc, eq, not, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { pickColumns } from "~/db/pick-columns";
import { companies } from "~/db/schema";
import type { CompanyData } from "./validation";

export type CompanyFilters = {
  search?: string;
  category?: string;
  state?: string;
  /** true: active only (the public directory); undefined: all. */
  activeOnly?: boolean;
};

/** `search_norm(col) LIKE '%' || search_norm(q) || '%'`, with % and _ in q taken literally. */
export function nameMatches(search: string): SQL {
  const escaped = search.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`search_norm(${companies.name}) LIKE '%' || search_norm(${escaped}) || '%'`;
}

function whereOf(filters: CompanyFilters): SQL | undefined {
  const parts: SQL[] = [];
  const search = filters.search?.trim();
  if (search) parts.push(nameMatches(search));
  if (filters.category) parts.push(eq(companies.category, filters.category));
  if (filters.state) parts.push(eq(companies.state, filters.state));
  if (filters.activeOnly) parts.push(eq(companies.active, true));
  return parts.length ? and(...parts) : undefined;
}

/** What every list of companies shows of one (the directory, the admin list, search results). */
export const COMPANY_BASICS = ["id", "name", "description", "category", "location", "state"] as const;

const listColumns = pickColumns(companies, [
  ...COMPANY_BASICS,
  "phone",
  "email",
  "website",
  "logo",
  "active",
  "createdAt",
]);

/** A row of the company lists: the shared company columns a list shows, with its id and state. */
export type CompanyListRow = Pick<
  CompanyData,
  "name" | "description" | "category" | "location" | "state" | "phone" | "email" | "website" | "logo"
> & { id: number; active: boolean; createdAt: Date };

export async function listCompanies(
  db: DbOrTx,
  filters: CompanyFilters & { page: number; pageSize: number; order?: "newest" | "name" },
): Promise<{ rows: CompanyListRow[]; total: number }> {
  const where = whereOf(filters);
  const order =
    filters.order === "name"
      ? [asc(companies.name), asc(companies.id)]
      : [desc(companies.createdAt), desc(companies.id)];
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(listColumns)
      .from(companies)
      .where(where)
      .orderBy(...order)
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  return { rows, total: n };
}

export type Company = typeof companies.$inferSelect;

export async function getCompany(db: DbOrTx, id: number, opts: { activeOnly?: boolean } = {}) {
  const where = opts.activeOnly
    ? and(eq(companies.id, id), eq(companies.active, true))
    : eq(companies.id, id);
  const [row] = await db.select().from(companies).where(where).limit(1);
  return row ?? null;
}

export async function createCompany(db: DbOrTx, data: CompanyData & { active: boolean }): Promise<number> {
  const [row] = await db.insert(companies).values(data).returning({ id: companies.id });
  return row.id;
}

export async function updateCompany(
  db: DbOrTx,
  id: number,
  data: CompanyData & { active: boolean },
): Promise<boolean> {
  const rows = await db
    .update(companies)
    .set({ ...data, updatedAt: new Date() })
    .where(eq(companies.id, id))
    .returning({ id: companies.id });
  return rows.length > 0;
}

/** Aktiviraj/Deaktiviraj: flips the flag; returns the new value, or null when the company is gone. */
export async function toggleCompanyActive(db: DbOrTx, id: number): Promise<boolean | null> {
  const [row] = await db
    .update(companies)
    .set({ active: not(companies.active), updatedAt: new Date() })
    .where(eq(companies.id, id))
    .returning({ active: companies.active });
  return row ? row.active : null;
}

export async function deleteCompany(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
  return rows.length > 0;
}

/** Active companies for the sitemap, in id order. */
export function sitemapCompanies(db: DbOrTx, range: { offset: number; limit: number }) {
  return db
    .select({ id: companies.id, updatedAt: companies.updatedAt })
    .from(companies)
    .where(eq(companies.active, true))
    .orderBy(asc(companies.id))
    .offset(range.offset)
    .limit(range.limit);
}

export async function countActiveCompanies(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(companies).where(eq(companies.active, true));
  return row?.n ?? 0;
}
