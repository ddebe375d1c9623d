/**
 * The newsletter's forms: the public signup (spec §5: text, an @, text, a dot, text; at most 254
 * characters), the test e-mail, the generate and send steps of the newsletter dialogs.
 */
import { z } from "zod";
import { codes } from "~/domain/result";
import { tooLongCode, trimmed } from "~/lib/form";
import { isValidEmail } from "~/lib/text-sanitizer";

/**
 * The codes of the newsletter forms' fields; their words are in app/messages/newsletter.ts under the
 * same keys (decision 271).
 */
export const NEWSLETTER_FIELD = codes("newsletter", [
  "invalidEmail",
  "needArticle",
  "tooManyArticles",
  "needGenerateAndRecipients",
  "subjectRequired",
]);
const F = NEWSLETTER_FIELD;

export const MAX_ARTICLES = 5;
/** Articles offered in the manual newsletter dialog (spec §9). */
export const OFFERED_ARTICLES = 20;
/** Subscribers an admin may pick by hand for one send. */
export const MAX_PICKED_RECIPIENTS = 1000;

/** Lowercased and trimmed, as stored (the subscriber table keeps e-mails lowercase). */
export function normalizeEmail(value: unknown): string {
  return typeof value === "string" ? value.trim().toLowerCase() : "";
}

const email = (message: string) => z.preprocess(normalizeEmail, z.string().refine(isValidEmail, { message }));

export const signupSchema = z.object({ email: email(F.invalidEmail) });
export const testEmailSchema = z.object({ email: email(F.invalidEmail) });

const idList = z.preprocess(
  (v) => (Array.isArray(v) ? v : v === undefined || v === "" ? [] : [v]),
  z.array(z.string()),
);

/** Ids from repeated form fields: digits only, each once, in the order given. */
export function parseIdList(values: readonly string[]): number[] | null {
  const ids: number[] = [];
  for (const v of values) {
    if (!/^\d{1,10}$/.test(v)) return null;
    const id = Number(v);
    if (id < 1 || id > 2_147_483_647) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

const articleIds = idList.transform((values, ctx) => {
  const ids = parseIdList(values);
  if (!ids || ids.length === 0) {
    ctx.addIssue({ code: "custom", message: F.needArticle });
    return z.NEVER;
  }
  if (ids.length > MAX_ARTICLES) {
    ctx.addIssue({ code: "custom", message: F.tooManyArticles });
    return z.NEVER;
  }
  return ids;
});

/** The generate step: the manual newsletter needs 1 to 5 articles; the dynamic one chooses its own. */
export const generateSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("manual"), articleIds }),
  z.object({ kind: z.literal("dynamic") }),
]);

/** The send step: a generated draft, a subject and the recipients (all active, or picked ones). */
export const sendSchema = z
  .object({
    draftId: trimmed()
      .pipe(z.string().regex(/^\d{1,10}$/, F.needGenerateAndRecipients))
      .transform(Number),
    subject: trimmed()
      .transform((s) => s.replace(/\s+/g, " "))
      .pipe(z.string().min(1, F.subjectRequired).max(200, tooLongCode(200))),
    audience: z.enum(["all", "selected"], { message: F.needGenerateAndRecipients }),
    subscriberIds: idList,
  })
  .transform((v, ctx) => {
    const ids = parseIdList(v.subscriberIds);
    if (
      ids === null ||
      (v.audience === "selected" && (ids.length === 0 || ids.length > MAX_PICKED_RECIPIENTS))
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["subscriberIds"],
        message: F.needGenerateAndRecipients,
      });
      return z.NEVER;
    }
    return { ...v, subscriberIds: v.audience === "selected" ? ids : [] };
  });

/** `marko.petrovic@example.com` → `ma•••@example.com`: enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  const local = email.slice(0, at);
  const shown = Array.from(local)
    .slice(0, local.length > 3 ? 2 : 1)
    .join("");
  return `${shown}•••${email.slice(at)}`;
}
