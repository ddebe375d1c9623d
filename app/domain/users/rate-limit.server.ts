import { type RateLimit, SPEC_LIMIT } from "~/domain/rate-limit/limiter.server";
import type { KnownDevice } from "./device-cookie.server";

/**
 * Sign-in limits (spec §5 limiter, keyed as OWASP advises; docs/decisions/060 and 141):
 * - 5 attempts per 15 minutes for one e-mail from one address, so that colleagues behind one
 *   office address do not lock each other out;
 * - a looser ceiling per address (many e-mails from one place);
 * - per account, no hard ceiling that a stranger could use to lock staff out: a browser the
 *   account signed in from before (a valid known-device cookie) is limited per device, 5 per 15
 *   minutes; every other browser shares an exponential delay per account once 5 attempts from
 *   unknown devices failed within 15 minutes (1 s, 2 s, 4 s … at most 15 minutes between tries).
 * Every attempt is counted before the password is checked (so parallel guesses cannot slip
 * through); a successful sign-in takes its own attempt back and forgets its e-mail+address count,
 * so staff signing in normally never reach a limit.
 */
export const LOGIN_MAX_FAILURES = SPEC_LIMIT.max;
export const LOGIN_WINDOW_MS = SPEC_LIMIT.windowMs;
/** Attempts from one address, whatever the e-mail, per 15 minutes. */
export const LOGIN_ADDRESS_CEILING = 30;
/** Failed attempts on one account from unknown devices before the delays begin. */
export const LOGIN_UNKNOWN_DEVICE_FREE = 5;
export const LOGIN_UNKNOWN_DEVICE_BACKOFF = { baseMs: 1_000, maxMs: LOGIN_WINDOW_MS } as const;

export function loginPairKey(email: string, ipAddress: string | null): string {
  return `login:email-ip:${email}|${ipAddress ?? "-"}`;
}

export function loginUnknownDeviceKey(email: string): string {
  return `login:email-unknown-device:${email}`;
}

export function loginLimits(
  email: string,
  ipAddress: string | null,
  device: KnownDevice | null,
): RateLimit[] {
  const limits: RateLimit[] = [{ key: loginPairKey(email, ipAddress), ...SPEC_LIMIT }];
  if (device) {
    limits.push({ key: `login:device:${device.nonce}`, ...SPEC_LIMIT });
  } else {
    limits.push({
      key: loginUnknownDeviceKey(email),
      max: LOGIN_UNKNOWN_DEVICE_FREE,
      windowMs: LOGIN_WINDOW_MS,
      backoff: LOGIN_UNKNOWN_DEVICE_BACKOFF,
    });
  }
  if (ipAddress)
    limits.push({ key: `login:ip:${ipAddress}`, max: LOGIN_ADDRESS_CEILING, windowMs: LOGIN_WINDOW_MS });
  return limits;
}
