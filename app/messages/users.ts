/**
 * The words of staff sign-in and the users screen (spec §5, §6, §8), word for word. The domain
 * answers with codes (`LoginErrorCode`, `UserErrorCode`); `app/http/errors.ts` maps them here.
 */

/** Spec §6 login messages, word for word, plus the form's own. */
export const LOGIN_MESSAGES = {
  invalid: "Invalid email or password",
  sessionFailed: "Failed to create session",
  unexpected: "An unexpected error occurred",
  missing: "Unesite email adresu i lozinku.",
} as const;

/**
 * The sign-in refusal for a wait of `seconds`: under a minute (the delay for unknown devices) it is
 * said in seconds, otherwise in whole minutes, rounded up.
 */
export function loginRateLimitMessage(seconds: number): string {
  const wait = seconds < 60 ? secondsText(seconds) : `${Math.max(1, Math.ceil(seconds / 60))} min`;
  return `Previše neuspešnih pokušaja prijave. Pokušajte ponovo za ${wait}.`;
}

/** "1 sekundu", "3 sekunde", "5 sekundi", "21 sekundu" (Serbian plural of the accusative). */
function secondsText(n: number): string {
  const last = n % 10;
  const lastTwo = n % 100;
  if (last === 1 && lastTwo !== 11) return `${n} sekundu`;
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return `${n} sekunde`;
  return `${n} sekundi`;
}
