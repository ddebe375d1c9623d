import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { lowercase, oneOf, parentId, serialId, stampedAt, timestamps, tstz } from "./columns";

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serialId(),
    email: text("email").notNull(),
    /** The contact's id at the e-mail-marketing provider (Brevo). */
    brevoContactId: text("brevo_contact_id"),
    isActive: boolean("is_active").notNull().default(true),
    source: text("source"),
    subscribedAt: stampedAt("subscribed_at"),
    /** When the subscriber last left through an unsubscribe link (a later Brevo sync must not undo it). */
    unsubscribedAt: tstz("unsubscribed_at"),
    /** When a Brevo sync last saw this contact at the provider (the sync deactivates those it did not see). */
    brevoSyncedAt: tstz("brevo_synced_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_key").on(t.email),
    index("newsletter_subscribers_active_idx").on(t.isActive, t.subscribedAt.desc()),
    index("newsletter_subscribers_subscribed_idx").on(t.subscribedAt.desc(), t.id.desc()),
    // The substring search on the e-mail uses newsletter_subscribers_email_trgm_idx (migration 0001).
    lowercase("newsletter_subscribers_email_lower", t.email),
  ],
);

export const EMAIL_TYPES = ["newsletter", "transactional"] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

export const emailStats = pgTable(
  "email_stats",
  {
    id: serialId(),
    recipientCount: integer("recipient_count").notNull(),
    emailType: text("email_type", { enum: EMAIL_TYPES }).notNull(),
    sentAt: stampedAt("sent_at"),
    provider: text("provider").notNull(),
  },
  (t) => [
    oneOf("email_stats_type_check", t.emailType, EMAIL_TYPES),
    index("email_stats_provider_sent_idx").on(t.provider, t.sentAt),
  ],
);

/** What the admin writes: a manual or a dynamic newsletter. */
export const NEWSLETTER_KINDS = ["manual", "dynamic"] as const;
export type NewsletterKind = (typeof NEWSLETTER_KINDS)[number];
/**
 * Every kind of send the batch machinery carries: the newsletters, and the listing alerts' runs
 * (docs/decisions/303), whose recipients are alerts instead of subscribers.
 */
export const SEND_KINDS = [...NEWSLETTER_KINDS, "alerts"] as const;
export type SendKind = (typeof SEND_KINDS)[number];
/**
 * The e-mail stats type of each kind of send (spec §7 knows "newsletter" and "transactional"): an
 * alert is a message the visitor asked for about their own search, so it counts as transactional.
 */
export const SEND_EMAIL_TYPES: Record<SendKind, EmailType> = {
  manual: "newsletter",
  dynamic: "newsletter",
  alerts: "transactional",
};
/** Who a send goes to: the newsletter's whole list or picked subscribers; the alerts of one frequency. */
export const SEND_AUDIENCES = ["all", "selected", "daily", "instant"] as const;
export type SendAudience = (typeof SEND_AUDIENCES)[number];

export const SEND_STATUSES = ["draft", "queued", "sending", "done", "failed", "cancelled"] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

export const BATCH_STATUSES = ["pending", "sending", "sent"] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/**
 * One newsletter: generated (a *draft*, what the admin previewed), then *queued* for the send job,
 * *sending* batch by batch, and *done*, *failed* (a batch was refused past its retries) or
 * *cancelled*. The HTML and text are templates: `%recipient.unsubscribe_url%` is filled per
 * recipient by the provider (docs/decisions/080).
 */
export const newsletterSends = pgTable(
  "newsletter_sends",
  {
    id: serialId(),
    kind: text("kind", { enum: SEND_KINDS }).notNull(),
    status: text("status", { enum: SEND_STATUSES }).notNull().default("draft"),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** The public origin the links point at (PUBLIC_URL, or the admin's origin when it is unset). */
    origin: text("origin").notNull(),
    articleIds: jsonb("article_ids").$type<number[]>().notNull().default([]),
    /**
     * "all": every active subscriber when the send starts; "selected": `selectedIds` (still active);
     * "daily" / "instant": an alert run's confirmed alerts of that frequency.
     */
    audience: text("audience", { enum: SEND_AUDIENCES }),
    selectedIds: jsonb("selected_ids").$type<number[]>(),
    /** The provider the batches went to: mailgun or outbox. */
    provider: text("provider"),
    jobId: integer("job_id"),
    /**
     * The job execution that may start batches now. A process that takes a send over (its lease
     * ran out) writes its own id here; an older one still running can then start no new batch.
     */
    executor: text("executor"),
    totalRecipients: integer("total_recipients").notNull().default(0),
    totalBatches: integer("total_batches").notNull().default(0),
    batchesDone: integer("batches_done").notNull().default(0),
    recipientsSent: integer("recipients_sent").notNull().default(0),
    /** Recipients already written to email_stats (a resumed send adds only the rest). */
    statsRecorded: integer("stats_recorded").notNull().default(0),
    lastError: text("last_error"),
    createdBy: text("created_by"),
    createdAt: stampedAt("created_at"),
    queuedAt: tstz("queued_at"),
    finishedAt: tstz("finished_at"),
    updatedAt: stampedAt("updated_at"),
  },
  (t) => [
    oneOf("newsletter_sends_kind_check", t.kind, SEND_KINDS),
    oneOf("newsletter_sends_status_check", t.status, SEND_STATUSES),
    index("newsletter_sends_status_idx").on(t.status, t.createdAt.desc()),
  ],
);

/**
 * The frozen recipient list of a send, 1,000 recipient ids a batch (subscribers of a newsletter,
 * alerts of an alert run), written before the first message goes out. A batch is *pending*, *sending* (a request to the provider is in flight: after
 * a crash the provider is asked whether it accepted it) or *sent* (the provider accepted it).
 */
export const newsletterSendBatches = pgTable(
  "newsletter_send_batches",
  {
    id: serialId(),
    sendId: parentId("send_id", () => newsletterSends.id),
    batchNo: integer("batch_no").notNull(),
    /** Subscriber ids (a newsletter) or alert ids (an alert run). */
    recipientIds: jsonb("recipient_ids").$type<number[]>().notNull(),
    status: text("status", { enum: BATCH_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When the request in flight started and to whom (the first address), to ask the provider after a crash. */
    attemptStartedAt: tstz("attempt_started_at"),
    probeEmail: text("probe_email"),
    providerMessageId: text("provider_message_id"),
    recipientsSent: integer("recipients_sent").notNull().default(0),
    lastError: text("last_error"),
    sentAt: tstz("sent_at"),
  },
  (t) => [
    uniqueIndex("newsletter_send_batches_send_no_key").on(t.sendId, t.batchNo),
    index("newsletter_send_batches_status_idx").on(t.sendId, t.status, t.batchNo),
    oneOf("newsletter_send_batches_status_check", t.status, BATCH_STATUSES),
  ],
);
