/**
 * What a kind of send brings to the batch machinery (docs/decisions/303). The machinery — frozen
 * batches, one batch in flight at a time, the answer recorded only after the provider accepted it,
 * a lost answer settled with the provider, the pause, retries, takeover by another process — is the
 * same for every send (send-job.server.ts, send-batches.server.ts). A *mailing* says only who the
 * recipients are and what each of them gets:
 *
 * - the newsletter (`newsletterMailing`, newsletter-mailing.server.ts): active subscribers, one
 *   template with each recipient's unsubscribe link;
 * - the listing alerts (domain/alerts): confirmed alerts with new matching listings, each
 *   recipient's own list of listings.
 */
import type { DbOrTx, Transaction } from "~/db/client.server";
import type { newsletterSendBatches, newsletterSends } from "~/db/schema";
import type { MailProvider, OutgoingMessage } from "~/integrations/mailgun/provider";

export type SendRow = typeof newsletterSends.$inferSelect;
export type OpenBatch = Omit<typeof newsletterSendBatches.$inferSelect, "recipientIds">;

/** One recipient of a batch: the id frozen into it (a subscriber's, an alert's) and the address. */
export type Recipient = { id: number; email: string };

export type BatchRenderer<R extends Recipient = Recipient> = (
  batchNo: number,
  recipients: readonly R[],
) => OutgoingMessage;

export type Mailing<R extends Recipient = Recipient> = {
  /**
   * Freezes the send's recipients into `newsletter_send_batches` (ids in `recipient_ids`, numbered
   * from 1, at most `batchSize` a batch, an address at most once a batch), inside the transaction
   * that starts the send: it runs once per send.
   */
  freeze(tx: Transaction, send: SendRow, batchSize: number): Promise<void>;
  /** The recipients of a batch who are still to get it (those who left since are not). */
  recipients(db: DbOrTx, batch: OpenBatch): Promise<R[]>;
  /** Reads once per execution what the messages need, and renders each batch from it. */
  renderer(db: DbOrTx, send: SendRow, mail: Pick<MailProvider, "domain">): Promise<BatchRenderer<R>>;
  /** A send that froze nobody: the newsletter fails ("No recipients"); an alert run is discarded. */
  whenEmpty: "fail" | "discard";
  /**
   * What the send's record says when a batch is refused past its retries (`reason`: the provider's
   * answer): a code with the reason as its detail (the screen says its words, decision 271), or text.
   */
  failureMessage(reason: string): string;
};
