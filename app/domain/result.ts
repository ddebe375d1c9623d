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
