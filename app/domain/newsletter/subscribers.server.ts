/**
 * The subscriber table of the newsletter manager: search (a case-insensitive substring of the
 * e-mail, spec §5, answered by the trigram index on the lowercase e-mail), status and source
 * filters, 20 a page newest first (spec §9), the streamed CSV export of the whole filtered list,
 * and the picker of the send dialog.
 */
import { and, asc, count, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { newsletterSubscribers as subs } from "~/db/schema";
import { SUBSCRIBER_SOURCES, SUBSCRIBERS_PAGE_SIZE } from "./constants";
import type { SubscriberCsvRow } from "./csv";

export const SUBSCRIBER_STATUSES = ["active", "inactive"] as const;

export type SubscriberFilter = {
  search: string;
  status: "" | (typeof SUBSCRIBER_STATUSES)[number];
  source: string;
};

/** Reads the filter from the URL (?q=, ?status=, ?izvor=); anything unknown is "all". */
export function parseSubscriberFilter(params: URLSearchParams): SubscriberFilter {
  const status = params.get("status");
  const source = params.get("izvor");
  return {
    search: (params.get("q") ?? "").trim().slice(0, 254),
    status: status === "active" || status === "inactive" ? status : "",
    source: source && /^[a-z_]{1,40}$/.test(source) ? source : "",
  };
}

/** `%`, `_` and `\` typed by the admin are matched literally. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(filter: SubscriberFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.search) conditions.push(sql`${subs.email} like ${likePattern(filter.search)}`);
  if (filter.status) conditions.push(eq(subs.isActive, filter.status === "active"));
  if (filter.source) conditions.push(eq(subs.source, filter.source));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const listColumns = {
  id: subs.id,
  email: subs.email,
  isActive: subs.isActive,
  source: subs.source,
  brevoContactId: subs.brevoContactId,
  subscribedAt: subs.subscribedAt,
  unsubscribedAt: subs.unsubscribedAt,
  updatedAt: subs.updatedAt,
};

export async function listSubscribers(
  db: DbOrTx,
  filter: SubscriberFilter,
  page: number,
  pageSize = SUBSCRIBERS_PAGE_SIZE,
) {
  const where = whereOf(filter);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(listColumns)
      .from(subs)
      .where(where)
      .orderBy(desc(subs.subscribedAt), desc(subs.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(subs).where(where),
  ]);
  return { rows, total };
}

export type SubscriberListRow = Awaited<ReturnType<typeof listSubscribers>>["rows"][number];

/**
 * Every subscriber matching the filter, a chunk at a time (keyset on id), for the CSV export: the
 * memory used does not grow with the list.
 */
export async function* subscribersForExport(
  db: DbOrTx,
  filter: SubscriberFilter,
  chunk = 1000,
): AsyncGenerator<SubscriberCsvRow[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select(listColumns)
      .from(subs)
      .where(and(whereOf(filter), gt(subs.id, after)))
      .orderBy(asc(subs.id))
      .limit(chunk);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1].id;
    if (rows.length < chunk) return;
  }
}

/** The sources present in the table (for the filter), the known ones first. */
export async function subscriberSources(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ source: subs.source })
    .from(subs)
    .where(sql`${subs.source} is not null`);
  const found = rows.map((r) => r.source as string);
  const known = SUBSCRIBER_SOURCES.filter((s) => found.includes(s));
  return [...known, ...found.filter((s) => !known.includes(s as never)).sort()];
}

export async function countActiveSubscribers(db: DbOrTx): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(subs).where(eq(subs.isActive, true));
  return n;
}

/** Active subscribers whose e-mail contains `search`, for picking recipients by hand. */
export async function searchActiveSubscribers(db: DbOrTx, search: string, limit = 20) {
  const conditions: SQL[] = [eq(subs.isActive, true)];
  if (search.trim()) conditions.push(sql`${subs.email} like ${likePattern(search.trim())}`);
  return db
    .select({ id: subs.id, email: subs.email })
    .from(subs)
    .where(and(...conditions))
    .orderBy(desc(subs.subscribedAt), desc(subs.id))
    .limit(limit);
}
