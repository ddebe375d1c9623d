/** The manager's test e-mail: one message from the transactional sender, counted as transactional. */
import { render } from "@react-email/render";
import { createElement } from "react";
import type { DbOrTx } from "~/db/client.server";
import { emailStats } from "~/db/schema";
import { fail, ok, type Result } from "~/domain/result";
import { getSettings } from "~/domain/settings/settings.server";
import { MailError, type MailProvider } from "~/integrations/mailgun/provider";
import { formatDateTime } from "~/lib/dates";
import { logger } from "~/lib/logger.server";
import { TestEmail } from "./email/test-email";
import { PLAIN_TEXT_OPTIONS } from "./links";
import { transactionalFrom } from "./senders";

/** A test e-mail that did not go: the detail is the provider's one-line reason. */
export type TestEmailErrorCode = "newsletter.test_failed";

/** Sent: by which provider (Mailgun, or the local outbox when Mailgun is not set up). */
export type TestEmailResult = Result<{ provider: MailProvider["name"] }, TestEmailErrorCode>;

export async function sendTestEmail(db: DbOrTx, mail: MailProvider, to: string): Promise<TestEmailResult> {
  try {
    const settings = await getSettings(db);
    const element = createElement(TestEmail, {
      siteName: settings.siteName,
      sentAt: formatDateTime(new Date()),
      provider: mail.name === "mailgun" ? "Mailgun" : "lokalni outbox",
    });
    const [html, text] = await Promise.all([
      render(element),
      render(element, { plainText: true, htmlToTextOptions: PLAIN_TEXT_OPTIONS }),
    ]);
    await mail.send({
      kind: "transactional",
      from: transactionalFrom(settings.siteName, mail.domain),
      to: [to],
      subject: `Test email – ${settings.siteName}`,
      html,
      text,
      tracking: false,
      tags: ["test"],
    });
    await db
      .insert(emailStats)
      .values({ recipientCount: 1, emailType: "transactional", provider: mail.name });
    return ok({ provider: mail.name });
  } catch (error) {
    logger.error({ err: error }, "test e-mail failed");
    const reason = error instanceof MailError ? error.message : "neočekivana greška";
    return fail("newsletter.test_failed", { detail: reason });
  }
}
