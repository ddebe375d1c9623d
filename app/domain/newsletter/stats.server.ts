import { count, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { emailStats, newsletterSubscribers } from "~/db/schema";
import { DISPLAY_TIME_ZONE } from "~/lib/dates";
import { logger } from "~/lib/logger.server";
import {
  EMPTY_STATS,
  type EmailStatsSummary,
  fillMonths,
  lastMonths,
  type MonthCount,
  STATS_MONTHS,
  STATS_PROVIDER,
} from "./stats";

/**
 * The stat cards (spec §7 email_stats): recipients sent by Mailgun in total, this month and today
 * (New York), the last 12 months, and the subscriber counts. Spec §8: a failed read shows zeros
 * (the error is logged).
 */
export async function emailStatsSummary(db: DbOrTx, now = new Date()): Promise<EmailStatsSummary> {
  try {
    const tz = DISPLAY_TIME_ZONE;
    const at = sql`${now.toISOString()}::timestamptz`;
    const monthStart = sql`(date_trunc('month', ${at} at time zone ${tz}) at time zone ${tz})`;
    const dayStart = sql`(date_trunc('day', ${at} at time zone ${tz}) at time zone ${tz})`;
    const firstMonth = sql`((date_trunc('month', ${at} at time zone ${tz}) - interval '${sql.raw(String(STATS_MONTHS - 1))} months') at time zone ${tz})`;
    const [[sent], monthRows, [subs], [outbox]] = await Promise.all([
      db
        .select({
          total: sql<number>`coalesce(sum(${emailStats.recipientCount}), 0)::int`,
          month: sql<number>`coalesce(sum(${emailStats.recipientCount}) filter (where ${emailStats.sentAt} >= ${monthStart}), 0)::int`,
          today: sql<number>`coalesce(sum(${emailStats.recipientCount}) filter (where ${emailStats.sentAt} >= ${dayStart}), 0)::int`,
        })
        .from(emailStats)
        .where(eq(emailStats.provider, STATS_PROVIDER)),
      db
        .select({
          month: sql<string>`to_char(${emailStats.sentAt} at time zone ${tz}, 'YYYY-MM')`,
          count: sql<number>`sum(${emailStats.recipientCount})::int`,
        })
        .from(emailStats)
        .where(sql`${emailStats.provider} = ${STATS_PROVIDER} and ${emailStats.sentAt} >= ${firstMonth}`)
        .groupBy(sql`1`),
      db
        .select({
          total: count(),
          active: sql<number>`count(*) filter (where ${newsletterSubscribers.isActive})::int`,
        })
        .from(newsletterSubscribers),
      db
        .select({ n: sql<number>`coalesce(sum(${emailStats.recipientCount}), 0)::int` })
        .from(emailStats)
        .where(eq(emailStats.provider, "outbox")),
    ]);
    return {
      subscribers: { total: Number(subs.total), active: Number(subs.active) },
      totalSent: Number(sent.total),
      sentThisMonth: Number(sent.month),
      sentToday: Number(sent.today),
      months: fillMonths(lastMonths(now), monthRows as MonthCount[]),
      outboxRecipients: Number(outbox.n),
    };
  } catch (error) {
    logger.error({ err: error }, "newsletter stats could not be read; showing zeros");
    return { ...EMPTY_STATS, months: fillMonths(lastMonths(now), []) };
  }
}
