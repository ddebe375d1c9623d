/**
 * The newsletter send: a durable job (domain/jobs) that submits a send's batches to the mail
 * provider one at a time, with a 1-second pause between them (spec §7/§9), so that every active
 * recipient gets exactly one message whatever happens to the process (docs/decisions/080):
 *
 * 1. *Prepare* (once, in one transaction): the recipient list is frozen into batches of 1,000
 *    subscriber ids (`newsletter_send_batches`), in SQL, before anything is sent.
 * 2. *Send* the lowest open batch: mark it `sending` (what is in flight, since when, to whom),
 *    submit it, and mark it `sent` in the same transaction that counts it on the send — only after
 *    the provider accepted it. A refusal puts it back to `pending`; it is retried after 2, 4, 8 and
 *    16 s, and past that the send fails with 'Greška prilikom slanja newsletter-a: {reason}'.
 * 3. *Resume* after a crash or restart: the job runner gives the job to another process; a batch
 *    left `sending` (its answer was lost) is settled by asking the provider whether it accepted it
 *    (Mailgun's events by our reference; the outbox's file), never by guessing; then the next
 *    batch follows. No recipient twice, none skipped.
 * 4. *Finish*: the send is done and its email_stats row is written, in one transaction.
 *
 * Split as Ghost splits email: the renderer (`send-message.server.ts`), the batch planner
 * (`send-batches.server.ts`) and this sending service, which walks the batches. Who the recipients
 * are and what each gets is the send's *mailing* (mailing.ts): the newsletter's here, the listing
 * alerts' in domain/alerts, which run their sends through `runMailingSend` (docs/decisions/303).
 */
import { randomUUID } from "node:crypto";
import type { JobContext, JobHandler } from "~/domain/jobs/runner.server";
import { PermanentJobError } from "~/domain/jobs/runner.server";
import { MailError, type MailProvider, type OutgoingMessage } from "~/integrations/mailgun/provider";
import { logger } from "~/lib/logger.server";
import { emitTelemetry } from "~/lib/telemetry.server";
import type { BatchRenderer, Mailing, Recipient } from "./mailing";
import { NEWSLETTER_MESSAGES } from "./messages";
import { newsletterMailing } from "./newsletter-mailing.server";
import {
  backToPending,
  batchReference,
  cancelWasRequested,
  claimBatch,
  finishSend,
  markSent,
  nextOpenBatch,
  noteSendError,
  type OpenBatch,
  prepareBatches,
  progressOf,
  type SendProgress,
  takeOverSend,
} from "./send-batches.server";
import { deleteSend, getSend, markSendEnded, type SendRow } from "./sends.server";

export type SendJobOptions = {
  mail: MailProvider;
  /** Pause between two batches (spec: 1 s). */
  pauseMs?: number;
  /** Waits before the 2nd, 3rd … attempt of a refused batch; its length + 1 is the attempts a batch gets. */
  retryDelaysMs?: readonly number[];
  /**
   * A batch whose answer was lost is settled with the provider only this long after it was sent:
   * longer than the provider's request timeout, so no request of an older process can still be in
   * flight when we ask.
   */
  settleAfterMs?: number;
  /** Recipients per batch (default: the spec's 1,000, capped by the provider's maximum). */
  batchSize?: number;
};

/** The spec: "Newsletters go out in batches of 1000 recipients with a 1 second pause between batches." */
export const SEND_BATCH_SIZE = 1000;
export const DEFAULT_PAUSE_MS = 1000;
export const DEFAULT_RETRY_DELAYS_MS = [2000, 4000, 8000, 16000] as const;
/** Mailgun's request timeout is 30 s (mailgun.server.ts); 15 s more for its events to list the message. */
const DEFAULT_SETTLE_AFTER_MS = 45_000;

type SendConfig = {
  mail: MailProvider;
  pauseMs: number;
  retryDelays: readonly number[];
  maxAttempts: number;
  settleAfterMs: number;
  batchSize: number;
};

/** One execution of a send: what every step needs. */
type SendRun<R extends Recipient> = {
  ctx: JobContext;
  config: SendConfig;
  sendId: number;
  mailing: Mailing<R>;
  /** From now on only this execution starts batches of this send (`claimBatch`). */
  executor: string;
  render: BatchRenderer<R>;
  log: typeof logger;
};

type Next =
  | { kind: "none" }
  | { kind: "settle"; batch: OpenBatch }
  | { kind: "empty"; batch: OpenBatch }
  | { kind: "send"; batch: OpenBatch; recipients: Recipient[]; message: OutgoingMessage };

/** What a step leaves: prepare the next batch, go on with one prepared already, or stop. */
type StepResult = "next" | "stopped" | "taken-over" | { next: Promise<Next> };

/** Recipients per batch: the spec's 1,000 (or a test's own size), never over the provider's maximum. */
export function sendBatchSize(providerMaximum: number, requested: number = SEND_BATCH_SIZE): number {
  return Math.max(1, Math.min(requested, providerMaximum));
}

function sendConfig(options: SendJobOptions): SendConfig {
  const { mail } = options;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  return {
    mail,
    pauseMs: options.pauseMs ?? DEFAULT_PAUSE_MS,
    retryDelays,
    maxAttempts: retryDelays.length + 1,
    settleAfterMs: options.settleAfterMs ?? DEFAULT_SETTLE_AFTER_MS,
    batchSize: sendBatchSize(mail.maximumRecipients, options.batchSize),
  };
}

/** The newsletter's job (`newsletter:send`): the send named by the job's payload. */
export function createSendHandler(options: SendJobOptions): JobHandler {
  const config = sendConfig(options);
  return (ctx) => runSend(ctx, config, Number(ctx.job.payload.sendId), newsletterMailing);
}

/**
 * Walks one send of another mailing inside the caller's job (the listing alerts' runs): prepared on
 * its first run, resumed on the next, with the same guarantees as a newsletter.
 */
export function runMailingSend<R extends Recipient>(
  ctx: JobContext,
  options: SendJobOptions,
  sendId: number,
  mailing: Mailing<R>,
): Promise<SendProgress> {
  return runSend(ctx, sendConfig(options), sendId, mailing);
}

async function runSend<R extends Recipient>(
  ctx: JobContext,
  config: SendConfig,
  sendId: number,
  mailing: Mailing<R>,
): Promise<SendProgress> {
  const { db } = ctx;
  const log = logger.child({ sendId, jobId: ctx.job.id });
  const send = await openSend(ctx, config, sendId, mailing, log);
  if (!send) return { ...emptyProgress(sendId), message: "Nema šta da se pošalje." };

  const executor = randomUUID();
  await takeOverSend(db, sendId, executor);
  const render = await mailing.renderer(db, send, config.mail);
  const run: SendRun<R> = { ctx, config, sendId, mailing, executor, render, log };

  const outcome = await walkBatches(run);
  if (outcome === "stopped") return stopped(run);
  if (outcome === "taken-over") return progressOf(db, sendId);
  await finishSend(db, sendId);
  const done = await progressOf(db, sendId);
  log.info({ recipients: done.recipientsSent, batches: done.batchesDone }, "send done");
  return { ...done, message: "Poslato" };
}

const emptyProgress = (sendId: number): SendProgress => ({
  sendId,
  batchesDone: 0,
  totalBatches: 0,
  recipientsSent: 0,
  totalRecipients: 0,
});

/** The send to walk, its batches frozen on the first run; null when there is nothing to send. */
async function openSend<R extends Recipient>(
  ctx: JobContext,
  config: SendConfig,
  sendId: number,
  mailing: Mailing<R>,
  log: typeof logger,
): Promise<SendRow | null> {
  const { db } = ctx;
  const send = await getSend(db, sendId);
  if (!send || (send.status !== "queued" && send.status !== "sending")) return null;
  if (send.status !== "queued") return send;
  await prepareBatches(db, send, config.batchSize, config.mail.name, mailing);
  const prepared = (await getSend(db, sendId)) as SendRow;
  log.info(
    {
      kind: prepared.kind,
      batches: prepared.totalBatches,
      recipients: prepared.totalRecipients,
      provider: config.mail.name,
    },
    "send prepared",
  );
  if (prepared.totalRecipients === 0 && mailing.whenEmpty === "discard") {
    await deleteSend(db, sendId);
    return null;
  }
  if (prepared.totalRecipients === 0) {
    const message = NEWSLETTER_MESSAGES.sendFailed(NEWSLETTER_MESSAGES.noRecipients);
    await markSendEnded(db, sendId, "failed", message);
    throw new PermanentJobError(message);
  }
  return prepared;
}

/** Stopped from outside: a person (cancel) or the process (shutdown, lost lease). */
async function stopped<R extends Recipient>(run: SendRun<R>): Promise<SendProgress> {
  const { db } = run.ctx;
  if (await cancelWasRequested(db, run.ctx.job.id)) {
    await markSendEnded(db, run.sendId, "cancelled", null);
    run.log.info("newsletter send cancelled");
  }
  return progressOf(db, run.sendId);
}

/** The next open batch, its recipients still active and its message, built ahead of time. */
async function prepareNext<R extends Recipient>(run: SendRun<R>): Promise<Next> {
  const { db } = run.ctx;
  const batch = await nextOpenBatch(db, run.sendId);
  if (!batch) return { kind: "none" };
  // A batch left "sending": its answer was lost (the process died with it in flight).
  if (batch.status === "sending") return { kind: "settle", batch };
  const recipients = await run.mailing.recipients(db, batch);
  // Everyone in this batch left after the list was frozen.
  if (recipients.length === 0) return { kind: "empty", batch };
  return { kind: "send", batch, recipients, message: run.render(batch.batchNo, recipients) };
}

/** One open batch after another until none is left, the run is stopped or another process took over. */
async function walkBatches<R extends Recipient>(run: SendRun<R>): Promise<"done" | "stopped" | "taken-over"> {
  let next = prepareNext(run);
  for (;;) {
    if (run.ctx.signal.aborted) return "stopped";
    const step = await next;
    let result: StepResult;
    if (step.kind === "none") return "done";
    if (step.kind === "settle") result = await settleBatch(run, step.batch);
    else if (step.kind === "empty") {
      await markSent(run.ctx.db, step.batch, "", 0);
      result = "next";
    } else result = await sendBatch(run, step);
    if (result === "next") next = prepareNext(run);
    else if (typeof result === "string") return result;
    else next = result.next;
  }
}

/** A batch whose answer was lost: the provider says whether it accepted it (after `settleAfterMs`). */
async function settleBatch<R extends Recipient>(run: SendRun<R>, batch: OpenBatch): Promise<StepResult> {
  const { ctx, config, sendId } = run;
  const startedAt = batch.attemptStartedAt ?? new Date(0);
  const wait = startedAt.getTime() + config.settleAfterMs - Date.now();
  if (wait > 0 && !(await ctx.sleep(wait))) return "stopped";
  const accepted = await config.mail.wasAccepted({
    reference: batchReference(sendId, batch.batchNo),
    recipient: batch.probeEmail ?? "",
    since: startedAt,
  });
  run.log.warn({ batch: batch.batchNo, accepted }, "settled a batch whose answer was lost");
  emitTelemetry({ type: "newsletter-batch", result: accepted ? "settled-sent" : "settled-unsent" });
  if (accepted) await markSent(ctx.db, batch, "", batch.recipientsSent);
  else await backToPending(ctx.db, batch, "Odgovor na slanje je izgubljen; provajder ga nije primio.");
  return "next";
}

/** Claims a batch, submits it and records the answer; the next batch is prepared during the pause. */
async function sendBatch<R extends Recipient>(
  run: SendRun<R>,
  step: Extract<Next, { kind: "send" }>,
): Promise<StepResult> {
  const { ctx, config, sendId } = run;
  const { batch, recipients, message } = step;
  if (!(await claimBatch(ctx.db, batch, recipients, run.executor))) {
    // Another process took this send over (our lease ran out): it goes on, we stop here.
    run.log.warn({ batch: batch.batchNo }, "newsletter send taken over by another process; stopping here");
    return "taken-over";
  }
  try {
    // Not aborted by a shutdown: the request in flight finishes and is recorded first.
    const receipt = await config.mail.send(message);
    // The pause starts when the provider accepted the batch; our bookkeeping and the next
    // batch's preparation happen inside it.
    const pause = ctx.sleep(config.pauseMs);
    emitTelemetry({ type: "newsletter-batch", result: "sent" });
    await markSent(ctx.db, batch, receipt.id, recipients.length);
    const progress = await progressOf(ctx.db, sendId);
    await ctx.report(progress);
    if (progress.batchesDone >= progress.totalBatches) return { next: Promise.resolve({ kind: "none" }) };
    const next = prepareNext(run);
    next.catch(() => {}); // Awaited by the caller; a failure surfaces there.
    if (!(await pause)) return "stopped";
    return { next };
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
    return refused(run, batch, batch.attempts + 1, error);
  }
}

/** The provider refused the batch (or its answer was lost): retry later, settle it, or fail the send. */
async function refused<R extends Recipient>(
  run: SendRun<R>,
  batch: OpenBatch,
  attempt: number,
  error: MailError,
): Promise<StepResult> {
  const { ctx, config, sendId } = run;
  emitTelemetry({ type: "newsletter-batch", result: error.uncertain ? "uncertain" : "refused" });
  if (error.uncertain) {
    run.log.warn(
      { err: error, batch: batch.batchNo },
      "batch answer lost; it will be settled with the provider",
    );
    return "next";
  }
  await backToPending(ctx.db, batch, error.message);
  if (attempt >= config.maxAttempts) {
    const failure = run.mailing.failureMessage(error.message);
    run.log.error({ err: error, batch: batch.batchNo, attempts: attempt }, "batch refused; send failed");
    await markSendEnded(ctx.db, sendId, "failed", failure);
    throw new PermanentJobError(failure);
  }
  run.log.warn({ err: error, batch: batch.batchNo, attempt }, "batch refused; retrying");
  await noteSendError(
    ctx.db,
    sendId,
    `Grupa ${batch.batchNo}, pokušaj ${attempt} od ${config.maxAttempts}: ${error.message}`,
  );
  if (!(await ctx.sleep(config.retryDelays[attempt - 1]))) return "stopped";
  return "next";
}
