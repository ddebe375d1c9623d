/**
 * "Killing the server mid-send and starting it again finishes the job with every subscriber
 * receiving exactly one message": a real second process runs the send and is killed with SIGKILL
 * twice — once with a batch's request in flight that Mailgun never got, once with a batch Mailgun
 * accepted whose answer never came back — and then this process finishes the send.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { emailStats, newsletterSendBatches, newsletterSubscribers } from "~/db/schema";
import { JOB_LEASE_MS, JOB_POLL_MS, type JobRunner, startJobRunner } from "~/domain/jobs/runner.server";
import { createMailgun } from "~/integrations/mailgun/mailgun.server";
import { createTestDatabase, describeDb, TEST_DRIVER, type TestDatabase } from "../../../tests/support/db";
import { type FakeMailgun, startFakeMailgun } from "../../../tests/support/fake-mailgun";
import { databaseUrl } from "../../../tests/support/global-setup";
import { until as waitUntil } from "../../../tests/support/until";
import { createSendHandler } from "./send-job.server";
import { createDraft, getSend, queueSend, SEND_JOB_KIND } from "./sends.server";
import { UNSUBSCRIBE_PLACEHOLDER } from "./unsubscribe-link.server";

const SUBSCRIBERS = 1200; // 12 batches of 100
let t: TestDatabase | undefined;
let handle: DatabaseHandle;
let pgliteDir: string | undefined;
let target: { pglite?: string; postgres?: string };
let fake: FakeMailgun;
const children: ChildProcess[] = [];

beforeAll(async () => {
  fake = await startFakeMailgun({ keepCopies: false });
  if (TEST_DRIVER === "postgres") {
    t = await createTestDatabase();
    handle = t.handle;
    const provided = inject("testDb");
    const result = await handle.db.execute(sql`select current_database() as name`);
    const { name } = (result as unknown as { rows: { name: string }[] }).rows[0];
    target = { postgres: databaseUrl((provided as { adminUrl: string }).adminUrl, name) };
  } else {
    // The embedded database in a directory, as the server keeps it.
    pgliteDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "nl-crash-")), "db");
    const provided = inject("testDb") as { templateFile: string };
    handle = await openDatabase({
      driver: "pglite",
      dataDir: pgliteDir,
      loadDataDir: new Blob([fs.readFileSync(provided.templateFile)]),
    });
    target = { pglite: pgliteDir };
  }
  const rows = Array.from({ length: SUBSCRIBERS }, (_, i) => ({
    email: `kamion${String(i + 1).padStart(5, "0")}@example.com`,
    source: "website",
  }));
  await handle.db.insert(newsletterSubscribers).values(rows);
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await fake?.close();
  if (t) await t.close();
  else await handle?.close();
  if (pgliteDir) fs.rmSync(path.dirname(pgliteDir), { recursive: true, force: true });
});

/**
 * Runs the worker process until the fake Mailgun's call `killAt` arrives, then kills it with
 * SIGKILL; returns once it has exited.
 */
async function runWorkerUntilKilled(killAt: number, when: "before" | "after"): Promise<void> {
  fake.hang(killAt, when);
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "tests/support/newsletter-send-worker.ts", JSON.stringify(target)],
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
  const deadline = Date.now() + 60_000;
  while (fake.calls < killAt) {
    if (child.exitCode !== null) throw new Error(`worker exited early (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error(`worker never reached call ${killAt} (at ${fake.calls})`);
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill("SIGKILL");
  await exited;
}

const until = <T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000) => waitUntil(read, ok, ms, 50);

describeDb("newsletter send across process crashes", () => {
  it("finishes after two SIGKILLs with every subscriber receiving exactly one message", async () => {
    const { db } = handle;
    const draft = await createDraft(db, {
      kind: "manual",
      subject: "Tri vesti",
      html: `<p>Vesti</p><a href="${UNSUBSCRIBE_PLACEHOLDER}">Odjava</a>`,
      text: `Vesti ${UNSUBSCRIBE_PLACEHOLDER}`,
      articleIds: [],
      origin: "https://balkanvozaci.test",
      createdBy: "admin@x.com",
    });
    const queued = await queueSend(db, {
      draftId: draft.id,
      subject: "Tri vesti",
      audience: "all",
      subscriberIds: [],
      createdBy: null,
    });
    if (!queued.ok) throw new Error(queued.code);
    const sendId = queued.send.id;
    if (handle.driver === "pglite") await handle.close();

    // 1st process: killed while batch 4's request hangs before Mailgun accepted it.
    await runWorkerUntilKilled(4, "before");
    // 2nd process: takes the job over when the lease runs out; killed after Mailgun accepted batch 8.
    const second = runWorkerUntilKilled(9, "after");
    // With the runner's own lease and heartbeat the job goes on after a crash: the lease runs out
    // (at most JOB_LEASE_MS after the last heartbeat) and the next poll takes it over (docs/decisions/140).
    // Its next call to Mailgun is the sign that it did. The bound is the runner's settings, not the
    // wall clock of a shared machine: a busy machine only makes the wait longer.
    expect(JOB_LEASE_MS + JOB_POLL_MS).toBeLessThanOrEqual(10_000);
    await until(
      async () => fake.calls,
      (calls) => calls > 4,
    );
    await second;
    expect(fake.deliveries.size).toBeGreaterThanOrEqual(700);

    // This process starts again and finishes.
    if (handle.driver === "pglite")
      handle = await openDatabase({ driver: "pglite", dataDir: target.pglite ?? null });
    fake.clearFaults();
    const mail = createMailgun({ apiKey: fake.apiKey, domain: fake.domain, baseUrl: fake.url });
    const runner: JobRunner = startJobRunner({
      db: handle.db,
      handlers: {
        [SEND_JOB_KIND]: createSendHandler({ mail, pauseMs: 20, batchSize: 100, settleAfterMs: 0 }),
      },
      pollMs: 100,
      heartbeatMs: 200,
    });
    try {
      await until(
        async () => (await getSend(handle.db, sendId))?.status,
        (s) => s === "done",
      );
    } finally {
      await runner.stop();
    }

    const emails = (
      await handle.db
        .select({ email: newsletterSubscribers.email })
        .from(newsletterSubscribers)
        .orderBy(asc(newsletterSubscribers.id))
    ).map((r) => r.email);
    expect(fake.violations).toEqual([]);
    const notOnce = emails.filter((e) => fake.deliveries.get(e) !== 1);
    expect(notOnce.map((e) => `${e}: ${fake.deliveries.get(e) ?? 0}`).slice(0, 5)).toEqual([]);
    expect(fake.deliveries.size).toBe(SUBSCRIBERS);

    const batches = await handle.db
      .select()
      .from(newsletterSendBatches)
      .where(eq(newsletterSendBatches.sendId, sendId))
      .orderBy(asc(newsletterSendBatches.batchNo));
    expect(batches).toHaveLength(12);
    expect(batches.map((b) => b.status)).toEqual(Array(12).fill("sent"));
    // Batch 4 was sent again (Mailgun never got the first try); batch 8 was not (it had been accepted).
    expect(batches[3].attempts).toBe(2);
    expect(batches[7].attempts).toBe(1);
    expect(await getSend(handle.db, sendId)).toMatchObject({ batchesDone: 12, recipientsSent: SUBSCRIBERS });
    expect(await handle.db.select().from(emailStats)).toMatchObject([
      { recipientCount: SUBSCRIBERS, provider: "mailgun" },
    ]);
  });
});
