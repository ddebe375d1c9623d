/**
 * What a domain function answers (decision 170): a typed value, or a failure named by a stable
 * code. Codes are for programs — the routes map them to the spec's Serbian text and an HTTP status
 * in one table (`app/http/errors.ts`) — so nothing ever branches on message text, and the domain
 * never speaks HTTP or Serbian screen copy.
 *
 *   const r = await deleteUser(db, actor, id);
 *   if (!r.ok) return failure(r.code, { detail: r.detail });
 */
import type { FieldErrors } from "~/lib/form";

export type Ok<T> = { ok: true; value: T };

export type Failure<C extends string> = {
  ok: false;
  code: C;
  /** A short machine detail some messages quote (a database error's text, a count of minutes). */
  detail?: string;
  /** Field errors of a rule that checks fields (the form shows them next to the fields). */
  fieldErrors?: FieldErrors;
};

export type Result<T, C extends string> = Ok<T> | Failure<C>;

export function ok(): Ok<undefined>;
export function ok<T>(value: T): Ok<T>;
export function ok<T>(value?: T): Ok<T | undefined> {
  return { ok: true, value };
}

export function fail<C extends string>(code: C, extra: Omit<Failure<C>, "ok" | "code"> = {}): Failure<C> {
  return { ok: false, code, ...extra };
}

/**
 * An area's codes named by keys, for the field errors of its forms and the failures of its rules:
 * `codes("listing", ["titleRequired"])` is `{ titleRequired: "listing.titleRequired" }`. The words
 * for them live in `app/messages/<area>.ts` under the same keys (decision 271); a Zod schema puts
 * the code where a message would go (`z.string().min(1, LISTING_FIELD.titleRequired)`), and the
 * edge turns it into the words (`app/http/form.ts`).
 */
export function codes<const A extends string, const K extends string>(
  area: A,
  keys: readonly K[],
): { readonly [k in K]: `${A}.${k}` } {
  return Object.fromEntries(keys.map((key) => [key, `${area}.${key}`])) as { [k in K]: `${A}.${k}` };
}

/** The union of the codes in a `codes(…)` object. */
export type CodeIn<T> = T[keyof T];

/**
 * A code with a detail the words quote (a length, a year): `withDetail(code, 300)` is
 * `"article.tooLong:300"`. Zod carries only a string per issue, so the detail rides in it.
 */
export function withDetail<C extends string>(code: C, detail: string | number): `${C}:${string}` {
  return `${code}:${detail}`;
}
