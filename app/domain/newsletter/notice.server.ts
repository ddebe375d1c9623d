/**
 * One short message to one visitor (notice-email.tsx), from the transactional sender: a listing's
 * management link, its expiry reminder, an alert's confirmation. Written in Latin and put into the
 * reader's script; counted in the e-mail stats as transactional. The message carries a private link:
 * it is never logged — a failure logs the provider's answer only.
 */
import { render } from "@react-email/render";
import { createElement } from "react";
import type { DbOrTx } from "~/db/client.server";
import { emailStats } from "~/db/schema";
import { htmlInScript, textInScript } from "~/domain/cyrillic/html";
import type { Script } from "~/domain/cyrillic/urls";
import { fail, ok, type Result } from "~/domain/result";
import { getSettings } from "~/domain/settings/settings.server";
import { MailError, type MailProvider } from "~/integrations/mailgun/provider";
import { logger } from "~/lib/logger.server";
import { NoticeEmail, type NoticeEmailProps } from "./email/notice-email";
import { PLAIN_TEXT_OPTIONS } from "./links";
import { replyToAddress, transactionalFrom } from "./senders";

export type Notice = Omit<NoticeEmailProps, "siteName" | "siteUrl"> & {
  to: string;
  script: Script;
  subject: string;
  /** The site's origin (links in the message are absolute and already in the reader's script). */
  origin: string;
  /** The provider's tag (`listing-link`, `alert-confirm` …). */
  tag: string;
};

/** The message's HTML and text, in the reader's script. */
export async function renderNotice(
  props: NoticeEmailProps,
  script: Script,
  options: { origin: string; latinOnly: string },
): Promise<{ html: string; text: string }> {
  const element = createElement(NoticeEmail, props);
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: PLAIN_TEXT_OPTIONS }),
  ]);
  return {
    html: htmlInScript(html, script, options),
    text: textInScript(text, script, options.latinOnly),
  };
}

/** Submits the notice; `mail_failed` when the provider refused it or could not be reached (logged). */
export async function sendNotice(
  db: DbOrTx,
  mail: MailProvider,
  notice: Notice,
): Promise<Result<{ provider: MailProvider["name"] }, "mail_failed">> {
  try {
    const settings = await getSettings(db);
    const { to, script, subject, origin, tag, ...props } = notice;
    const siteUrl = script === "cir" ? `${origin}/cir` : origin;
    const { html, text } = await renderNotice({ ...props, siteName: settings.siteName, siteUrl }, script, {
      origin,
      latinOnly: settings.latinOnlyWords,
    });
    await mail.send({
      kind: "transactional",
      from: transactionalFrom(settings.siteName, mail.domain),
      replyTo: replyToAddress(settings.contactEmail, mail.domain),
      to: [to],
      subject: textInScript(subject, script, settings.latinOnlyWords),
      html,
      text,
      tracking: false,
      tags: [tag],
    });
    await db
      .insert(emailStats)
      .values({ recipientCount: 1, emailType: "transactional", provider: mail.name });
    return ok({ provider: mail.name });
  } catch (error) {
    // The message holds a private link: log what the provider said, never the message.
    logger.error(
      {
        err: error instanceof MailError ? { message: error.message, status: error.status } : error,
        tag: notice.tag,
      },
      "notice e-mail could not be sent",
    );
    return fail("mail_failed");
  }
}
