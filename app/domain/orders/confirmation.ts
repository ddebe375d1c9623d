/**
 * The success page after the provider's checkout never trusts the redirect: it shows what the
 * webhook recorded, and "being confirmed" until it has (refreshing itself for a while).
 */

/** The page refreshes every 2 s while it waits, at most this many times (≈ 1½ minutes). */
export const CONFIRM_REFRESH_SECONDS = 2;
export const CONFIRM_MAX_ATTEMPTS = 45;

export type ConfirmationState = "confirming" | "late" | "paid" | "pending" | "failed" | "other";

export function confirmationState(orderStatus: string | null, attempt: number): ConfirmationState {
  if (orderStatus === null) return attempt >= CONFIRM_MAX_ATTEMPTS ? "late" : "confirming";
  if (orderStatus === "paid" || orderStatus === "pending" || orderStatus === "failed") return orderStatus;
  return "other";
}

/** `pokusaj` from the URL: 0 to the maximum, anything else 0. */
export function parseAttempt(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? Math.min(n, CONFIRM_MAX_ATTEMPTS) : 0;
}

export function confirmationPath(sessionId: string, attempt?: number): string {
  const params = new URLSearchParams({ session_id: sessionId });
  if (attempt) params.set("pokusaj", String(attempt));
  return `/istaknite-oglas/potvrda?${params}`;
}
