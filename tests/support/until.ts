/**
 * Waits for a condition instead of sleeping: reads `read()` every `everyMs` until `ok` holds,
 * and fails with the last value when `ms` pass.
 */
export async function until<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  ms = 20_000,
  everyMs = 25,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
