/**
 * The tables a backup carries and their row counts, read the same way on both drivers: every
 * table of the `public` schema and drizzle's migration journal. A restore is checked against
 * these counts; the tests compare them between a source and its restored copy.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";

export type TableCounts = Record<string, number>;

type Executor = { execute: DbOrTx["execute"] };

/** Rows of an `execute` result on either driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `schema.table` names, sorted, of every table a backup carries. */
export async function listTables(db: Executor): Promise<string[]> {
  const result = await db.execute(sql`
    select schemaname || '.' || tablename as name from pg_tables
    where schemaname in ('public', 'drizzle')
    order by schemaname, tablename`);
  return rowsOf<{ name: string }>(result).map((r) => r.name);
}

export function qualified(name: string): string {
  const [schema, table] = name.split(".");
  return `${quoteIdent(schema)}.${quoteIdent(table)}`;
}

/** Every table's row count (one statement per table, in the caller's transaction when given one). */
export async function countRows(db: Executor, tables?: string[]): Promise<TableCounts> {
  const names = tables ?? (await listTables(db));
  const counts: TableCounts = {};
  for (const name of names) {
    const result = await db.execute(sql.raw(`select count(*)::int as n from ${qualified(name)}`));
    counts[name] = Number(rowsOf<{ n: number }>(result)[0].n);
  }
  return counts;
}

export function totalRows(counts: TableCounts): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

/** The tables whose counts differ, as "table: expected → actual" lines (empty when equal). */
export function diffCounts(expected: TableCounts, actual: TableCounts): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  const lines: string[] = [];
  for (const name of [...names].sort()) {
    if (expected[name] !== actual[name])
      lines.push(`${name}: ${expected[name] ?? "—"} → ${actual[name] ?? "—"}`);
  }
  return lines;
}
