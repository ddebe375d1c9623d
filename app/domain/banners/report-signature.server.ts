/**
 * Advertisers' read-only campaign report links: /izvestaj/{periodId}/{signature}, where the
 * signature is an HMAC-SHA256 of the period id under a server secret. Unguessable, needs no
 * sign-in, and reveals only that one campaign.
 */

import { createHmac, timingSafeEqual } from "node:crypto";
import type { DbOrTx } from "~/db/client.server";
import { forgetServerSecrets, getServerSecret } from "~/domain/secrets/server-secrets.server";
import { getEnv } from "~/env.server";

const SECRET_NAME = "report-signing";

export function signPeriod(secret: string, periodId: number): string {
  return createHmac("sha256", secret).update(`campaign-report:v1:${periodId}`).digest("base64url");
}

/** Constant-time check of a signature from a URL. */
export function verifyPeriodSignature(secret: string, periodId: number, signature: string): boolean {
  if (!Number.isSafeInteger(periodId) || periodId <= 0) return false;
  const expected = Buffer.from(signPeriod(secret, periodId));
  const given = Buffer.from(signature);
  if (given.length !== expected.length) return false;
  return timingSafeEqual(expected, given);
}

export function reportPath(secret: string, periodId: number): string {
  return `/izvestaj/${periodId}/${signPeriod(secret, periodId)}`;
}

/** REPORT_SIGNING_SECRET, or a random secret generated once and kept in the database. */
export async function reportSecret(db: DbOrTx): Promise<string> {
  return getEnv().REPORT_SIGNING_SECRET || getServerSecret(db, SECRET_NAME);
}

/** For tests that open a fresh database in the same process. */
export function forgetReportSecret(): void {
  forgetServerSecrets();
}
