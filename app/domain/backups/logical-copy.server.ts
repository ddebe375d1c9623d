/**
 * Copies every row of one database into another of the same schema, through SQL only — the way
 * an embedded (PGlite) site moves to PostgreSQL (docs/decisions/162). Both sides must be migrated
 * to the same migrations first, the target freshly: whatever rows its migrations inserted are
 * replaced by the source's.
 *
 * Rows travel as JSON (`json_agg` on the source, `json_populate_recordset` on the target), so every
 * column type goes through its own text form and nothing is converted by hand. Tables are copied
 * parents first (foreign keys), each in pages ordered by its primary key, inside one transaction on
 * the target; generated columns are left to the target; serial sequences are moved past the
 * highest id afterwards.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { qualified, quoteIdent, rowsOf } from "./tables.server";

const PAGE_ROWS = 2_000;

type TableInfo = { name: string; columns: string[]; orderBy: string[]; serials: string[] };

async function publicTables(db: Database): Promise<TableInfo[]> {
  const columns = rowsOf<{ table: string; column: string; generated: string; serial: boolean }>(
    await db.execute(sql`
      select c.relname as "table", a.attname as "column", a.attgenerated::text as generated,
        (pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null) as serial
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`),
  );
  const keys = rowsOf<{ table: string; column: string }>(
    await db.execute(sql`
      select c.relname as "table", a.attname as "column"
      from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace
      join lateral unnest(i.indkey) with ordinality k(attnum, ord) on true
      join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
      where n.nspname = 'public' and i.indisprimary
      order by c.relname, k.ord`),
  );
  const tables = new Map<string, TableInfo>();
  for (const row of columns) {
    const info = tables.get(row.table) ?? { name: row.table, columns: [], orderBy: [], serials: [] };
    if (!row.generated) info.columns.push(row.column);
    if (row.serial) info.serials.push(row.column);
    tables.set(row.table, info);
  }
  for (const key of keys) tables.get(key.table)?.orderBy.push(key.column);
  for (const info of tables.values()) if (info.orderBy.length === 0) info.orderBy = [...info.columns];
  return [...tables.values()];
}

/** Parents before children: a table comes after every table its foreign keys point to. */
async function parentsFirst(db: Database, tables: TableInfo[]): Promise<TableInfo[]> {
  const edges = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select c.relname as child, p.relname as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`),
  );
  const byName = new Map(tables.map((t) => [t.name, t]));
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of edges) {
    if (!parents.has(child)) parents.set(child, new Set());
    parents.get(child)?.add(parent);
  }
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (placed.has(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent);
    visiting.delete(name);
    const info = byName.get(name);
    if (info) ordered.push(info);
    placed.add(name);
  };
  for (const t of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(t.name);
  return ordered;
}

export type CopyProgress = (table: string, rows: number) => void;

/** Copies every `public` row of `source` into `target` (empty, same migrations); returns rows per table. */
export async function copyAllRows(
  source: Database,
  target: Database,
  onTable?: CopyProgress,
): Promise<Record<string, number>> {
  const tables = await parentsFirst(source, await publicTables(source));
  const copied: Record<string, number> = {};
  await target.transaction(async (tx) => {
    // Rows the migrations themselves inserted (e.g. the promotion products) come from the source.
    const all = tables.map((t) => qualified(`public.${t.name}`)).join(", ");
    if (all) await tx.execute(sql.raw(`truncate table ${all} restart identity cascade`));
    for (const table of tables) {
      const name = `public.${table.name}`;
      const columns = table.columns.map(quoteIdent).join(", ");
      const order = table.orderBy.map(quoteIdent).join(", ");
      let rows = 0;
      for (let offset = 0; ; offset += PAGE_ROWS) {
        const page = rowsOf<{ rows: string | null }>(
          await source.execute(
            sql.raw(
              `select json_agg(t)::text as rows from (select ${columns} from ${qualified(name)} order by ${order} limit ${PAGE_ROWS} offset ${offset}) t`,
            ),
          ),
        )[0]?.rows;
        if (!page) break;
        const result = await tx.execute(
          sql`${sql.raw(`insert into ${qualified(name)} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${qualified(name)}, `)}${page}${sql.raw("::json)")}`,
        );
        const inserted = (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? 0;
        rows += inserted;
        if (inserted < PAGE_ROWS) break;
      }
      for (const column of table.serials) {
        await tx.execute(
          sql.raw(
            `select setval(pg_get_serial_sequence('${qualified(name).replace(/'/g, "''")}', '${column.replace(/'/g, "''")}'), coalesce((select max(${quoteIdent(column)}) from ${qualified(name)}), 1), (select max(${quoteIdent(column)}) from ${qualified(name)}) is not null)`,
          ),
        );
      }
      copied[name] = rows;
      onTable?.(name, rows);
    }
  });
  return copied;
}
