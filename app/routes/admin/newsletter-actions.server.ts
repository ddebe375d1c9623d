/**
 * The newsletter manager's actions (/admin/newsletter), kept out of the route module: generate a
 * newsletter (a draft the admin previews), send it (queue the durable job), the test e-mail, start
 * the Brevo sync, stop or resume a send. Each returns a result the dialogs show; every caught
 * error is logged.
 */
import type { Database } from "~/db/client.server";
import type { NewsletterKind } from "~/db/schema";
import { enqueueJob, type JobRow, latestJobs } from "~/domain/jobs/queue.server";
import { chosenArticles, composeNewsletter, dynamicArticles } from "~/domain/newsletter/content.server";
import { SYNC_NOT_CONFIGURED } from "~/domain/newsletter/job-errors";
import {
  cancelSend,
  countRecipients,
  createDraft,
  queueSend,
  resumeSend,
} from "~/domain/newsletter/sends.server";
import { SYNC_JOB_KEY, SYNC_JOB_KIND, type SyncProgress } from "~/domain/newsletter/sync-job.server";
import { sendTestEmail } from "~/domain/newsletter/test-email.server";
import { UNSUBSCRIBE_PLACEHOLDER } from "~/domain/newsletter/unsubscribe-link.server";
import { generateSchema, sendSchema, testEmailSchema } from "~/domain/newsletter/validation";
import { errorMessage, errorStatus } from "~/http/errors";
import { parseForm } from "~/http/form";
import type { ContactsProvider } from "~/integrations/brevo/brevo.server";
import type { MailProvider } from "~/integrations/mailgun/provider";
import type { Storage } from "~/integrations/storage/storage";
import { logger } from "~/lib/logger.server";
import { NEWSLETTER_MESSAGES } from "~/messages/newsletter";

export type ManagerResult = {
  intent: string;
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string | undefined>;
  /** generate: the draft to send and what to preview. */
  draft?: {
    id: number;
    kind: NewsletterKind;
    subject: string;
    html: string;
    text: string;
    articles: { id: number; title: string }[];
    activeRecipients: number;
  };
  status?: number;
};

const fail = (
  intent: string,
  status: number,
  message: string,
  fieldErrors?: ManagerResult["fieldErrors"],
) => ({
  intent,
  ok: false,
  status,
  message,
  fieldErrors,
});

/** The preview shows the newsletter as a recipient sees it, with a harmless unsubscribe link. */
export function previewHtml(html: string): string {
  return html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, "#odjava");
}

export async function generateNewsletter(
  db: Database,
  storage: Storage,
  form: FormData,
  context: { origin: string; createdBy: string },
): Promise<ManagerResult> {
  const intent = "generate";
  const parsed = parseForm(generateSchema, form, { lists: ["articleIds"] });
  if (!parsed.ok) {
    const message = parsed.fieldErrors.articleIds ?? parsed.formError ?? NEWSLETTER_MESSAGES.needArticle;
    return fail(intent, 400, message, parsed.fieldErrors);
  }
  try {
    const kind = parsed.data.kind;
    const rows =
      kind === "manual" ? await chosenArticles(db, parsed.data.articleIds) : await dynamicArticles(db);
    if (kind === "manual" && rows.length === 0) return fail(intent, 400, NEWSLETTER_MESSAGES.needArticle);
    const composed = await composeNewsletter(db, { kind, articles: rows, origin: context.origin, storage });
    const draft = await createDraft(db, {
      kind,
      subject: composed.subject,
      html: composed.html,
      text: composed.text,
      articleIds: composed.articleIds,
      origin: context.origin,
      createdBy: context.createdBy,
    });
    return {
      intent,
      ok: true,
      message: "Newsletter je generisan. Pregledajte ga i izaberite primaoce.",
      draft: {
        id: draft.id,
        kind,
        subject: composed.subject,
        html: previewHtml(composed.html),
        text: composed.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, "(link za odjavu)"),
        articles: rows.map((r) => ({ id: r.id, title: r.title })),
        activeRecipients: await countRecipients(db, "all", []),
      },
    };
  } catch (error) {
    logger.error({ err: error }, "newsletter could not be generated");
    return fail(intent, 500, NEWSLETTER_MESSAGES.generateFailed);
  }
}

export async function sendNewsletter(
  db: Database,
  form: FormData,
  createdBy: string,
): Promise<ManagerResult> {
  const intent = "send";
  const parsed = parseForm(sendSchema, form, { lists: ["subscriberIds"] });
  if (!parsed.ok) {
    const message =
      parsed.fieldErrors.subject ?? parsed.formError ?? NEWSLETTER_MESSAGES.needGenerateAndRecipients;
    return fail(intent, 400, message, parsed.fieldErrors);
  }
  try {
    const result = await queueSend(db, { ...parsed.data, createdBy });
    if (!result.ok) return fail(intent, errorStatus(result.code), errorMessage(result.code));
    return { intent, ok: true, message: NEWSLETTER_MESSAGES.sendStarted };
  } catch (error) {
    logger.error({ err: error }, "newsletter send could not be queued");
    return fail(intent, 500, NEWSLETTER_MESSAGES.sendFailed("slanje nije pokrenuto"));
  }
}

export async function testEmail(db: Database, mail: MailProvider, form: FormData): Promise<ManagerResult> {
  const intent = "test-email";
  const parsed = parseForm(testEmailSchema, form);
  if (!parsed.ok) return fail(intent, 400, parsed.fieldErrors.email ?? "", parsed.fieldErrors);
  const to = parsed.data.email;
  const result = await sendTestEmail(db, mail, to);
  if (!result.ok) return fail(intent, errorStatus(result.code), errorMessage(result.code, result.detail));
  const message =
    result.value.provider === "mailgun"
      ? NEWSLETTER_MESSAGES.testSent(to)
      : NEWSLETTER_MESSAGES.testInOutbox(to);
  return { intent, ok: true, message, status: 200 };
}

export async function startSync(
  db: Database,
  contacts: ContactsProvider | null,
  createdBy: string,
): Promise<ManagerResult> {
  const intent = "sync";
  if (!contacts) return fail(intent, errorStatus(SYNC_NOT_CONFIGURED), errorMessage(SYNC_NOT_CONFIGURED));
  try {
    await enqueueJob(db, { kind: SYNC_JOB_KIND, uniqueKey: SYNC_JOB_KEY, maxAttempts: 3, createdBy });
    return { intent, ok: true, message: NEWSLETTER_MESSAGES.syncStarted };
  } catch (error) {
    logger.error({ err: error }, "Brevo sync could not be started");
    return fail(intent, 500, NEWSLETTER_MESSAGES.syncFailed);
  }
}

export async function stopSend(db: Database, sendId: number): Promise<ManagerResult> {
  const intent = "cancel-send";
  try {
    return (await cancelSend(db, sendId))
      ? { intent, ok: true, message: NEWSLETTER_MESSAGES.cancelled }
      : fail(intent, 409, "Ovo slanje je već završeno.");
  } catch (error) {
    logger.error({ err: error, sendId }, "newsletter send could not be stopped");
    return fail(intent, 500, "Slanje nije zaustavljeno. Pokušajte ponovo.");
  }
}

export async function continueSend(db: Database, sendId: number, createdBy: string): Promise<ManagerResult> {
  const intent = "resume-send";
  try {
    const result = await resumeSend(db, sendId, createdBy);
    return result.ok
      ? { intent, ok: true, message: NEWSLETTER_MESSAGES.resumed }
      : fail(intent, errorStatus(result.code), errorMessage(result.code));
  } catch (error) {
    logger.error({ err: error, sendId }, "newsletter send could not be resumed");
    return fail(intent, 500, NEWSLETTER_MESSAGES.sendFailed("nastavak nije pokrenut"));
  }
}

export type SyncState = {
  status: JobRow["status"];
  startedAt: Date | null;
  finishedAt: Date | null;
  progress: Partial<SyncProgress>;
  error: string | null;
};

/** The last Brevo sync, for the sync dialog. */
export async function lastSync(db: Database): Promise<SyncState | null> {
  const [job] = await latestJobs(db, SYNC_JOB_KIND, 1);
  if (!job) return null;
  return {
    status: job.status,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
    progress: job.progress as Partial<SyncProgress>,
    error: job.status === "failed" ? NEWSLETTER_MESSAGES.syncFailed : null,
  };
}
