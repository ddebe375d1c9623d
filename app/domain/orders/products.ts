/**
 * Promotion packages ("Istaknut oglas 7 dana"): the admin form's schema and the words around it.
 * Pure; used by the settings screen and its action.
 */
import { z } from "zod";
import { checkbox, type FieldErrors, type FormValues, requiredText } from "~/lib/form";
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

export const PRODUCT_MESSAGES = {
  saved: "Paket je sačuvan.",
  created: "Paket je dodat.",
  saveFailed: "Greška pri čuvanju paketa.",
  notFound: "Paket više ne postoji. Osvežite stranicu.",
  name: "Unesite naziv paketa.",
  price: "Unesite cenu u dolarima, npr. 29 ili 29,90.",
  priceRange: "Cena mora biti između 0,50 $ i 10.000 $.",
  days: "Broj dana mora biti ceo broj od 1 do 365.",
  kind: "Izaberite vrstu oglasa.",
} as const;

const price = z.preprocess(
  (v) => (typeof v === "string" ? v : ""),
  z
    .string()
    .transform((v, ctx) => {
      const cents = parseDollarsToCents(v);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.price });
        return z.NEVER;
      }
      return cents;
    })
    .pipe(
      z
        .number()
        .min(MIN_PRICE_CENTS, PRODUCT_MESSAGES.priceRange)
        .max(MAX_PRICE_CENTS, PRODUCT_MESSAGES.priceRange),
    ),
);

const days = z.preprocess(
  (v) => (typeof v === "string" && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : Number.NaN),
  z
    .number({ error: PRODUCT_MESSAGES.days })
    .int(PRODUCT_MESSAGES.days)
    .min(1, PRODUCT_MESSAGES.days)
    .max(365, PRODUCT_MESSAGES.days),
);

/** One package as the settings form edits it: name, price in dollars, days, shown on the site. */
export const productSchema = z.object({
  name: requiredText(PRODUCT_MESSAGES.name, 80),
  price,
  days,
  active: checkbox(),
});

/** A new package also says which kind of listing it promotes. */
export const newProductSchema = productSchema.extend({
  kind: z.enum(PRODUCT_KINDS, { error: PRODUCT_MESSAGES.kind }),
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

/** What the settings screen's package forms get back (domain/orders/products-form.server.ts). */
export type ProductFormResult = {
  ok: boolean;
  status: number;
  intent: "update" | "create";
  /** The package the form was about (the new id after a create; "" for a failed create). */
  productId: string;
  message: string;
  fieldErrors: FieldErrors;
  values: FormValues;
  /** The package as saved (parsed: price in cents), for the audit log; never sent to the screen. */
  saved?: ProductInput;
};

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
