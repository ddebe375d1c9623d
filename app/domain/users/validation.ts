import { z } from "zod";
import { reportIssues, trimmed } from "~/lib/form";
import { ROLES, type Role } from "./permissions";

/** Messages of spec §5 Create user and §8 Users, word for word. */
export const USER_MESSAGES = {
  allRequired: "Sva polja su obavezna",
  fieldRequired: "Obavezno polje",
  passwordTooShort: "Lozinka mora imati najmanje 8 karaktera",
  emailTaken: "Korisnik sa ovom email adresom već postoji",
  emailInvalid: "Unesite ispravnu email adresu",
  loadFailed: "Greška pri učitavanju korisnika",
  createFailed: "Greška pri kreiranju korisnika",
  toggleFailed: "Greška pri menjanju statusa korisnika",
  deleteFailed: "Greška pri brisanju korisnika",
  noCreatePermission: "Nemate dozvolu za kreiranje korisnika",
  noTogglePermission: "Nemate dozvolu za menjanje statusa korisnika",
  noDeletePermission: "Nemate dozvolu za brisanje korisnika",
  noAccess: "Nemate dozvolu za pristup upravljanju korisnicima",
  deleteForeignKey:
    "Ne može se obrisati korisnik jer postoje povezani zapisi u bazi podataka. Kontaktirajte administratora.",
  deleteInsufficientPrivilege: "Nemate dozvolu za brisanje ovog korisnika.",
  deleteStillExists:
    "Korisnik postoji ali nije mogao biti obrisan. Možda postoje povezani zapisi koji sprečavaju brisanje.",
  created: "Korisnik je uspešno kreiran",
  activated: "Korisnik je aktiviran",
  deactivated: "Korisnik je deaktiviran",
  protected: "Zaštićeni administrator ne može biti deaktiviran ni obrisan.",
  cannotDeleteSelf: "Ne možete obrisati sopstveni nalog.",
  cannotDeactivateSelf: "Ne možete deaktivirati sopstveni nalog.",
  notFound: "Korisnik nije pronađen.",
} as const;

export function userDeletedMessage(firstName: string, lastName: string): string {
  return `Korisnik ${firstName} ${lastName} je uspešno obrisan`;
}

/** Spec §8: the delete failure message chosen by the database error code. */
export function deleteErrorMessage(code: string | undefined, message: string): string {
  if (code === "23503") return USER_MESSAGES.deleteForeignKey;
  if (code === "42501") return USER_MESSAGES.deleteInsufficientPrivilege;
  return `Greška baze podataka: ${message}`;
}

export const MIN_PASSWORD_LENGTH = 8;

const createUserSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: USER_MESSAGES.emailInvalid })),
  password: z.string().min(MIN_PASSWORD_LENGTH, USER_MESSAGES.passwordTooShort),
  firstName: z.string().trim().max(100),
  lastName: z.string().trim().max(100),
  role: z.enum(ROLES).catch("editor"),
});

export type CreateUserInput = z.infer<typeof createUserSchema>;
export type CreateUserField = "email" | "password" | "firstName" | "lastName" | "role";
export type CreateUserValues = Record<CreateUserField, string>;

export type CreateUserValidation =
  | { ok: true; data: CreateUserInput }
  | { ok: false; formError: string; fieldErrors: Partial<Record<CreateUserField, string>> };

/** One validator for the form's instant feedback and the server action. */
export function validateCreateUser(values: CreateUserValues): CreateUserValidation {
  const required: CreateUserField[] = ["email", "password", "firstName", "lastName"];
  const missing = required.filter((field) => !values[field]?.trim());
  if (missing.length > 0) {
    return {
      ok: false,
      formError: USER_MESSAGES.allRequired,
      fieldErrors: Object.fromEntries(missing.map((f) => [f, USER_MESSAGES.fieldRequired])),
    };
  }
  const parsed = createUserSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<CreateUserField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as CreateUserField;
      fieldErrors[field] ??= issue.message;
    }
    return { ok: false, formError: Object.values(fieldErrors)[0] ?? USER_MESSAGES.createFailed, fieldErrors };
  }
  return { ok: true, data: parsed.data };
}

/** The sign-in form: both fields present; everything else (format, length, the password) is login()'s. */
export const LOGIN_MESSAGES_FORM = {
  missing: "Unesite email adresu i lozinku.",
  email: "Unesite email adresu.",
  password: "Unesite lozinku.",
} as const;

export const loginSchema = z.object({
  email: trimmed().pipe(z.string().min(1, LOGIN_MESSAGES_FORM.email)),
  password: z.preprocess(
    (v) => (typeof v === "string" ? v : ""),
    z.string().min(1, LOGIN_MESSAGES_FORM.password),
  ),
});

/** The sign-in link's screen (decision 228). */
export const SIGN_IN_LINK_MESSAGES = {
  sent: "Ako je to adresa naloga u administraciji, poslali smo na nju link za prijavu. Link važi 15 minuta.",
  invalid: "Link za prijavu je istekao ili je već iskorišćen. Zatražite novi.",
  failed: "Link za prijavu trenutno ne može da se pošalje. Pokušajte ponovo kasnije.",
  email: LOGIN_MESSAGES_FORM.email,
  password: LOGIN_MESSAGES_FORM.password,
} as const;

/** Asking for a link: the e-mail only. */
export const signInLinkRequestSchema = z.object({
  email: trimmed().pipe(z.string().min(1, SIGN_IN_LINK_MESSAGES.email).max(254, SIGN_IN_LINK_MESSAGES.email)),
});

/** Signing in through a link: its token (from the page) and the password. */
export const signInLinkSchema = z.object({
  token: trimmed().pipe(z.string().max(200)),
  password: z.preprocess(
    (v) => (typeof v === "string" ? v : ""),
    z.string().min(1, SIGN_IN_LINK_MESSAGES.password),
  ),
});

/**
 * The create-user dialog's schema, for the browser's instant check and the action
 * (`parseForm(createUserFormSchema, form, { secret: ["password"] })`): the rules of
 * `validateCreateUser`, with "Sva polja su obavezna" (or the one wrong field's message) as the
 * form's message and each field's own message beside it.
 */
export const createUserFormSchema = z
  .object({
    email: z.preprocess(asText, z.string()),
    password: z.preprocess(asText, z.string()),
    firstName: z.preprocess(asText, z.string()),
    lastName: z.preprocess(asText, z.string()),
    role: z.preprocess(asText, z.string()),
  })
  .transform((values, ctx) => {
    const result = validateCreateUser({ ...values, role: values.role || "editor" });
    return result.ok ? result.data : reportIssues(ctx, result.fieldErrors, result.formError);
  });

function asText(value: unknown): string {
  return typeof value === "string" ? value : "";
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type { Role };
