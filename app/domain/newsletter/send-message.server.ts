/**
 * The newsletter send's renderer: one batch's message to the provider — the send's stored HTML and
 * text, each recipient's own unsubscribe link as a recipient variable, the one-click unsubscribe
 * headers and our batch reference.
 */
import type { DbOrTx } from "~/db/client.server";
import { getSettings } from "~/domain/settings/settings.server";
import type { MailProvider } from "~/integrations/mailgun/provider";
import type { BatchRenderer, SendRow } from "./mailing";
import { batchReference } from "./send-batches.server";
import { newsletterFrom, replyToAddress } from "./senders";
import { UNSUBSCRIBE_PLACEHOLDER, unsubscribeSecret, unsubscribeUrl } from "./unsubscribe-link.server";

/** Reads the sender and the unsubscribe secret once per execution; renders each batch from them. */
export async function createBatchRenderer(
  db: DbOrTx,
  send: SendRow,
  mail: Pick<MailProvider, "domain">,
): Promise<BatchRenderer> {
  const settings = await getSettings(db);
  const secret = await unsubscribeSecret(db);
  const from = newsletterFrom(settings.siteName, mail.domain);
  const replyTo = replyToAddress(settings.contactEmail, mail.domain);
  return (batchNo, recipients) => ({
    kind: "newsletter",
    from,
    replyTo,
    to: recipients.map((r) => r.email),
    subject: send.subject,
    html: send.html,
    text: send.text,
    recipientVariables: Object.fromEntries(
      recipients.map((r) => [
        r.email,
        { unsubscribe_url: unsubscribeUrl(send.origin, secret, r.id, r.email) },
      ]),
    ),
    headers: {
      "List-Unsubscribe": `<${UNSUBSCRIBE_PLACEHOLDER}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    tracking: true,
    tags: ["newsletter"],
    reference: batchReference(send.id, batchNo),
  });
}
