/**
 * The alert forms: a new alert (`/poslovi/obavestenje`, `/kupoprodaja/obavestenje`) and the change
 * of an alert on its page. The filters are read by the list's own parser (filters.ts); the schema
 * holds what is the alert's own: the address and how often.
 */
import { z } from "zod";
import { ALERT_FREQUENCIES } from "~/db/schema/alerts";
import { normalizeEmail } from "~/domain/newsletter/validation";
import { isOneOf } from "~/lib/one-of";
import { isValidEmail } from "~/lib/text-sanitizer";
import { ALERT_FIELD } from "./options";

const frequency = z
  .string()
  .optional()
  .transform((v) => v ?? "")
  .refine((v) => isOneOf(ALERT_FREQUENCIES, v), ALERT_FIELD.frequencyInvalid)
  .transform((v) => v as (typeof ALERT_FREQUENCIES)[number]);

export const newAlertSchema = z.object({
  email: z.preprocess(normalizeEmail, z.string().refine(isValidEmail, ALERT_FIELD.emailInvalid)),
  frequency,
  /** "Prijavi me i na newsletter": the newsletter signup too (Brevo is involved only then). */
  newsletter: z
    .string()
    .optional()
    .transform((v) => v === "da"),
});

export const changeAlertSchema = z.object({ frequency });

/** The form fields that are filters (the list's URL words): everything the schemas do not hold. */
export const ALERT_FORM_FIELDS = ["email", "frequency", "newsletter"] as const;
