/**
 * Money in minor units (cents), shown in the Serbian locale with the currency's narrow symbol:
 * 4900 usd → "49,00 $". Spec §9: order amounts are minor units divided by 100, in the order's
 * own currency.
 */
const formats = new Map<string, Intl.NumberFormat>();

function formatFor(currency: string): Intl.NumberFormat | null {
  const code = currency.toUpperCase();
  let format = formats.get(code);
  if (!format) {
    try {
      format = new Intl.NumberFormat("sr-Latn", {
        style: "currency",
        currency: code,
        currencyDisplay: "narrowSymbol",
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    } catch {
      return null; // not an ISO 4217 code
    }
    formats.set(code, format);
  }
  return format;
}

export function formatMinorAmount(amount: number, currency = "usd"): string {
  const format = formatFor(currency);
  const major = amount / 100;
  if (format) return format.format(major);
  return `${new Intl.NumberFormat("sr-Latn", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(major)}\u00a0${currency.toUpperCase()}`;
}

/**
 * Reads a price typed in dollars ("29", "29.90", "29,90", "$ 29") as cents; null when it is not a
 * plain amount with at most two decimals.
 */
export function parseDollarsToCents(text: string): number | null {
  const cleaned = text.replace(/[$\s]/g, "").replace(/^US/i, "");
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents as the admin form shows them: "29,90" (comma decimals, no symbol). */
export function centsToInput(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return rest === 0 ? String(whole) : `${whole},${String(rest).padStart(2, "0")}`;
}
