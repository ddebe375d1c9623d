/** The name of the hidden honeypot field of every public form (see components/honeypot-field.tsx). */
export const HONEYPOT_FIELD = "company_fax";
