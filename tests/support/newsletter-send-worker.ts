/**
 * A separate process that runs newsletter sends the way the server does (the job runner with the
 * send handler, Mailgun at MAILGUN_BASE_URL), so that a test can kill it with SIGKILL mid-send —
 * no shutdown, no cleanup — and prove that another process finishes the job with every recipient
 * getting exactly one message.
 *
 *   tsx tests/support/newsletter-send-worker.ts '{"pglite":"/tmp/dir"}' | '{"postgres":"postgres://…"}'
 *   env: MAILGUN_API_KEY, MAILGUN_DOMAIN, MAILGUN_BASE_URL; prints "ready" once running.
 */
import { openDatabase } from "../../app/db/client.server";
import { startJobRunner } from "../../app/domain/jobs/runner.server";
import { createSendHandler } from "../../app/domain/newsletter/send-job.server";
import { SEND_JOB_KIND } from "../../app/domain/newsletter/sends.server";
import { createMailgun } from "../../app/integrations/mailgun/mailgun.server";

const target = JSON.parse(process.argv[2] ?? "{}") as { pglite?: string; postgres?: string };
const handle = target.postgres
  ? await openDatabase({ driver: "postgres", url: target.postgres, max: 2 })
  : await openDatabase({ driver: "pglite", dataDir: target.pglite ?? null });
const mail = createMailgun({
  apiKey: process.env.MAILGUN_API_KEY ?? "",
  domain: process.env.MAILGUN_DOMAIN ?? "",
  baseUrl: process.env.MAILGUN_BASE_URL ?? "",
  timeoutMs: 2000,
});
startJobRunner({
  db: handle.db,
  handlers: {
    [SEND_JOB_KIND]: createSendHandler({
      mail,
      pauseMs: Number(process.env.PAUSE_MS ?? 50),
      batchSize: 100,
      // Longer than the request timeout below: no request of ours is in flight when we ask.
      settleAfterMs: 2500,
    }),
  },
  // The runner's own lease, heartbeat and poll (JOB_LEASE_MS …): the test times the takeover.
});
process.stdout.write("ready\n");
setInterval(() => {}, 1 << 30);
