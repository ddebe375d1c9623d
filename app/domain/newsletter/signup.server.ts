/**
 * The public newsletter signup (footer of every public page and /newsletter). The order every
 * public form keeps: honeypot → the limiter (5 per 15 minutes per address) → validation (spec §5;
 * a typo gives its attempt back, so it is not counted) → the write. The subscriber is stored locally (source "website"); when
 * Brevo is configured the contact is looked up there (GET by e-mail, 200 means already subscribed)
 * and added (POST; 400 or `duplicate_parameter` means already there). A Brevo outage does not turn
 * away a visitor: the local row is kept and the next sync pushes it to Brevo.
 */
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { newsletterSubscribers as subs } from "~/db/schema";
import {
  forgivePublicForm,
  honeypotFilled,
  limitPublicForm,
  tooManyRequestsMessage,
} from "~/domain/rate-limit/public-form.server";
import type { BrevoContact, ContactsProvider } from "~/integrations/brevo/brevo.server";
import { type FieldErrors, type FormValues, parseForm } from "~/lib/form";
import { logger } from "~/lib/logger.server";
import { SIGNUP_MESSAGES } from "./messages";
import { signupSchema } from "./validation";

export const SIGNUP_FORM = "newsletter-signup";

export type SignupResult =
  | { ok: true; status: 200; message: string; already: boolean }
  | { ok: false; status: 400 | 429 | 500; message: string; fieldErrors: FieldErrors; values: FormValues };

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

export async function subscribe(
  db: DbOrTx,
  contacts: ContactsProvider | null,
  form: FormData,
  clientIp: string | null,
  now = new Date(),
): Promise<SignupResult> {
  if (honeypotFilled(form)) {
    // Looks like success to the bot; nothing is stored.
    await limitPublicForm(db, SIGNUP_FORM, clientIp, now);
    return { ok: true, status: 200, message: SIGNUP_MESSAGES.success, already: false };
  }
  const limit = await limitPublicForm(db, SIGNUP_FORM, clientIp, now);
  const parsed = parseForm(signupSchema, form);
  const typed = { email: typeof parsed.values.email === "string" ? parsed.values.email : "" };
  if (!limit.ok) {
    return {
      ok: false,
      status: 429,
      message: tooManyRequestsMessage(limit.retryAfterMinutes),
      fieldErrors: {},
      values: typed,
    };
  }
  if (!parsed.ok) {
    await forgivePublicForm(db, limit);
    return {
      ok: false,
      status: 400,
      message: SIGNUP_MESSAGES.invalidEmail,
      fieldErrors: { email: SIGNUP_MESSAGES.invalidEmail },
      values: typed,
    };
  }
  const { email } = parsed.data;
  const success = {
    ok: true as const,
    status: 200 as const,
    message: SIGNUP_MESSAGES.success,
    already: false,
  };
  const already = {
    ok: true as const,
    status: 200 as const,
    message: SIGNUP_MESSAGES.already,
    already: true,
  };
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
    return { ok: false, status: 500, message: SIGNUP_MESSAGES.failed, fieldErrors: {}, values: { email } };
  }
}
