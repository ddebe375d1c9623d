/**
 * Listing alerts end to end in the domain (docs/decisions/302, 303): confirmed alerts get, through
 * the newsletter's send machinery, exactly the new listings that match their filters — the same
 * listings the public list shows for those filters — once each; pending alerts get nothing; an
 * address with two alerts gets two e-mails in two batches; a Cyrillic reader's e-mail is Cyrillic;
 * every e-mail carries the one-click unsubscribe (RFC 8058) and the alert's own page link.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import {
  jobs,
  listingAlertMatches,
  listingAlerts,
  listings,
  loginAttempts,
  newsletterSends,
} from "~/db/schema";
import { latestJobs } from "~/domain/jobs/queue.server";
import { type JobRunner, startJobRunner } from "~/domain/jobs/runner.server";
import { parseJobFilters } from "~/domain/listings/filters";
import { changeListingStatus, createListing, listPublicJobs } from "~/domain/listings/listings.server";
import type { JobData, SaleData } from "~/domain/listings/validation";
import { createOutbox, type OutboxStore, personalize } from "~/integrations/mailgun/outbox.server";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { until } from "../../../tests/support/until";
import { confirmAlert, createAlert, openAlert, unsubscribeAlert } from "./alerts.server";
import { type AlertFilters, parseAlertFilters } from "./filters";
import { CONFIRMATIONS_PER_HOUR, MAX_ALERTS_PER_ADDRESS } from "./options";
import {
  ALERT_RUN_KINDS,
  createAlertRunHandler,
  ensureAlertRunsScheduled,
  nudgeInstantAlerts,
  runDailyAlertsNow,
} from "./run-job.server";

const ORIGIN = "https://balkanvozaci.test";
const HOUR = 3_600_000;

let t: TestDatabase;
let outboxDir: string;
let outbox: OutboxStore;
let runner: JobRunner;

beforeAll(async () => {
  t = await createTestDatabase();
  outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "alerts-outbox-"));
  outbox = createOutbox({ dir: outboxDir, domain: "mg.balkanvozaci.test" });
  const deps = () => ({ options: { mail: outbox, pauseMs: 0 }, origin: ORIGIN });
  runner = startJobRunner({
    db: t.db,
    handlers: {
      [ALERT_RUN_KINDS.daily]: createAlertRunHandler("daily", deps),
      [ALERT_RUN_KINDS.instant]: createAlertRunHandler("instant", deps),
    },
    pollMs: 50,
    heartbeatMs: 200,
  });
});
afterAll(async () => {
  await runner?.stop();
  await t?.close();
  fs.rmSync(outboxDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.db.delete(listingAlerts);
  await t.db.delete(listings);
  await t.db.delete(newsletterSends);
  await t.db.delete(jobs);
  await t.db.delete(loginAttempts);
  fs.rmSync(outboxDir, { recursive: true, force: true });
  await ensureAlertRunsScheduled(t.db);
});

const job = (over: Partial<JobData> = {}): JobData => ({
  kind: "job",
  title: "Vozač CDL-A",
  description: "Tražimo iskusnog vozača za duge ture po celoj Americi.",
  city: "Columbus",
  state: "Ohio",
  contactName: "Marko",
  contactPhone: "+1 614 555 0100",
  contactEmail: null,
  companyName: "Orao Transport",
  position: "company-driver",
  routeType: "otr",
  equipment: ["dry-van"],
  cdlClass: "A",
  endorsements: [],
  payMin: null,
  payMax: null,
  payUnit: null,
  homeTime: null,
  requirements: null,
  ...over,
});

const sale = (over: Partial<SaleData> = {}): SaleData => ({
  kind: "sale",
  title: "Freightliner Cascadia 2019",
  description: "Kamion u odličnom stanju, redovno servisiran.",
  city: "Houston",
  state: "Texas",
  contactName: "Jovan",
  contactPhone: null,
  contactEmail: "jovan@primer.com",
  saleCategory: "truck",
  make: "Freightliner",
  model: "Cascadia",
  year: 2019,
  mileage: 412000,
  priceCents: 4_500_000,
  condition: "used",
  ...over,
});

/** A listing approved at `when` (live for 30 days from then). */
async function approved(data: JobData | SaleData, when = new Date()) {
  const id = await createListing(t.db, data, [], { now: when });
  await changeListingStatus(t.db, [id], "approve", { reviewer: "admin@x.com", now: when });
  return id;
}

/** An alert saved from a list URL's query and confirmed at `confirmedAt` (null: left pending). */
async function alert(
  email: string,
  kind: "job" | "sale",
  query: string,
  options: { frequency?: "daily" | "instant"; script?: "lat" | "cir"; confirmedAt?: Date | null } = {},
) {
  const created = await createAlert(t.db, outbox, {
    filters: parseAlertFilters(kind, new URLSearchParams(query)),
    email,
    frequency: options.frequency ?? "daily",
    script: options.script ?? "lat",
    origin: ORIGIN,
  });
  if (!created.ok) throw new Error(created.code);
  const confirmedAt = options.confirmedAt === undefined ? new Date(Date.now() - HOUR) : options.confirmedAt;
  return confirmedAt ? confirmAlert(t.db, created.value.alert, confirmedAt) : created.value.alert;
}

type Received = {
  alertId: number;
  email: string;
  subject: string;
  listingIds: number[];
  html: string;
  text: string;
  vars: Record<string, string>;
  headers: Record<string, string>;
  batch: string;
};

/** Every alert e-mail in the outbox, one per recipient, as the provider would deliver it. */
async function alertMails(): Promise<Received[]> {
  const { items } = await outbox.list({ page: 1, perPage: 500 });
  const out: Received[] = [];
  for (const item of items) {
    const message = await outbox.read(item.id);
    if (!message?.tags?.includes("alert")) continue;
    for (const email of message.to) {
      const vars = message.recipientVariables?.[email] ?? {};
      const alertId = Number(/\/obavestenja\/(\d+)\//.exec(vars.manage_url ?? "")?.[1]);
      const listingIds = [...(vars.listings_html ?? "").matchAll(/-(\d+)"/g)].map((m) => Number(m[1]));
      out.push({
        alertId,
        email,
        subject: personalize(message.subject, vars),
        listingIds,
        html: personalize(message.html, vars),
        text: personalize(message.text, vars),
        vars,
        headers: Object.fromEntries(
          Object.entries(message.headers ?? {}).map(([k, v]) => [k, personalize(v, vars)]),
        ),
        batch: message.id,
      });
    }
  }
  return out.sort((a, b) => a.alertId - b.alertId);
}

/** Runs the daily alerts now (the admin's button) and waits for that run to finish. */
async function runDaily() {
  const done = async () =>
    (await latestJobs(t.db, ALERT_RUN_KINDS.daily, 20)).filter((j) => j.status === "done").length;
  const before = await done();
  expect(await runDailyAlertsNow(t.db)).toBe(true);
  await until(done, (n) => n > before, 20_000);
}

describeDb("listing alerts", () => {
  it("sends each confirmed alert exactly the new listings its list shows, once", async () => {
    const confirmedAt = new Date(Date.now() - HOUR);
    const older = await approved(
      job({ title: "Reefer vozač Ohio (stari)", equipment: ["reefer"] }),
      new Date(Date.now() - 2 * HOUR),
    );
    const a = await alert("vozac@example.com", "job", "q=reefer&drzava=Ohio", { confirmedAt });
    const b = await alert("vozac@example.com", "job", "oprema=reefer", { confirmedAt });
    await alert("neko@example.com", "job", "drzava=Ohio", { confirmedAt: null });
    const d = await alert("prodavac@example.com", "sale", "vrsta=truck&cena-do=50000", {
      confirmedAt,
      script: "cir",
    });
    const e = await alert("brzi@example.com", "job", "drzava=Ohio", { confirmedAt, frequency: "instant" });

    const reeferOhio = await approved(job({ title: "Reefer CDL-A vozač", equipment: ["reefer"] }));
    const dryOhio = await approved(job({ title: "Dry van vozač" }));
    const reeferTexas = await approved(
      job({ title: "Reefer regionalne ture", state: "Texas", equipment: ["reefer"] }),
    );
    const cheapTruck = await approved(sale({ title: "Kamion za 45.000" }));
    await approved(sale({ title: "Kamion za 80.000", priceCents: 8_000_000 }));
    const filled = await approved(job({ title: "Reefer popunjen", equipment: ["reefer"] }));
    await t.db.update(listings).set({ filledAt: new Date() }).where(eq(listings.id, filled));

    await runDaily();
    const mails = await alertMails();
    expect(mails.map((m) => [m.alertId, m.listingIds.sort()])).toEqual([
      [a.id, [reeferOhio]],
      [b.id, [reeferOhio, reeferTexas].sort()],
      [d.id, [cheapTruck]],
    ]);
    // The alert's filters select what the list does (only the newer approvals and not the filled one).
    const shown = await listPublicJobs(
      t.db,
      parseJobFilters(new URLSearchParams("q=reefer&drzava=Ohio")),
      1,
      50,
    );
    expect(shown.rows.map((r) => r.id).sort()).toEqual([reeferOhio, older].sort());
    expect(mails[0].listingIds).not.toContain(older);
    expect(mails.some((m) => m.alertId === e.id)).toBe(false); // instant alerts are not in the daily run
    expect(mails.some((m) => m.listingIds.includes(dryOhio))).toBe(false);

    // One address, two alerts: two e-mails, in two batches (a batch holds an address once).
    expect(mails[0].batch).not.toBe(mails[1].batch);
    // Each e-mail: the subject and body in the reader's script, the listing's link, RFC 8058, the alert's page.
    expect(mails[0].subject).toBe("1 novi posao — Poslovi: „reefer“ · Ohio");
    expect(mails[0].html).toContain(`${ORIGIN}/poslovi/reefer-cdl-a-vozac-${reeferOhio}`);
    expect(mails[0].text).toContain("Reefer CDL-A vozač");
    expect(mails[0].headers["List-Unsubscribe"]).toMatch(
      /^<https:\/\/balkanvozaci\.test\/obavestenja\/odjava\?id=\d+&token=[\w-]+>$/,
    );
    expect(mails[0].headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mails[2].subject).toMatch(/^1 нови оглас — Купопродаја/);
    expect(mails[2].vars.manage_url).toMatch(/^https:\/\/balkanvozaci\.test\/cir\/obavestenja\/\d+\//);
    expect(mails[2].html).toContain(`${ORIGIN}/cir/kupoprodaja/`);
    expect(await t.db.select({ n: count() }).from(listingAlertMatches)).toEqual([{ n: 4 }]);

    // A second run finds nothing new: no e-mail, and no send left behind.
    await runDaily();
    expect(await alertMails()).toHaveLength(3);
    expect(await t.db.select({ n: count() }).from(newsletterSends)).toEqual([{ n: 1 }]);

    // A listing approved later goes out in the next run, alone.
    const later = await approved(job({ title: "Reefer, novi", equipment: ["reefer"] }));
    await runDaily();
    const after = await alertMails();
    expect(after.filter((m) => m.listingIds.includes(later)).map((m) => m.alertId)).toEqual([a.id, b.id]);
    expect(after).toHaveLength(5);
  });

  it("sends an instant alert within its run after an approval, and the unsubscribe link deletes it", async () => {
    const e = await alert("brzi@example.com", "job", "drzava=Ohio", { frequency: "instant" });
    const id = await approved(job({ title: "Hitno: vozač za Ohio" }));
    const runs = async () =>
      (await latestJobs(t.db, ALERT_RUN_KINDS.instant, 20)).filter((j) => j.status === "done").length;
    await until(runs, (n) => n >= 1); // the first run at boot
    const before = await runs();
    await nudgeInstantAlerts(t.db, new Date(Date.now() - 60_000));
    await until(runs, (n) => n > before);
    const [mail] = await alertMails();
    expect(mail).toMatchObject({ alertId: e.id, listingIds: [id] });

    const token = new URL(mail.vars.unsubscribe_url).searchParams.get("token");
    expect(await unsubscribeAlert(t.db, e.id, "pogresan")).toBe("invalid");
    expect(await unsubscribeAlert(t.db, e.id, token)).toBe("unsubscribed");
    expect(await unsubscribeAlert(t.db, e.id, token)).toBe("gone");
    expect(await t.db.select().from(listingAlerts).where(eq(listingAlerts.id, e.id))).toEqual([]);
  });

  it("confirms by the link of its e-mail only, and limits alerts per address", async () => {
    const filters: AlertFilters = parseAlertFilters("job", new URLSearchParams("q=flatbed"));
    const first = await createAlert(t.db, outbox, {
      filters,
      email: "novi@example.com",
      frequency: "daily",
      script: "lat",
      origin: ORIGIN,
    });
    if (!first.ok) throw new Error(first.code);
    const { items } = await outbox.list({ page: 1, perPage: 10 });
    const confirmation = await outbox.read(items[0].id);
    expect(confirmation?.subject).toBe("Potvrdite obaveštenje o novim oglasima");
    const link = /https:\/\/balkanvozaci\.test\/obavestenja\/(\d+)\/([\w-]+)/.exec(confirmation?.html ?? "");
    expect(link?.[1]).toBe(String(first.value.alert.id));
    expect((await openAlert(t.db, link?.[1], `${link?.[2]}x`)).ok).toBe(false);
    const opened = await openAlert(t.db, link?.[1], link?.[2]);
    expect(opened.ok && opened.value.status).toBe("pending");

    // The same search again: the confirmation again, no second alert.
    const again = await createAlert(t.db, outbox, {
      filters,
      email: "novi@example.com",
      frequency: "daily",
      script: "lat",
      origin: ORIGIN,
    });
    expect(again.ok && again.value.alert.id).toBe(first.value.alert.id);
    const make = (q: string) =>
      createAlert(t.db, outbox, {
        filters: parseAlertFilters("job", new URLSearchParams(`q=${q}`)),
        email: "puno@example.com",
        frequency: "daily",
        script: "lat",
        origin: ORIGIN,
      });
    // At most CONFIRMATIONS_PER_HOUR confirmation e-mails to one address in an hour.
    for (let i = 0; i < CONFIRMATIONS_PER_HOUR; i++) expect((await make(`posao${i}`)).ok).toBe(true);
    expect(await make("jos")).toMatchObject({ ok: false, code: "alert.address_limited" });
    // At most MAX_ALERTS_PER_ADDRESS alerts: refused before any e-mail.
    await t.db.insert(listingAlerts).values(
      Array.from({ length: MAX_ALERTS_PER_ADDRESS - CONFIRMATIONS_PER_HOUR }, (_, i) => ({
        email: "puno@example.com",
        kind: "job" as const,
        q: `ranije${i}`,
      })),
    );
    const over = await make("previse");
    expect(over).toMatchObject({ ok: false, code: "alert.too_many" });
  });
});
