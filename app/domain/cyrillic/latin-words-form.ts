import { z } from "zod";
import { type FieldErrors, type FormValues, sentText } from "~/lib/form";

/** The settings card "Reči koje ostaju latinicom" (docs/decisions/211). */
export const LATIN_WORDS_MESSAGES = {
  saved: "Spisak reči koje ostaju latinicom je sačuvan.",
  saveFailed: "Greška pri čuvanju spiska reči.",
  missing: "Spisak nije poslat. Osvežite stranicu i pokušajte ponovo.",
  tooLong: "Spisak može imati najviše 10.000 znakova.",
  entryTooLong: "Svaka stavka može imati najviše 80 znakova.",
} as const;

/** What a save answers (the card shows the message, the field's error and the text as typed). */
export type LatinWordsResult = {
  ok: boolean;
  message: string;
  values: FormValues;
  fieldErrors?: FieldErrors;
  saved?: string;
};

export const LATIN_WORDS_MAX_LENGTH = 10_000;
export const LATIN_WORD_MAX_LENGTH = 80;

/**
 * The list as it is stored: one entry a line (entries typed between commas are split), spaces
 * tidied, empty lines and repeats (in any case) dropped, the editors' spelling and order kept.
 */
export function normalizeLatinWords(text: string): string {
  const seen = new Set<string>();
  const entries: string[] = [];
  for (const raw of text.split(/[\n,;]/)) {
    const entry = raw.trim().replace(/\s+/g, " ");
    const key = entry.toLowerCase();
    if (entry === "" || seen.has(key)) continue;
    seen.add(key);
    entries.push(entry);
  }
  return entries.join("\n");
}

/** `parseForm(latinWordsSchema, form)`: the field is always sent; empty clears the list. */
export const latinWordsSchema = z.object({
  latinOnlyWords: sentText(LATIN_WORDS_MESSAGES.missing)
    .pipe(z.string().max(LATIN_WORDS_MAX_LENGTH, LATIN_WORDS_MESSAGES.tooLong))
    .transform((text, ctx) => {
      const normalized = normalizeLatinWords(text);
      if (normalized.split("\n").some((entry) => entry.length > LATIN_WORD_MAX_LENGTH)) {
        ctx.addIssue({ code: "custom", message: LATIN_WORDS_MESSAGES.entryTooLong });
        return z.NEVER;
      }
      return normalized;
    }),
});
