import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** The longest search text taken from a URL. */
export const MAX_SEARCH_LENGTH = 100;

/** `?q=` as the lists use it: trimmed, at most 100 characters. */
export function searchParam(value: string | null): string {
  return (value ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
}

/**
 * `column LIKE '%' || search_norm(q) || '%'` on a stored `search_norm(...)` column: case- and
 * diacritic-insensitive ("vozac" finds "Vozač"), answered by the column's trigram index; `\`, `%`
 * and `_` in the query are taken literally.
 */
export function normalizedContains(column: AnyPgColumn, search: string): SQL {
  const escaped = search.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`${column} LIKE '%' || search_norm(${escaped}) || '%'`;
}
