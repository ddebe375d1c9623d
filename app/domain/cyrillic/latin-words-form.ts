import { z } from "zod";
import { codes } from "~/domain/result";
import { type FieldErrors, type FormValues, sentText } from "~/lib/form";

/**
 * The field codes of the settings card "Reči koje ostaju latinicom" (docs/decisions/211); the
 * words are in app/messages/cyrillic.ts.
 */
export const LATIN_WORDS_FIELD = codes("latinWords", ["missing", "tooLong", "entryTooLong"]);

/** What a save refuses with (its words are the card's "save failed" message). */
export type LatinWordsErrorCode = "latinWords.save_failed";

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
  latinOnlyWords: sentText(LATIN_WORDS_FIELD.missing)
    .pipe(z.string().max(LATIN_WORDS_MAX_LENGTH, LATIN_WORDS_FIELD.tooLong))
    .transform((text, ctx) => {
      const normalized = normalizeLatinWords(text);
      if (normalized.split("\n").some((entry) => entry.length > LATIN_WORD_MAX_LENGTH)) {
        ctx.addIssue({ code: "custom", message: LATIN_WORDS_FIELD.entryTooLong });
        return z.NEVER;
      }
      return normalized;
    }),
});
