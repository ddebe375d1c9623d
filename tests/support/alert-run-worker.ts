/**
 * A separate process that runs the daily alert run the way the server does (the job runner with
 * the alert run's handler over the newsletter's send machinery, Mailgun at MAILGUN_BASE_URL), so
 * that a test can kill it with SIGKILL mid-send and prove that another process finishes the run
 * with no alert e-mail twice and none missing (app/domain/alerts/crash-resume.int.test.ts).
 *
 *   tsx tests/support/alert-run-worker.ts '{"pglite":"/tmp/dir"}' | '{"postgres":"postgres://…"}'
 *   env: MAILGUN_API_KEY, MAILGUN_DOMAIN, MAILGUN_BASE_URL
 */
import { openDatabase } from "../../app/db/client.server";
import { ALERT_RUN_KINDS, createAlertRunHandler } from "../../app/domain/alerts/run-job.server";
import { startJobRunner } from "../../app/domain/jobs/runner.server";
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
    [ALERT_RUN_KINDS.daily]: createAlertRunHandler("daily", () => ({
      // Longer than the request timeout above: no request of ours is in flight when we ask.
      options: { mail, pauseMs: 50, batchSize: 100, settleAfterMs: 2500 },
      origin: "https://balkanvozaci.test",
    })),
  },
});
process.stdout.write("ready\n");
setInterval(() => {}, 1 << 30);
