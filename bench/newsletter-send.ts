/**
 * A newsletter send to N subscribers (default 100,000) through the real send job against the fake
 * Mailgun (its own process, on loopback): batches of 1,000 with the 1-second pause, so 100 batches
 * cost at least 99 s of pauses. Prints the wall time, the time spent per batch outside the pauses,
 * the process memory over the send (sampled every second), and what the fake received (every
 * recipient exactly once).
 *
 *   npx tsx bench/newsletter-send.ts                        # embedded database (PGlite in a temp DATA_DIR)
 *   npx tsx bench/newsletter-send.ts --driver postgres      # a throwaway PostgreSQL cluster
 *   npx tsx bench/newsletter-send.ts --subscribers 20000    # smaller
 * Results: bench/README.md.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "../app/db/client.server";
import { runMigrations } from "../app/db/migrate.server";
import { type JobRunner, startJobRunner } from "../app/domain/jobs/runner.server";
import { composeNewsletter, dynamicArticles } from "../app/domain/newsletter/content.server";
import { createSendHandler } from "../app/domain/newsletter/send-job.server";
import { createDraft, getSend, queueSend, SEND_JOB_KIND } from "../app/domain/newsletter/sends.server";
import { createMailgun } from "../app/integrations/mailgun/mailgun.server";
import { createLocalStorage } from "../app/integrations/storage/local.server";
import { startPostgres } from "./support/cluster.mjs";

const { values: opts } = parseArgs({
  options: {
    driver: { type: "string", default: "pglite" },
    subscribers: { type: "string", default: "100000" },
  },
});
const N = Number(opts.subscribers);
const MB = 1024 * 1024;

async function startFake(): Promise<{ url: string; apiKey: string; domain: string; stop(): void }> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/fake-mailgun-cli.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`fake Mailgun exited (${code})`)));
  });
  return { ...JSON.parse(line), stop: () => child.kill("SIGTERM") };
}

async function main() {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-newsletter-"));
  let stopCluster: (() => void) | undefined;
  let handle: DatabaseHandle;
  if (opts.driver === "postgres") {
    const cluster = await startPostgres();
    stopCluster = cluster.stop;
    handle = await openDatabase({ driver: "postgres", url: cluster.url as string, max: 4 });
  } else {
    handle = await openDatabase({ driver: "pglite", dataDir: path.join(temp, "db") });
  }
  const fake = await startFake();
  let runner: JobRunner | undefined;
  try {
    await runMigrations(handle);
    const { db } = handle;
    await db.execute(sql`
      insert into newsletter_subscribers (email, source, subscribed_at)
      select 'vozac' || g || '@example.com', 'website', now() - g * interval '1 minute'
      from generate_series(1, ${N}) g`);
    await db.execute(sql`
      insert into articles (title, excerpt, content, author, category, status, featured_image, published_date)
      select 'Vest broj ' || g || ' za vozače kamiona u Americi', 'Kratak opis vesti za vozače.', '<p>Tekst</p>',
             'Redakcija', 'Vesti', 'publish', '/media/images/1700000000000_1200x800-kamion.jpg', now() - g * interval '1 hour'
      from generate_series(1, 3) g`);
    if (handle.driver === "pglite") await db.execute(sql.raw("vacuum analyze"));

    const composed = await composeNewsletter(db, {
      kind: "dynamic",
      articles: await dynamicArticles(db),
      origin: "https://balkanvozaci.example",
      storage: createLocalStorage(path.join(temp, "storage")),
    });
    const draft = await createDraft(db, {
      kind: "dynamic",
      ...composed,
      origin: "https://balkanvozaci.example",
      createdBy: "bench",
    });
    const mail = createMailgun({ apiKey: fake.apiKey, domain: fake.domain, baseUrl: fake.url });
    const batchTimes: number[] = [];
    const timed = {
      ...mail,
      async send(message: Parameters<typeof mail.send>[0]) {
        const t0 = performance.now();
        const receipt = await mail.send(message);
        batchTimes.push(performance.now() - t0);
        return receipt;
      },
    };

    global.gc?.();
    const memory: { rss: number; heap: number }[] = [];
    const sample = () => {
      const m = process.memoryUsage();
      memory.push({ rss: m.rss / MB, heap: m.heapUsed / MB });
    };
    const sampler = setInterval(sample, 1000);
    const started = performance.now();
    const queued = await queueSend(db, {
      draftId: draft.id,
      subject: composed.subject,
      audience: "all",
      subscriberIds: [],
      createdBy: "bench",
    });
    if (!queued.ok) throw new Error(queued.code);
    runner = startJobRunner({ db, handlers: { [SEND_JOB_KIND]: createSendHandler({ mail: timed }) } });
    for (;;) {
      const send = await getSend(db, queued.send.id);
      if (send?.status === "done") break;
      if (send?.status === "failed") throw new Error(send.lastError ?? "failed");
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    sample();
    const stats = (await (await fetch(`${fake.url}/__stats`)).json()) as {
      recipients: number;
      duplicates: number;
      acceptedCalls: number;
      violations: string[];
    };
    const batches = batchTimes.length;
    const sorted = [...batchTimes].sort((a, b) => a - b);
    const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(0);
    const overhead = seconds - (batches - 1) * 1;
    const rss = memory.map((m) => m.rss);
    const heap = memory.map((m) => m.heap);
    const tenth = Math.max(1, Math.floor(memory.length / 10));
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(
      `driver: ${handle.driver}; ${N.toLocaleString("en")} active subscribers; HTML ${Math.round(composed.html.length / 1024)} KB`,
    );
    console.log(
      `wall time, queue → done: ${seconds.toFixed(1)} s for ${batches} batches (${batches - 1} pauses of 1 s)`,
    );
    console.log(
      `time outside the pauses: ${overhead.toFixed(1)} s (${((overhead / batches) * 1000).toFixed(0)} ms a batch)`,
    );
    console.log(
      `Mailgun call per batch (encode + POST + answer): p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms`,
    );
    console.log(
      `memory (every 1 s): RSS ${Math.min(...rss).toFixed(0)}–${Math.max(...rss).toFixed(0)} MB, heap ${Math.min(...heap).toFixed(0)}–${Math.max(...heap).toFixed(0)} MB; heap first 10 % avg ${avg(heap.slice(0, tenth)).toFixed(0)} MB, last 10 % avg ${avg(heap.slice(-tenth)).toFixed(0)} MB`,
    );
    console.log(
      `fake Mailgun: ${stats.acceptedCalls} calls accepted, ${stats.recipients.toLocaleString("en")} recipients, ${stats.duplicates} got more than one message, violations: ${stats.violations.length}`,
    );
  } finally {
    await runner?.stop();
    fake.stop();
    await handle.close();
    stopCluster?.();
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
