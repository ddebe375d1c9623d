import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { emailStats, jobs, newsletterSendBatches, newsletterSends, newsletterSubscribers } from "~/db/schema";
import { getJob } from "~/domain/jobs/queue.server";
import { type JobRunner, startJobRunner } from "~/domain/jobs/runner.server";
import { storedErrorText } from "~/http/errors";
import { createMailgun } from "~/integrations/mailgun/mailgun.server";
import { createOutbox, personalize } from "~/integrations/mailgun/outbox.server";
import type { MailProvider } from "~/integrations/mailgun/provider";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { type FakeMailgun, startFakeMailgun } from "../../../tests/support/fake-mailgun";
import { until } from "../../../tests/support/until";
import { inWords } from "../../../tests/support/words";
import { createSendHandler, type SendJobOptions } from "./send-job.server";
import { cancelSend, createDraft, getSend, queueSend, resumeSend, SEND_JOB_KIND } from "./sends.server";
import { UNSUBSCRIBE_PLACEHOLDER, unsubscribeSecret, verifyUnsubscribe } from "./unsubscribe-link.server";

let t: TestDatabase;
let fake: FakeMailgun;
let runner: JobRunner | undefined;
const ACTIVE = 450;
const INACTIVE = 30;

beforeAll(async () => {
  t = await createTestDatabase();
  const rows = [];
  for (let i = 1; i <= ACTIVE + INACTIVE; i++) {
    rows.push({
      email: `vozac${String(i).padStart(4, "0")}@example.com`,
      isActive: i <= ACTIVE,
      source: "website",
    });
  }
  await t.db.insert(newsletterSubscribers).values(rows);
});
beforeEach(async () => {
  fake = await startFakeMailgun();
});
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
  await fake.close();
  await t.db.delete(jobs);
  await t.db.delete(newsletterSends);
  await t.db.delete(emailStats);
});
afterAll(async () => t?.close());

function mailgun(timeoutMs?: number): MailProvider {
  return createMailgun({ apiKey: fake.apiKey, domain: fake.domain, baseUrl: fake.url, timeoutMs });
}

function start(options: Partial<SendJobOptions> & { mail: MailProvider }) {
  runner = startJobRunner({
    db: t.db,
    handlers: {
      [SEND_JOB_KIND]: createSendHandler({
        pauseMs: 5,
        retryDelaysMs: [20, 40],
        batchSize: 100,
        settleAfterMs: 0,
        ...options,
      }),
    },
    pollMs: 50,
    heartbeatMs: 100,
    retryDelayMs: () => 50,
  });
}

async function queue(audience: "all" | "selected" = "all", subscriberIds: number[] = []) {
  const draft = await createDraft(t.db, {
    kind: "manual",
    subject: "Vesti nedelje",
    html: `<p>Zdravo</p><a href="${UNSUBSCRIBE_PLACEHOLDER}">Odjava</a>`,
    text: `Zdravo\nOdjava: ${UNSUBSCRIBE_PLACEHOLDER}`,
    articleIds: [],
    origin: "https://balkanvozaci.test",
    createdBy: "admin@x.com",
  });
  const result = await queueSend(t.db, {
    draftId: draft.id,
    subject: "Vesti nedelje",
    audience,
    subscriberIds,
    createdBy: "admin@x.com",
  });
  if (!result.ok) throw new Error(result.code);
  return result.send.id;
}

const statusOf = (id: number) => async () => (await getSend(t.db, id))?.status;

async function activeEmails(): Promise<string[]> {
  const rows = await t.db
    .select({ email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.isActive, true))
    .orderBy(asc(newsletterSubscribers.id));
  return rows.map((r) => r.email);
}

function expectExactlyOnce(expected: string[]) {
  expect(fake.violations).toEqual([]);
  expect([...fake.deliveries.keys()].sort()).toEqual([...expected].sort());
  const twice = [...fake.deliveries.entries()].filter(([, n]) => n !== 1);
  expect(twice).toEqual([]);
}

async function statsTotal(): Promise<number> {
  const [{ n }] = await t.db
    .select({ n: sql<number>`coalesce(sum(${emailStats.recipientCount}), 0)::int` })
    .from(emailStats)
    .where(eq(emailStats.emailType, "newsletter"));
  return Number(n);
}

describeDb("newsletter send job", () => {
  it("sends every active subscriber exactly one copy of their own, in batches, and records the stats", async () => {
    start({ mail: mailgun() });
    const sendId = await queue();
    await until(statusOf(sendId), (s) => s === "done");
    const expected = await activeEmails();
    expectExactlyOnce(expected);
    expect(fake.batches.map((b) => b.length)).toEqual([100, 100, 100, 100, 50]);

    const secret = await unsubscribeSecret(t.db);
    const [first] = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, expected[0]));
    const copy = fake.copies.get(first.email);
    expect(copy).toBeDefined();
    expect(copy?.from).toBe(`Balkan Vozači <newsletter@${fake.domain}>`);
    expect(copy?.tracking).toEqual({ opens: "yes", clicks: "yes" });
    expect(copy?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<(.+)>$/.exec(copy?.headers["List-Unsubscribe"] ?? "")?.[1] ?? "";
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe("https://balkanvozaci.test/newsletter/odjava");
    expect(url.searchParams.get("id")).toBe(String(first.id));
    expect(verifyUnsubscribe(secret, first.id, first.email, url.searchParams.get("token") ?? "")).toBe(true);
    expect(copy?.html).toContain(`href="${link.replaceAll("&", "&")}"`);
    expect(copy?.text).toContain(link);
    // Each copy names only its own recipient's link.
    expect(fake.copies.get(expected[1])?.html).not.toContain(`id=${first.id}&`);

    const send = await getSend(t.db, sendId);
    expect(send).toMatchObject({
      status: "done",
      totalBatches: 5,
      batchesDone: 5,
      recipientsSent: ACTIVE,
      provider: "mailgun",
    });
    const stats = await t.db.select().from(emailStats);
    expect(stats).toMatchObject([{ recipientCount: ACTIVE, emailType: "newsletter", provider: "mailgun" }]);
  });

  it("retries a batch the provider refused (a 500 on batch 3) and nobody gets two copies", async () => {
    fake.fail(3, 500, '{"message":"Internal error"}');
    start({ mail: mailgun() });
    const sendId = await queue();
    await until(statusOf(sendId), (s) => s === "done");
    expectExactlyOnce(await activeEmails());
    const [third] = await t.db
      .select()
      .from(newsletterSendBatches)
      .where(and(eq(newsletterSendBatches.sendId, sendId), eq(newsletterSendBatches.batchNo, 3)));
    expect(third).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(await statsTotal()).toBe(ACTIVE);
  });

  it("fails past its retries with the provider's status and body, and a resume sends only the rest", async () => {
    fake.fail(3, 500, '{"message":"Mailgun is down"}', { persistent: true });
    start({ mail: mailgun() });
    const sendId = await queue();
    await until(statusOf(sendId), (s) => s === "failed");
    const failed = await getSend(t.db, sendId);
    expect(storedErrorText(failed?.lastError ?? "")).toBe(
      'Greška prilikom slanja newsletter-a: Mailgun 500: {"message":"Mailgun is down"}',
    );
    expect(failed?.batchesDone).toBe(2);
    const job = await getJob(t.db, failed?.jobId ?? 0);
    expect(job).toMatchObject({ status: "failed", attempts: 1, lastError: failed?.lastError });
    expect(fake.deliveries.size).toBe(200);
    expect(await statsTotal()).toBe(200);

    fake.clearFaults();
    const resumed = await resumeSend(t.db, sendId, "admin@x.com");
    expect(resumed.ok).toBe(true);
    await until(statusOf(sendId), (s) => s === "done");
    expectExactlyOnce(await activeEmails());
    expect(await statsTotal()).toBe(ACTIVE);
  });

  it("settles a batch whose answer was lost after the provider accepted it: not sent again", async () => {
    fake.hang(2, "after");
    start({ mail: mailgun(400) });
    const sendId = await queue();
    await until(statusOf(sendId), (s) => s === "done");
    expectExactlyOnce(await activeEmails());
    expect(fake.acceptedCalls).toBe(5);
  });

  it("settles a batch whose request never reached the provider: sent once more", async () => {
    fake.hang(2, "before");
    start({ mail: mailgun(400) });
    const sendId = await queue();
    await until(statusOf(sendId), (s) => s === "done");
    expectExactlyOnce(await activeEmails());
    expect(fake.calls).toBe(6);
  });

  it("skips subscribers who left after the list was frozen, and sends to picked ones only", async () => {
    const picked = await t.db
      .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .orderBy(asc(newsletterSubscribers.id))
      .limit(5);
    // The 5th one is inactive after freezing (it unsubscribes before its batch goes out).
    start({ mail: mailgun(), batchSize: 2, pauseMs: 200 });
    const sendId = await queue(
      "selected",
      picked.map((p) => p.id),
    );
    await until(statusOf(sendId), (s) => s === "sending");
    await t.db
      .update(newsletterSubscribers)
      .set({ isActive: false })
      .where(eq(newsletterSubscribers.id, picked[4].id));
    await until(statusOf(sendId), (s) => s === "done");
    await t.db
      .update(newsletterSubscribers)
      .set({ isActive: true })
      .where(eq(newsletterSubscribers.id, picked[4].id));
    expect([...fake.deliveries.keys()].sort()).toEqual(picked.slice(0, 4).map((p) => p.email));
    expect((await getSend(t.db, sendId))?.recipientsSent).toBe(4);
    expect(await statsTotal()).toBe(4);
  });

  it("stops at the next batch when cancelled and counts what went out", async () => {
    start({ mail: mailgun(), pauseMs: 300 });
    const sendId = await queue();
    await until(
      async () => (await getSend(t.db, sendId))?.batchesDone ?? 0,
      (n) => n >= 1,
    );
    expect(await cancelSend(t.db, sendId)).toBe(true);
    await until(statusOf(sendId), (s) => s === "cancelled");
    const send = await getSend(t.db, sendId);
    expect(send?.batchesDone).toBeLessThan(5);
    expect(fake.deliveries.size).toBe(send?.recipientsSent);
    expect(await statsTotal()).toBe(send?.recipientsSent);
  });

  it("refuses a second send while one is running, and a draft that was already sent", async () => {
    start({ mail: mailgun(), pauseMs: 300 });
    const sendId = await queue();
    const draft = await createDraft(t.db, {
      kind: "dynamic",
      subject: "Drugi",
      html: "<p>x</p>",
      text: "x",
      articleIds: [],
      origin: "https://balkanvozaci.test",
      createdBy: null,
    });
    // The answer with the status and words the newsletter screen gives it (app/http/errors.ts).
    const second = inWords(
      await queueSend(t.db, {
        draftId: draft.id,
        subject: "Drugi",
        audience: "all",
        subscriberIds: [],
        createdBy: null,
      }),
    );
    expect(second).toMatchObject({
      ok: false,
      status: 409,
      message: "Jedno slanje je već u toku. Sačekajte da se završi ili ga zaustavite.",
    });
    expect((await getSend(t.db, draft.id))?.status).toBe("draft");
    const again = await queueSend(t.db, {
      draftId: sendId,
      subject: "x",
      audience: "all",
      subscriberIds: [],
      createdBy: null,
    });
    expect(again.ok).toBe(false);
    await cancelSend(t.db, sendId);
  });

  it("puts each batch in the local outbox once when Mailgun is not configured", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    const outbox = createOutbox({ dir, domain: "balkanvozaci.test" });
    start({ mail: outbox });
    const sendId = await queue();
    await until(statusOf(sendId), (s) => s === "done");
    const listed = await outbox.list({ page: 1, perPage: 20 });
    expect(listed.total).toBe(5);
    expect(listed.items.reduce((n, i) => n + i.recipients, 0)).toBe(ACTIVE);
    const message = await outbox.read(listed.items[0].id);
    const to = message?.to[0] ?? "";
    const html = personalize(message?.html ?? "", message?.recipientVariables?.[to]);
    expect(html).toMatch(
      /href="https:\/\/balkanvozaci\.test\/newsletter\/odjava\?id=\d+&amp;token=|href="https:\/\/balkanvozaci\.test\/newsletter\/odjava\?id=\d+&token=/,
    );
    // A batch submitted again (a resumed send) is not stored twice.
    const again = await outbox.send({ ...(message as NonNullable<typeof message>) });
    expect(again.id).toBe(message?.id);
    expect((await outbox.list({ page: 1, perPage: 20 })).total).toBe(5);
    expect(await t.db.select().from(emailStats)).toMatchObject([
      { provider: "outbox", recipientCount: ACTIVE },
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
