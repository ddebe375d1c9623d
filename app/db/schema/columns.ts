/**
 * The column and constraint shapes the tables share, so each table names only what is its own.
 * Every helper builds exactly what was written out before it (the generated SQL is unchanged:
 * `npm run db:generate` reports nothing to migrate).
 */
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  type ExtraConfigColumn,
  index,
  integer,
  type PgColumn,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/** A time column (every one in this schema carries its time zone). */
export const tstz = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

/** A time column filled when the row is written: not null, now by default. */
export const stampedAt = <N extends string>(name: N) => tstz(name).notNull().defaultNow();

/** The serial primary key `id`. */
export const serialId = () => serial("id").primaryKey();

/** `created_at` and `updated_at`, both filled when the row is written. */
export const timestamps = () => ({ createdAt: stampedAt("created_at"), updatedAt: stampedAt("updated_at") });

/** A required reference to a parent row, deleted with it. */
export const parentId = <N extends string>(name: N, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: "cascade" });

/** An optional reference, unlinked (set null) when the row it names is deleted. */
export const looseRef = <N extends string>(name: N, target: () => AnyPgColumn) =>
  integer(name).references(target, { onDelete: "set null" });

/** An empty-by-default text array. */
export const textList = <N extends string>(name: N) =>
  text(name).array().notNull().default(sql`'{}'::text[]`);

/** The values of a list as SQL literals: `'a', 'b'` (the lists are the schema's own constants). */
export const inList = (values: readonly string[]): SQL =>
  sql.raw(values.map((value) => `'${value}'`).join(", "));

/** The CHECK that a text column holds one of its listed values. */
export const oneOf = (name: string, column: PgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${inList(values)})`);

/** The trigram index a `search_text`/`search_title` column is searched through. */
export const trigramIndex = (name: string, column: ExtraConfigColumn) =>
  index(name).using("gin", column.op("gin_trgm_ops"));

/** The CHECK that an e-mail column is stored lowercased. */
export const lowercase = (name: string, column: PgColumn) => check(name, sql`${column} = lower(${column})`);
