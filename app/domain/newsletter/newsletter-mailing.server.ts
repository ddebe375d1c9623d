/**
 * The newsletter as a mailing of the send machinery (mailing.ts): every active subscriber (or the
 * picked ones still active), frozen by one `INSERT … SELECT` into batches of subscriber ids, and one
 * template per send with each recipient's own unsubscribe link (send-message.server.ts).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { newsletterSubscribers } from "~/db/schema";
import { withDetail } from "~/domain/result";
import { SEND_FAILED } from "./job-errors";
import type { Mailing } from "./mailing";
import { createBatchRenderer } from "./send-message.server";

export const newsletterMailing: Mailing = {
  async freeze(tx, send, batchSize) {
    const picked =
      send.audience === "selected"
        ? sql`and id in (select (jsonb_array_elements_text(${JSON.stringify(send.selectedIds ?? [])}::jsonb))::int)`
        : sql``;
    await tx.execute(sql`
      insert into newsletter_send_batches (send_id, batch_no, recipient_ids)
      select ${send.id}, b + 1, jsonb_agg(id order by id)
      from (
        select id, (row_number() over (order by id) - 1) / ${batchSize} as b
        from newsletter_subscribers
        where is_active ${picked}
      ) s
      group by b`);
  },

  /** A batch's subscribers that are still active, read through the frozen id list in SQL. */
  recipients(db, batch) {
    return db
      .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .where(
        and(
          sql`${newsletterSubscribers.id} in (select (jsonb_array_elements_text(b.recipient_ids))::int from newsletter_send_batches b where b.id = ${batch.id})`,
          eq(newsletterSubscribers.isActive, true),
        ),
      )
      .orderBy(asc(newsletterSubscribers.id));
  },

  renderer: createBatchRenderer,
  whenEmpty: "fail",
  failureMessage: (reason) => withDetail(SEND_FAILED, reason),
};
