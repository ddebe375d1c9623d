/**
 * The public newsletter signup (footer of every public page and /newsletter). The subscriber is stored locally (source "website"); when
 * Brevo is configured the contact is looked up there (GET by e-mail, 200 means already subscribed)
 * and added (POST; 400 or `duplicate_parameter` means already there). A Brevo outage does not turn
 * away a visitor: the local row is kept and the next sync pushes it to Brevo.
 */
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { newsletterSubscribers as subs } from "~/db/schema";
import { fail, ok, type Result } from "~/domain/result";
import type { BrevoContact, ContactsProvider } from "~/integrations/brevo/brevo.server";
import { logger } from "~/lib/logger.server";

export const SIGNUP_FORM = "newsletter-signup";

async function upsertActive(
  db: DbOrTx,
  email: string,
  brevoContactId: string | null,
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(subs)
    .values({
      email,
      source: "website",
      isActive: true,
      brevoContactId,
      subscribedAt: now,
      brevoSyncedAt: brevoContactId ? now : null,
    })
    .onConflictDoUpdate({
      target: subs.email,
      set: {
        isActive: true,
        unsubscribedAt: null,
        subscribedAt: now,
        updatedAt: now,
        brevoContactId: brevoContactId ? sql`excluded.brevo_contact_id` : subs.brevoContactId,
        brevoSyncedAt: brevoContactId ? now : subs.brevoSyncedAt,
      },
    })
    .returning({ id: subs.id });
  return row.id;
}

export type SignupErrorCode = "newsletter.signup_failed";

/**
 * Subscribes a checked e-mail (the public form's flow — honeypot, limiter, validation — runs
 * before, in app/http/public-form.server.ts): `already` when it was subscribed before.
 */
export async function subscribeEmail(
  db: DbOrTx,
  contacts: ContactsProvider | null,
  email: string,
  now = new Date(),
): Promise<Result<{ already: boolean }, SignupErrorCode>> {
  const success = ok({ already: false });
  const already = ok({ already: true });
  try {
    const [local] = await db
      .select({ id: subs.id, isActive: subs.isActive })
      .from(subs)
      .where(eq(subs.email, email))
      .limit(1);
    if (local?.isActive) return already;

    // undefined: Brevo not configured or not reachable; null: not there (404).
    let atBrevo: BrevoContact | null | undefined;
    if (contacts) {
      try {
        atBrevo = await contacts.getContact(email);
      } catch (error) {
        logger.error(
          { err: error },
          "newsletter signup: Brevo lookup failed; the next sync adds the contact",
        );
      }
    }

    if (atBrevo) {
      await upsertActive(db, email, atBrevo.id, now);
      if (!local && !atBrevo.emailBlacklisted) return already;
      if (atBrevo.emailBlacklisted && contacts) {
        await contacts.setBlacklisted(email, false).catch((error: unknown) => {
          logger.error({ err: error }, "newsletter signup: could not lift the Brevo blacklist");
        });
      }
      return success;
    }

    const id = await upsertActive(db, email, null, now);
    if (contacts && atBrevo === null) {
      try {
        const created = await contacts.createContact(email);
        if (!created.created) return already;
        await db.update(subs).set({ brevoContactId: created.id, brevoSyncedAt: now }).where(eq(subs.id, id));
      } catch (error) {
        logger.error({ err: error }, "newsletter signup: Brevo add failed; the next sync adds the contact");
      }
    }
    return success;
  } catch (error) {
    logger.error({ err: error }, "newsletter signup could not be stored");
    return fail("newsletter.signup_failed");
  }
}
