/**
 * The Brevo sync (spec §4 Subscriber sync, §7): a durable job that
 * 1. reads the provider's contacts in pages of 50 until a shorter page, and for each one creates
 *    or updates the local subscriber: `is_active` follows the blacklist flag (not blacklisted means
 *    active) — except that someone who left through our unsubscribe link after the contact was
 *    last changed at Brevo stays out (and is blacklisted there), so a sync never undoes an
 *    unsubscribe;
 * 2. deactivates local subscribers from a previous sync that the provider no longer has;
 * 3. pushes local active subscribers without a provider id to the provider.
 * It ends with the counts of new, updated and deactivated contacts and errors. Each page is one
 * transaction and the checkpoint (phase, offset, counts) is saved after it, so a restart resumes.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { newsletterSubscribers as subs } from "~/db/schema";
import type { JobContext, JobHandler } from "~/domain/jobs/runner.server";
import { PermanentJobError } from "~/domain/jobs/runner.server";
import { withDetail } from "~/domain/result";
import { type BrevoContact, ContactsError, type ContactsProvider } from "~/integrations/brevo/brevo.server";
import { logger } from "~/lib/logger.server";
import { isValidEmail } from "~/lib/text-sanitizer";
import { SYNC_FAILED, SYNC_NOT_CONFIGURED } from "./job-errors";

export const SYNC_JOB_KIND = "newsletter:sync";
export const SYNC_JOB_KEY = "newsletter:sync";
/** Spec §9: provider contacts are read 50 at a time. */
export const BREVO_PAGE_SIZE = 50;

export type SyncCounts = {
  created: number;
  updated: number;
  deactivated: number;
  pushed: number;
  errors: number;
};
export type SyncProgress = {
  phase: "pull" | "deactivate" | "push" | "done";
  startedAt: string;
  offset: number;
  lastPushedId: number;
  lists: number | null;
  counts: SyncCounts;
  message?: string;
};

export function syncSummary(c: SyncCounts): string {
  return `Novih: ${c.created}, ažuriranih: ${c.updated}, deaktiviranih: ${c.deactivated}, grešaka: ${c.errors} (poslato u Brevo: ${c.pushed}).`;
}

function startOf(progress: Record<string, unknown>): SyncProgress {
  const p = progress as Partial<SyncProgress>;
  if (p.phase && p.startedAt && p.counts) return p as SyncProgress;
  return {
    phase: "pull",
    startedAt: new Date().toISOString(),
    offset: 0,
    lastPushedId: 0,
    lists: null,
    counts: { created: 0, updated: 0, deactivated: 0, pushed: 0, errors: 0 },
  };
}

/** Whether our unsubscribe is newer than the contact's last change at the provider. */
export function unsubscribeWins(unsubscribedAt: Date | null, contact: BrevoContact): boolean {
  if (!unsubscribedAt || contact.emailBlacklisted) return false;
  const modified = contact.modifiedAt ? new Date(contact.modifiedAt) : null;
  return !modified || Number.isNaN(modified.getTime()) || unsubscribedAt > modified;
}

/** One page of provider contacts into the local table (one transaction). Returns e-mails to blacklist. */
async function applyPage(db: Database, page: BrevoContact[], counts: SyncCounts): Promise<string[]> {
  const now = new Date();
  const valid = page.filter((c) => isValidEmail(c.email) && c.id);
  counts.errors += page.length - valid.length;
  if (valid.length === 0) return [];
  const toBlacklist: string[] = [];
  await db.transaction(async (tx) => {
    const existing = await tx
      .select({
        id: subs.id,
        email: subs.email,
        isActive: subs.isActive,
        brevoContactId: subs.brevoContactId,
        unsubscribedAt: subs.unsubscribedAt,
      })
      .from(subs)
      .where(
        inArray(
          subs.email,
          valid.map((c) => c.email),
        ),
      );
    const byEmail = new Map(existing.map((row) => [row.email, row]));
    for (const contact of valid) {
      const local = byEmail.get(contact.email);
      if (!local) {
        const created = contact.createdAt ? new Date(contact.createdAt) : now;
        const inserted = await tx
          .insert(subs)
          .values({
            email: contact.email,
            brevoContactId: contact.id,
            isActive: !contact.emailBlacklisted,
            source: "brevo_sync",
            subscribedAt: Number.isNaN(created.getTime()) ? now : created,
            brevoSyncedAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: subs.id });
        if (inserted.length > 0) counts.created++;
        continue;
      }
      const keepOut = unsubscribeWins(local.unsubscribedAt, contact);
      if (keepOut) toBlacklist.push(contact.email);
      const active = keepOut ? false : !contact.emailBlacklisted;
      const changed = local.brevoContactId !== contact.id || local.isActive !== active;
      await tx
        .update(subs)
        .set({
          brevoContactId: contact.id,
          isActive: active,
          brevoSyncedAt: now,
          ...(changed ? { updatedAt: now } : {}),
          ...(active && !local.isActive ? { unsubscribedAt: null } : {}),
        })
        .where(eq(subs.id, local.id));
      if (changed) counts.updated++;
    }
  });
  return toBlacklist;
}

/** One run of the sync: the provider, the checkpoint it saves after each page, and its log. */
type SyncRun = {
  ctx: JobContext;
  contacts: ContactsProvider;
  pageSize: number;
  p: SyncProgress;
  log: typeof logger;
  /** Saves the checkpoint; false: stop now. */
  save: () => Promise<boolean>;
};

export function createSyncHandler(options: {
  contacts: ContactsProvider | null;
  pageSize?: number;
}): JobHandler {
  const pageSize = options.pageSize ?? BREVO_PAGE_SIZE;
  return async (ctx) => {
    const contacts = options.contacts;
    if (!contacts) throw new PermanentJobError(SYNC_NOT_CONFIGURED);
    const p = startOf(ctx.progress);
    const log = logger.child({ jobId: ctx.job.id, kind: SYNC_JOB_KIND });
    const run: SyncRun = {
      ctx,
      contacts,
      pageSize,
      p,
      log,
      save: () => ctx.report({ ...p, message: syncSummary(p.counts) }),
    };
    try {
      if (p.phase === "pull" && !(await pullContacts(run))) return p;
      if (p.phase === "deactivate" && !(await deactivateGone(run))) return p;
      if (p.phase === "push" && !(await pushSubscribers(run))) return p;
      log.info({ counts: p.counts }, "Brevo sync done");
      return { ...p, message: syncSummary(p.counts) };
    } catch (error) {
      if (error instanceof ContactsError) {
        log.error({ err: error }, "Brevo sync failed");
        throw new PermanentJobError(withDetail(SYNC_FAILED, error.message));
      }
      throw error;
    }
  };
}

/** Pull: Brevo's contacts page by page into the list (an unsubscribe here wins). False: stopped. */
async function pullContacts(run: SyncRun): Promise<boolean> {
  const { ctx, contacts, pageSize, p, log } = run;
  if (p.lists === null) p.lists = (await contacts.listLists()).length;
  for (;;) {
    const page = await contacts.listContacts({ offset: p.offset, limit: pageSize });
    const blacklist = await applyPage(ctx.db, page, p.counts);
    for (const email of blacklist) {
      try {
        await contacts.setBlacklisted(email, true);
      } catch (error) {
        p.counts.errors++;
        log.error({ err: error, email }, "could not blacklist an unsubscribed contact at Brevo");
      }
    }
    p.offset += page.length;
    if (!(await run.save())) return false;
    if (page.length < pageSize) break;
  }
  p.phase = "deactivate";
  return true;
}

/** Deactivate: subscribers linked to a Brevo contact this run did not see. False: stopped. */
async function deactivateGone(run: SyncRun): Promise<boolean> {
  const { ctx, p, log } = run;
  if (p.offset === 0) {
    // An empty account (or a wrong key that lists nothing) must not switch everyone off.
    log.warn("Brevo returned no contacts; nothing is deactivated");
  } else {
    const gone = await ctx.db
      .update(subs)
      .set({ isActive: false, brevoContactId: null, updatedAt: new Date() })
      .where(
        and(
          eq(subs.isActive, true),
          isNotNull(subs.brevoContactId),
          or(isNull(subs.brevoSyncedAt), lt(subs.brevoSyncedAt, new Date(p.startedAt))),
        ),
      )
      .returning({ id: subs.id });
    p.counts.deactivated += gone.length;
  }
  p.phase = "push";
  return run.save();
}

/** Push: active subscribers Brevo does not have yet, in id order from the checkpoint. False: stopped. */
async function pushSubscribers(run: SyncRun): Promise<boolean> {
  const { ctx, pageSize, p } = run;
  for (;;) {
    const chunk = await ctx.db
      .select({ id: subs.id, email: subs.email })
      .from(subs)
      .where(and(eq(subs.isActive, true), isNull(subs.brevoContactId), gt(subs.id, p.lastPushedId)))
      .orderBy(asc(subs.id))
      .limit(pageSize);
    for (const row of chunk) {
      await pushOne(run, row);
      p.lastPushedId = row.id;
    }
    if (!(await run.save())) return false;
    if (chunk.length < pageSize) break;
  }
  p.phase = "done";
  return true;
}

async function pushOne(run: SyncRun, row: { id: number; email: string }): Promise<void> {
  const { ctx, contacts, p, log } = run;
  try {
    const created = await contacts.createContact(row.email);
    const id = created.created ? created.id : (await contacts.getContact(row.email))?.id;
    if (!id) {
      p.counts.errors++;
      return;
    }
    await ctx.db
      .update(subs)
      .set({ brevoContactId: id, brevoSyncedAt: new Date() })
      .where(eq(subs.id, row.id));
    p.counts.pushed++;
  } catch (error) {
    if (!(error instanceof ContactsError)) throw error;
    p.counts.errors++;
    log.error({ err: error, email: row.email }, "could not add a subscriber to Brevo");
  }
}
