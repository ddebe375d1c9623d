/**
 * One-time sign-in links by e-mail (decision 228). The delay for unknown devices (decision 141)
 * keeps a password sprayer slow, and with it every browser the account never used — the real
 * admin on a new phone among them, for up to 15 minutes at a time, for as long as the spray goes on
 * (issue 24). A link proves the mailbox: it stands in for the known-device cookie, so a sign-in
 * through it is limited per link (5 attempts per 15 minutes) and never by the account's delay. The
 * password is still checked — the link is the second factor, not a replacement: an editor who can
 * read the local outbox, or whoever reads the mailbox, still needs the password.
 *
 * - A link is 32 random bytes; only their SHA-256 is stored (`sign_in_links`). It is good for 15
 *   minutes and one sign-in; the sign-in it makes ends every other open link of that account.
 * - Asking for one goes through the public form pipeline (honeypot, 5 per 15 minutes per address)
 *   and at most 3 e-mails per hour per address asked for; the answer is the same whether the
 *   account exists or not (nothing is sent for an unknown or inactive one, nor past the limit).
 * - Sent through the site's mail provider: Mailgun, or the local outbox without it.
 * - Every request and every use is in the audit log, with the client's address.
 */
import { createHash, randomBytes } from "node:crypto";
import { render } from "@react-email/render";
import { and, eq, gt, isNull, lt, ne } from "drizzle-orm";
import { createElement } from "react";
import type { Database, DbOrTx } from "~/db/client.server";
import { adminUsers, signInLinks } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { PLAIN_TEXT_OPTIONS } from "~/domain/newsletter/links";
import { transactionalFrom } from "~/domain/newsletter/senders";
import { consumeRateLimit } from "~/domain/rate-limit/limiter.server";
import { fail, ok, type Result } from "~/domain/result";
import { getSettings } from "~/domain/settings/settings.server";
import type { MailProvider } from "~/integrations/mailgun/provider";
import { logger } from "~/lib/logger.server";
import { type LoginResult, login } from "./auth.server";
import { deviceSecret, linkDeviceToken } from "./device-cookie.server";
import { SignInLinkEmail } from "./email/sign-in-link-email";
import { deleteSession } from "./session.server";
import { findUserForLogin } from "./users.server";
import { normalizeEmail } from "./validation";

export const SIGN_IN_LINK_MINUTES = 15;
export const SIGN_IN_LINK_PATH = "/admin/login/link";
/** E-mails per address asked for, per hour (the public form limits each client address). */
export const SIGN_IN_LINK_EMAILS_PER_HOUR = 3;
/** The public form limiter's name of the request form. */
export const SIGN_IN_LINK_FORM = "sign-in-link";

export type SignInLinkErrorCode = "sign_in_link.invalid";

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Asks for a link for `email`: one is made and sent when the address is an active staff account
 * and its hourly limit allows; `sent` says whether (the screen never does).
 */
export async function requestSignInLink(
  db: Database,
  mail: MailProvider,
  input: { email: string; ip: string | null; origin: string },
  now = new Date(),
): Promise<Result<{ sent: boolean }, never>> {
  const email = normalizeEmail(input.email);
  const limit = await consumeRateLimit(
    db,
    [{ key: `${SIGN_IN_LINK_FORM}:email:${email}`, max: SIGN_IN_LINK_EMAILS_PER_HOUR, windowMs: 3_600_000 }],
    now,
  );
  const user = email.length <= 254 ? await findUserForLogin(db, email) : null;
  const account = user?.isActive ? user : null;
  const audit = (action: string) =>
    recordAudit(db, {
      actor: account ? { id: account.id, email: account.email } : { id: null, email: email.slice(0, 254) },
      area: "auth",
      action,
      recordId: account?.id ?? null,
      ip: input.ip,
    });
  if (!account || !limit.ok) {
    await audit(limit.ok ? "sign-in-link-requested" : "sign-in-link-refused");
    return ok({ sent: false });
  }

  const token = randomBytes(32).toString("base64url");
  await db.insert(signInLinks).values({
    userId: account.id,
    tokenHash: hash(token),
    expiresAt: new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000),
    requestedIp: input.ip,
  });
  const url = `${input.origin}${SIGN_IN_LINK_PATH}?token=${token}`;
  try {
    const settings = await getSettings(db);
    const element = createElement(SignInLinkEmail, {
      siteName: settings.siteName,
      url,
      minutes: SIGN_IN_LINK_MINUTES,
      requestedFrom: input.ip ?? "nepoznate adrese",
    });
    const [html, text] = await Promise.all([
      render(element),
      render(element, { plainText: true, htmlToTextOptions: PLAIN_TEXT_OPTIONS }),
    ]);
    await mail.send({
      kind: "transactional",
      from: transactionalFrom(settings.siteName, mail.domain),
      to: [account.email],
      subject: `Link za prijavu – ${settings.siteName}`,
      html,
      text,
      tracking: false,
      tags: ["sign-in-link"],
    });
  } catch (error) {
    // The answer stays the same (it must not tell which addresses are accounts); the operator sees this.
    logger.error({ err: error, userId: account.id }, "sign-in link could not be sent");
    await audit("sign-in-link-failed");
    return ok({ sent: false });
  }
  await audit("sign-in-link-sent");
  return ok({ sent: true });
}

type OpenLink = { id: number; tokenHash: string; userId: number; email: string };

async function openLink(db: DbOrTx, token: string, now: Date): Promise<OpenLink | null> {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({
      id: signInLinks.id,
      tokenHash: signInLinks.tokenHash,
      userId: signInLinks.userId,
      email: adminUsers.email,
    })
    .from(signInLinks)
    .innerJoin(adminUsers, eq(adminUsers.id, signInLinks.userId))
    .where(
      and(
        eq(signInLinks.tokenHash, hash(token)),
        isNull(signInLinks.usedAt),
        gt(signInLinks.expiresAt, now),
        eq(adminUsers.isActive, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The e-mail a link signs in, while it is good (the page shows it above the password field). */
export async function readSignInLink(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<Result<{ email: string }, SignInLinkErrorCode>> {
  const link = await openLink(db, token, now);
  return link ? ok({ email: link.email }) : fail("sign_in_link.invalid");
}

/**
 * Signs in through a link: the password checked as at the sign-in form (login()), with the link
 * standing for a known device. A successful sign-in uses the link up — exactly once, also when two
 * arrive together — and ends the account's other open links.
 */
export async function signInWithLink(
  db: Database,
  input: { token: string; password: string; ipAddress: string | null; userAgent: string | null },
  now = new Date(),
): Promise<{ link: "invalid" } | { link: "open"; email: string; result: LoginResult }> {
  const link = await openLink(db, input.token, now);
  if (!link) return { link: "invalid" };
  const secret = await deviceSecret(db);
  const result = await login(db, {
    email: link.email,
    password: input.password,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent,
    deviceToken: linkDeviceToken(secret, link.email, link.tokenHash),
  });
  if (!result.ok) return { link: "open", email: link.email, result };
  const [used] = await db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(and(eq(signInLinks.id, link.id), isNull(signInLinks.usedAt)))
    .returning({ id: signInLinks.id });
  if (!used) {
    // Another request used it a moment before: this sign-in does not count.
    await deleteSession(db, result.value.token);
    return { link: "invalid" };
  }
  await db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(and(eq(signInLinks.userId, link.userId), isNull(signInLinks.usedAt), ne(signInLinks.id, link.id)));
  await recordAudit(db, {
    actor: { id: link.userId, email: link.email },
    area: "auth",
    action: "sign-in-link-used",
    recordId: link.userId,
    ip: input.ipAddress,
  });
  return { link: "open", email: link.email, result };
}

/** Links that ended a day ago or more are deleted (the session clean-up timer calls this). */
export async function pruneSignInLinks(db: DbOrTx, now = new Date()): Promise<void> {
  await db.delete(signInLinks).where(lt(signInLinks.expiresAt, new Date(now.getTime() - 86_400_000)));
}
