/** The largest value of a PostgreSQL `integer` / `serial` column. */
export const MAX_DB_ID = 2_147_483_647;

/**
 * Reads a row id from a URL parameter or a form field: only plain digits, 1 to 2147483647.
 * Anything else (empty, "1e3", "-1", "99999999999", a File) is null, so the caller answers 404 or
 * 400 instead of letting the database refuse an out-of-range integer with a 500.
 */
export function parseId(value: unknown): number | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value).trim();
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_DB_ID ? id : null;
}

/** Several ids from repeated form fields (bulk actions): the valid ones, each once. */
export function parseIds(values: readonly unknown[]): number[] {
  const ids = new Set<number>();
  for (const value of values) {
    const id = parseId(value);
    if (id !== null) ids.add(id);
  }
  return [...ids];
}
