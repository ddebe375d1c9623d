/**
 * The one interface the app sends e-mail through (Ghost's pattern: a small provider interface, one
 * file per provider, chosen once at boot in index.server.ts). Two providers exist: Mailgun, and the
 * local outbox used when Mailgun is not configured, which keeps every message in files under
 * DATA_DIR for the newsletter manager to show and says so — it never claims to have sent anything.
 *
 * Glossary: a message is *submitted* to a provider, which *accepts* it (Mailgun queues it); that
 * does not mean *delivered*. One call is one message to up to `maximumRecipients` addresses; with
 * recipient variables each recipient gets their own copy and sees only their own address.
 */
export type OutgoingMessage = {
  kind: "newsletter" | "transactional";
  /** `Name <address>` */
  from: string;
  to: readonly string[];
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /**
   * Values per recipient, used as `%recipient.<key>%` in the body and the headers. Required when
   * there is more than one recipient (without them, every recipient would see every address).
   */
  recipientVariables?: Record<string, Record<string, string>>;
  /** Extra MIME headers (List-Unsubscribe, List-Unsubscribe-Post …). */
  headers?: Record<string, string>;
  /** Open and click tracking. */
  tracking?: boolean;
  tags?: readonly string[];
  /**
   * Our own id of this submission, stored with the message at the provider, so that after a crash
   * we can ask whether a request whose answer was lost had been accepted (see `wasAccepted`).
   */
  reference?: string;
};

export type SendReceipt = { id: string; message?: string };

export type MailErrorDetails = {
  status?: number;
  body?: string;
  /** The request may have reached the provider (timeout, dropped connection): ask before resending. */
  uncertain: boolean;
};

/** A provider refused or could not take a message; `message` carries the status and body. */
export class MailError extends Error {
  override name = "MailError";
  readonly status?: number;
  readonly body?: string;
  readonly uncertain: boolean;
  constructor(message: string, details: MailErrorDetails) {
    super(message);
    this.status = details.status;
    this.body = details.body;
    this.uncertain = details.uncertain;
  }
}

export interface MailProvider {
  readonly name: "mailgun" | "outbox";
  /** The sending domain: the newsletter and noreply addresses live on it. */
  readonly domain: string;
  /** Recipients per call (Mailgun: 1,000). */
  readonly maximumRecipients: number;
  /** Submits one message; resolves once the provider accepted it, throws a MailError otherwise. */
  send(message: OutgoingMessage): Promise<SendReceipt>;
  /**
   * Whether a message with this `reference`, sent to `recipient` at or after `since`, was accepted.
   * Throws when the provider cannot be asked (the caller then waits and asks again).
   */
  wasAccepted(query: { reference: string; recipient: string; since: Date }): Promise<boolean>;
}

/**
 * Mailgun's maximum of recipients per message (its documented limit for batch sending). The local
 * outbox stands where Mailgun would and keeps the same maximum. How many a newsletter batch holds
 * is the newsletter's rule (`SEND_BATCH_SIZE`), capped by this.
 */
export const MAILGUN_MAX_RECIPIENTS = 1000;
