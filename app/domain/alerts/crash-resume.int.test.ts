/**
 * "The alert send is a durable job: kill -9 mid-send, no alert e-mail twice, none missing." A real
 * second process runs the daily alert run and is killed with SIGKILL twice — once with a batch's
 * request in flight that Mailgun never got, once with a batch Mailgun accepted whose answer never
 * came back — and then this process finishes it: every alert gets exactly one e-mail with its three
 * new listings.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import {
  jobs,
  listingAlertMatches,
  listingAlerts,
  newsletterSendBatches,
  newsletterSends,
} from "~/db/schema";
import { type JobRunner, startJobRunner } from "~/domain/jobs/runner.server";
import { changeListingStatus, createListing } from "~/domain/listings/listings.server";
import { createMailgun } from "~/integrations/mailgun/mailgun.server";
import { createTestDatabase, describeDb, TEST_DRIVER, type TestDatabase } from "../../../tests/support/db";
import { type FakeMailgun, startFakeMailgun } from "../../../tests/support/fake-mailgun";
import { databaseUrl } from "../../../tests/support/global-setup";
import { until as waitUntil } from "../../../tests/support/until";
import {
  ALERT_RUN_KINDS,
  createAlertRunHandler,
  ensureAlertRunsScheduled,
  runDailyAlertsNow,
} from "./run-job.server";

const ALERTS = 1200; // 12 batches of 100
let t: TestDatabase | undefined;
let handle: DatabaseHandle;
let pgliteDir: string | undefined;
let target: { pglite?: string; postgres?: string };
let fake: FakeMailgun;
const children: ChildProcess[] = [];
const listingIds: number[] = [];

beforeAll(async () => {
  fake = await startFakeMailgun();
  if (TEST_DRIVER === "postgres") {
    t = await createTestDatabase();
    handle = t.handle;
    const provided = inject("testDb");
    const result = await handle.db.execute(sql`select current_database() as name`);
    const { name } = (result as unknown as { rows: { name: string }[] }).rows[0];
    target = { postgres: databaseUrl((provided as { adminUrl: string }).adminUrl, name) };
  } else {
    pgliteDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "alerts-crash-")), "db");
    const provided = inject("testDb") as { templateFile: string };
    handle = await openDatabase({
      driver: "pglite",
      dataDir: pgliteDir,
      loadDataDir: new Blob([fs.readFileSync(provided.templateFile)]),
    });
    target = { pglite: pgliteDir };
  }
  const confirmedAt = new Date(Date.now() - 3_600_000);
  await handle.db.insert(listingAlerts).values(
    Array.from({ length: ALERTS }, (_, i) => ({
      email: `vozac${String(i + 1).padStart(5, "0")}@example.com`,
      kind: "job" as const,
      status: "active" as const,
      frequency: "daily" as const,
      confirmedAt,
    })),
  );
  for (const title of ["Reefer vozač Ohio", "Dry van regionalno", "Flatbed OTR"]) {
    const id = await createListing(handle.db, {
      kind: "job",
      title,
      description: "Posao za iskusnog CDL-A vozača, odmah.",
      city: "Columbus",
      state: "Ohio",
      contactName: "Marko",
      contactPhone: "+1 614 555 0100",
      contactEmail: null,
      companyName: "Orao Transport",
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
    });
    await changeListingStatus(handle.db, [id], "approve", { reviewer: "admin@x.com" });
    listingIds.push(id);
  }
  await ensureAlertRunsScheduled(handle.db);
  // Only the daily run here: the instant one has nothing to do with daily alerts.
  await handle.db.delete(jobs).where(eq(jobs.kind, ALERT_RUN_KINDS.instant));
  expect(await runDailyAlertsNow(handle.db)).toBe(true);
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await fake?.close();
  if (t) await t.close();
  else await handle?.close();
  if (pgliteDir) fs.rmSync(path.dirname(pgliteDir), { recursive: true, force: true });
});

/** Runs the worker until the fake Mailgun's call `killAt` arrives, then kills it with SIGKILL. */
async function runWorkerUntilKilled(killAt: number, when: "before" | "after"): Promise<void> {
  fake.hang(killAt, when);
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "tests/support/alert-run-worker.ts", JSON.stringify(target)],
    {
      env: {
        ...process.env,
        MAILGUN_API_KEY: fake.apiKey,
        MAILGUN_DOMAIN: fake.domain,
        MAILGUN_BASE_URL: fake.url,
        LOG_LEVEL: "silent",
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  children.push(child);
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`worker exited early (${child.exitCode})`);
      return fake.calls;
    },
    (calls) => calls >= killAt,
    120_000,
    20,
  );
  child.kill("SIGKILL");
  await exited;
}

describeDb("alert run across process crashes", () => {
  it("finishes after two SIGKILLs with every alert getting exactly one e-mail", async () => {
    if (handle.driver === "pglite") await handle.close();
    // 1st process: killed while batch 4's request hangs before Mailgun accepted it.
    await runWorkerUntilKilled(4, "before");
    // 2nd process: takes the job over when its lease runs out; killed after Mailgun accepted batch 8.
    await runWorkerUntilKilled(9, "after");

    // This process takes over and finishes.
    if (handle.driver === "pglite")
      handle = await openDatabase({ driver: "pglite", dataDir: target.pglite ?? null });
    fake.clearFaults();
    const mail = createMailgun({ apiKey: fake.apiKey, domain: fake.domain, baseUrl: fake.url });
    const runner: JobRunner = startJobRunner({
      db: handle.db,
      handlers: {
        [ALERT_RUN_KINDS.daily]: createAlertRunHandler("daily", () => ({
          options: { mail, pauseMs: 20, batchSize: 100, settleAfterMs: 0 },
          origin: "https://balkanvozaci.test",
        })),
      },
      pollMs: 100,
      heartbeatMs: 200,
    });
    try {
      await waitUntil(
        async () =>
          (await handle.db.select({ status: newsletterSends.status }).from(newsletterSends))[0]?.status,
        (s) => s === "done",
        120_000,
        50,
      );
    } finally {
      await runner.stop();
    }

    const emails = (
      await handle.db
        .select({ email: listingAlerts.email })
        .from(listingAlerts)
        .orderBy(asc(listingAlerts.id))
    ).map((r) => r.email);
    expect(fake.violations).toEqual([]);
    const notOnce = emails.filter((e) => fake.deliveries.get(e) !== 1);
    expect(notOnce.map((e) => `${e}: ${fake.deliveries.get(e) ?? 0}`).slice(0, 5)).toEqual([]);
    expect(fake.deliveries.size).toBe(ALERTS);
    // Every e-mail lists the three new listings; every pair is recorded once.
    const copy = fake.copies.get(emails[0]);
    for (const id of listingIds) expect(copy?.html).toMatch(new RegExp(`-${id}"`));
    expect(await handle.db.select({ n: count() }).from(listingAlertMatches)).toEqual([{ n: ALERTS * 3 }]);

    const batches = await handle.db
      .select()
      .from(newsletterSendBatches)
      .orderBy(asc(newsletterSendBatches.batchNo));
    expect(batches).toHaveLength(12);
    expect(batches.map((b) => b.status)).toEqual(Array(12).fill("sent"));
    // Batch 4 was sent again (Mailgun never got the first try); batch 8 was not (it had been accepted).
    expect(batches[3].attempts).toBe(2);
    expect(batches[7].attempts).toBe(1);
  }, 300_000);
});
