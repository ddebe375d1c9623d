import { type RateLimit, SPEC_LIMIT } from "~/domain/rate-limit/limiter.server";

/**
 * Sign-in limits (spec §5 limiter, keyed as OWASP advises): 5 attempts per 15 minutes for one
 * e-mail from one address, so that colleagues behind one office address do not lock each other
 * out, plus a looser ceiling per address (many e-mails from one place) and per e-mail (one account
 * from many places). Every attempt is counted before the password is checked (so parallel guesses
 * cannot slip through); a successful sign-in takes its own attempt back and forgets its
 * e-mail+address count, so staff signing in normally never reach a ceiling.
 */
export const LOGIN_MAX_FAILURES = SPEC_LIMIT.max;
export const LOGIN_WINDOW_MS = SPEC_LIMIT.windowMs;
/** Attempts from one address, whatever the e-mail, per 15 minutes. */
export const LOGIN_ADDRESS_CEILING = 30;
/** Attempts on one e-mail, from any address, per 15 minutes. */
export const LOGIN_ACCOUNT_CEILING = 50;

export function loginPairKey(email: string, ipAddress: string | null): string {
  return `login:email-ip:${email}|${ipAddress ?? "-"}`;
}

export function loginLimits(email: string, ipAddress: string | null): RateLimit[] {
  const limits: RateLimit[] = [
    { key: loginPairKey(email, ipAddress), ...SPEC_LIMIT },
    { key: `login:email:${email}`, max: LOGIN_ACCOUNT_CEILING, windowMs: LOGIN_WINDOW_MS },
  ];
  if (ipAddress)
    limits.push({ key: `login:ip:${ipAddress}`, max: LOGIN_ADDRESS_CEILING, windowMs: LOGIN_WINDOW_MS });
  return limits;
}
