/**
 * The cache screen's words (spec §4, §7, §8 Cache clear). The domain answers with codes
 * (`CacheErrorCode`); `app/http/errors.ts` maps them here. Client-safe: the screen says them in the
 * browser after clearing its stores.
 */
export const CACHE_MESSAGES = {
  confirmTitle: "Obrisati keš?",
  cleared: "Keš je uspešno obrisan.",
  failed: (reason: string) => `Greška pri brisanju keša: ${reason}`,
  serverFailed: "Keš servera nije obrisan. Pokušajte ponovo.",
} as const;
