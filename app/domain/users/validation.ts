import { z } from "zod";
import { codes } from "~/domain/result";
import { reportIssues, trimmed } from "~/lib/form";
import { ROLES, type Role } from "./permissions";

/**
 * The codes of the users screen's form (spec §5 Create user); their words are USER_MESSAGES in
 * app/messages/users.ts under the same keys.
 */
export const USER_FIELD = codes("user", [
  "allRequired",
  "fieldRequired",
  "passwordTooShort",
  "emailInvalid",
  "createFailed",
]);

export const MIN_PASSWORD_LENGTH = 8;

const createUserSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: USER_FIELD.emailInvalid })),
  password: z.string().min(MIN_PASSWORD_LENGTH, USER_FIELD.passwordTooShort),
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
      formError: USER_FIELD.allRequired,
      fieldErrors: Object.fromEntries(missing.map((f) => [f, USER_FIELD.fieldRequired])),
    };
  }
  const parsed = createUserSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<CreateUserField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as CreateUserField;
      fieldErrors[field] ??= issue.message;
    }
    return { ok: false, formError: Object.values(fieldErrors)[0] ?? USER_FIELD.createFailed, fieldErrors };
  }
  return { ok: true, data: parsed.data };
}

/** The sign-in form: both fields present; everything else (format, length, the password) is login()'s. */
export const LOGIN_FIELD = codes("login", ["email", "password"]);

export const loginSchema = z.object({
  email: trimmed().pipe(z.string().min(1, LOGIN_FIELD.email)),
  password: z.preprocess((v) => (typeof v === "string" ? v : ""), z.string().min(1, LOGIN_FIELD.password)),
});

/** Asking for a sign-in link (decision 228): the e-mail only; the sign-in form's field codes. */
export const signInLinkRequestSchema = z.object({
  email: trimmed().pipe(z.string().min(1, LOGIN_FIELD.email).max(254, LOGIN_FIELD.email)),
});

/** Signing in through a link: its token (from the page) and the password. */
export const signInLinkSchema = z.object({
  token: trimmed().pipe(z.string().max(200)),
  password: z.preprocess((v) => (typeof v === "string" ? v : ""), z.string().min(1, LOGIN_FIELD.password)),
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
