/**
 * Promotion packages ("Istaknut oglas 7 dana"): the admin form's schema and its codes.
 * Pure; used by the settings screen and its action.
 */
import { z } from "zod";
import { codes } from "~/domain/result";
import { checkbox, requiredText } from "~/lib/form";
import { parseDollarsToCents } from "~/lib/money";

export const PRODUCT_KINDS = ["job", "sale"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const PRODUCT_KIND_LABELS: Record<ProductKind, string> = {
  job: "Poslovi",
  sale: "Kupoprodaja",
};

/** Stripe takes at least 0,50 $; more than 10.000 $ for a promotion is a typo. */
export const MIN_PRICE_CENTS = 50;
export const MAX_PRICE_CENTS = 1_000_000;

/** The package form's field codes; the words are in app/messages/orders.ts. */
export const PRODUCT_FIELD = codes("product", ["name", "price", "priceRange", "days", "kind"]);

/** What a package save is refused with: its form's errors, a package gone, a failed write. */
export type ProductErrorCode = "product.invalid" | "product.not_found" | "product.save_failed";

const price = z.preprocess(
  (v) => (typeof v === "string" ? v : ""),
  z
    .string()
    .transform((v, ctx) => {
      const cents = parseDollarsToCents(v);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: PRODUCT_FIELD.price });
        return z.NEVER;
      }
      return cents;
    })
    .pipe(
      z
        .number()
        .min(MIN_PRICE_CENTS, PRODUCT_FIELD.priceRange)
        .max(MAX_PRICE_CENTS, PRODUCT_FIELD.priceRange),
    ),
);

const days = z.preprocess(
  (v) => (typeof v === "string" && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : Number.NaN),
  z
    .number({ error: PRODUCT_FIELD.days })
    .int(PRODUCT_FIELD.days)
    .min(1, PRODUCT_FIELD.days)
    .max(365, PRODUCT_FIELD.days),
);

/** One package as the settings form edits it: name, price in dollars, days, shown on the site. */
export const productSchema = z.object({
  name: requiredText(PRODUCT_FIELD.name, 80),
  price,
  days,
  active: checkbox(),
});

/** A new package also says which kind of listing it promotes. */
export const newProductSchema = productSchema.extend({
  kind: z.enum(PRODUCT_KINDS, { error: PRODUCT_FIELD.kind }),
});

export type ProductInput = z.output<typeof productSchema>;
export type NewProductInput = z.output<typeof newProductSchema>;

export type PromotionProduct = {
  id: string;
  kind: ProductKind;
  name: string;
  days: number;
  amount: number;
  currency: string;
  active: boolean;
  position: number;
};

/** "7 dana", "1 dan", "21 dan", "30 dana" (Serbian plural of dan). */
export function daysLabel(days: number): string {
  return days % 10 === 1 && days % 100 !== 11 ? `${days} dan` : `${days} dana`;
}

/**
 * The packages a new database starts with (written by migration 0011_payments_custom.sql; the
 * demo seed sells them). An admin changes them on the settings screen.
 */
export const DEFAULT_PRODUCTS: readonly Omit<PromotionProduct, "active">[] = [
  {
    id: "featured-job-7",
    kind: "job",
    name: "Istaknut oglas 7 dana – posao",
    days: 7,
    amount: 2900,
    currency: "usd",
    position: 1,
  },
  {
    id: "featured-job-30",
    kind: "job",
    name: "Istaknut oglas 30 dana – posao",
    days: 30,
    amount: 7900,
    currency: "usd",
    position: 2,
  },
  {
    id: "featured-sale-7",
    kind: "sale",
    name: "Istaknut oglas 7 dana – kupoprodaja",
    days: 7,
    amount: 900,
    currency: "usd",
    position: 1,
  },
  {
    id: "featured-sale-30",
    kind: "sale",
    name: "Istaknut oglas 30 dana – kupoprodaja",
    days: 30,
    amount: 2500,
    currency: "usd",
    position: 2,
  },
];
