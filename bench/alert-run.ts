/**
 * The daily alert run (docs/decisions/303) for N confirmed alerts (default 10,000) and M listings
 * approved since (default 200), through the real job runner and alert-run handler over the
 * newsletter's send machinery, against the fake Mailgun in a process of its own. Batches of
 * Mailgun's 1,000 recipients with the real 1-second pause. Prints the wall time from "run now" to
 * the run's end, the time outside the pauses, the SQL statements the run sent, the e-mails and
 * listing lines sent, and what the fake received (every alert with a match exactly once).
 *
 *   npx tsx bench/alert-run.ts                        # embedded database (PGlite in a temp dir)
 *   npx tsx bench/alert-run.ts --driver postgres      # a throwaway PostgreSQL cluster
 *   npx tsx bench/alert-run.ts --alerts 2000 --listings 50
 * Results: bench/README.md.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { count, eq, sql } from "drizzle-orm";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../app/db/client.server";
import { runMigrations } from "../app/db/migrate.server";
import { jobs, listingAlertMatches, listingAlerts } from "../app/db/schema";
import {
  ALERT_RUN_KINDS,
  createAlertRunHandler,
  ensureAlertRunsScheduled,
  runDailyAlertsNow,
} from "../app/domain/alerts/run-job.server";
import { type JobRunner, startJobRunner } from "../app/domain/jobs/runner.server";
import { changeListingStatus, createListing } from "../app/domain/listings/listings.server";
import type { JobData, SaleData } from "../app/domain/listings/validation";
import { createMailgun } from "../app/integrations/mailgun/mailgun.server";
import { startPostgres } from "./support/cluster.mjs";

const { values: opts } = parseArgs({
  options: {
    driver: { type: "string", default: "pglite" },
    alerts: { type: "string", default: "10000" },
    listings: { type: "string", default: "200" },
  },
});
const ALERTS = Number(opts.alerts);
const LISTINGS = Number(opts.listings);

/** Every SQL statement a client sends, whichever driver (PGlite's transactions included). */
let statements = 0;
function countStatements() {
  const clientQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements++;
    return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof clientQuery;
  const liteQuery = PGlite.prototype.query;
  PGlite.prototype.query = function (this: PGlite, ...args: unknown[]) {
    statements++;
    return (liteQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof liteQuery;
  const liteTransaction = PGlite.prototype.transaction;
  PGlite.prototype.transaction = function (this: PGlite, callback: (tx: never) => Promise<unknown>) {
    return liteTransaction.call(this, async (tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((...args: Parameters<typeof txQuery>) => {
        statements++;
        return txQuery(...args);
      }) as typeof tx.query;
      return callback(tx as never);
    });
  } as typeof liteTransaction;
}

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

const STATES = ["Ohio", "Texas", "Illinois", "Indiana", "Pennsylvania", "Georgia", "California", "Florida"];
const JOB_WORDS = ["reefer", "flatbed", "dry van", "hazmat", "tanker", "owner operator"];
const SALE_WORDS = ["cascadia", "volvo", "peterbilt", "kenworth"];

/** Alert i: a job alert (4 in 5) or a sale alert, with a word half the time and a state most times. */
function alertRow(i: number, confirmedAt: Date) {
  const job = i % 5 !== 0;
  const words = job ? JOB_WORDS : SALE_WORDS;
  return {
    email: `vozac${String(i + 1).padStart(6, "0")}@example.com`,
    kind: job ? ("job" as const) : ("sale" as const),
    status: "active" as const,
    frequency: "daily" as const,
    script: i % 3 === 0 ? ("cir" as const) : ("lat" as const),
    q: i % 2 === 0 ? words[i % words.length] : "",
    state: i % 4 === 3 ? null : STATES[i % STATES.length],
    confirmedAt,
  };
}

function listingData(i: number): JobData | SaleData {
  const state = STATES[(i * 7) % STATES.length];
  if (i % 4 !== 3) {
    const word = JOB_WORDS[i % JOB_WORDS.length];
    return {
      kind: "job",
      title: `CDL-A vozač, ${word} ture, oglas ${i + 1}`,
      description: `Tražimo vozača za ${word} ture, nedeljna isplata.`,
      city: "Columbus",
      state,
      contactName: "Marko",
      contactPhone: "+1 614 555 0100",
      contactEmail: null,
      companyName: `Prevoznik ${i % 20} LLC`,
      position: "company-driver",
      routeType: "otr",
      equipment: [],
      cdlClass: "A",
      endorsements: [],
      payMin: null,
      payMax: null,
      payUnit: null,
      homeTime: null,
      requirements: null,
    };
  }
  const make = SALE_WORDS[i % SALE_WORDS.length];
  return {
    kind: "sale",
    title: `${make} ${2015 + (i % 8)}, oglas ${i + 1}`,
    description: "Kamion u dobrom stanju, redovno servisiran.",
    city: "Dallas",
    state,
    contactName: "Jovan",
    contactPhone: "+1 214 555 0100",
    contactEmail: null,
    saleCategory: "truck",
    make,
    model: "",
    year: 2015 + (i % 8),
    mileage: 400_000,
    priceCents: 4_000_000,
    condition: "used",
  };
}

async function main() {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-alerts-"));
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
    const confirmedAt = new Date(Date.now() - 3_600_000);
    for (let i = 0; i < ALERTS; i += 1000) {
      const rows = [];
      for (let j = i; j < Math.min(ALERTS, i + 1000); j++) rows.push(alertRow(j, confirmedAt));
      await db.insert(listingAlerts).values(rows);
    }
    const ids: number[] = [];
    for (let i = 0; i < LISTINGS; i++) ids.push(await createListing(db, listingData(i)));
    await changeListingStatus(db, ids, "approve", { reviewer: "bench@example.com" });
    if (handle.driver === "pglite") await db.execute(sql.raw("vacuum analyze"));
    else await db.execute(sql`analyze`);
    await ensureAlertRunsScheduled(db);
    await db.delete(jobs).where(eq(jobs.kind, ALERT_RUN_KINDS.instant));

    const mail = createMailgun({ apiKey: fake.apiKey, domain: fake.domain, baseUrl: fake.url });
    let batches = 0;
    const timed = {
      ...mail,
      async send(message: Parameters<typeof mail.send>[0]) {
        batches++;
        return mail.send(message);
      },
    };
    countStatements();
    // The run's statements: from the handler's start to its end (its lease heartbeats included).
    let inRun = 0;
    let finished!: () => void;
    const done = new Promise<void>((resolve) => {
      finished = resolve;
    });
    const handler = createAlertRunHandler("daily", () => ({
      options: { mail: timed },
      origin: "https://balkanvozaci.example",
    }));
    const started = performance.now();
    if (!(await runDailyAlertsNow(db))) throw new Error("the daily run could not be started");
    runner = startJobRunner({
      db,
      handlers: {
        [ALERT_RUN_KINDS.daily]: async (ctx) => {
          const before = statements;
          try {
            return await handler(ctx);
          } finally {
            inRun = statements - before;
            finished();
          }
        },
      },
      pollMs: 60_000,
    });
    await done;
    const seconds = (performance.now() - started) / 1000;
    // The runner records the run's end after the handler returned.
    for (;;) {
      const [run] = await db
        .select({ status: jobs.status, error: jobs.lastError })
        .from(jobs)
        .where(sql`${jobs.kind} = ${ALERT_RUN_KINDS.daily} and ${jobs.status} in ('done', 'failed')`);
      if (run?.status === "failed") throw new Error(run.error ?? "the run failed");
      if (run?.status === "done") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await runner.stop();
    runner = undefined;
    const [{ n: pairs }] = await db.select({ n: count() }).from(listingAlertMatches);
    const stats = (await (await fetch(`${fake.url}/__stats`)).json()) as {
      recipients: number;
      duplicates: number;
      acceptedCalls: number;
      violations: string[];
    };
    console.log(
      `driver: ${handle.driver}; ${ALERTS.toLocaleString("en")} confirmed daily alerts; ${LISTINGS} listings approved since`,
    );
    console.log(
      `wall time, "run now" → done: ${seconds.toFixed(1)} s for ${batches} batches (${Math.max(0, batches - 1)} pauses of 1 s); outside the pauses ${(seconds - Math.max(0, batches - 1)).toFixed(1)} s`,
    );
    console.log(`SQL statements sent by the run: ${inRun.toLocaleString("en")}`);
    console.log(
      `e-mails: ${stats.recipients.toLocaleString("en")} (one per alert with a match), ${Number(pairs).toLocaleString("en")} listing lines recorded; ${stats.acceptedCalls} Mailgun calls, ${stats.duplicates} addresses got more than one, violations: ${stats.violations.length}`,
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
