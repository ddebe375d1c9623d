/** Whether `value` is one of a closed list of codes (a status, a role, a URL's kind), typed as one. */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (values as readonly string[]).includes(value);
}
