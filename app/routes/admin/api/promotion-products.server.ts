/**
 * The settings screen's promotion packages: one action for "save this package" and "add one",
 * read with the intent helper (an intent the screen never sends is refused, never taken for a
 * save). It answers what the route sends: the saved package's words, or a failure from
 * `app/http/errors.ts`; and, for the audit log, the package as parsed (never the raw form).
 */
import { data } from "react-router";
import { z } from "zod";
import type { ProductFormResult } from "~/components/payments/promotion-products-settings";
import type { DbOrTx } from "~/db/client.server";
import { newProductSchema, type ProductInput, productSchema } from "~/domain/orders/products";
import { createProduct, updateProduct } from "~/domain/orders/products.server";
import { failure, unknownIntent } from "~/http/errors";
import { readIntent } from "~/http/intent";
import { logger } from "~/lib/logger.server";
import { PRODUCT_MESSAGES } from "~/messages/orders";

const productIntents = z.discriminatedUnion("intent", [
  productSchema.extend({
    intent: z.literal("update"),
    id: z.preprocess((v) => (typeof v === "string" ? v : ""), z.string()),
  }),
  newProductSchema.extend({ intent: z.literal("create") }),
]);

/** A package as saved (parsed: price in cents), for the audit log; never sent to the screen. */
export type SavedProduct = { intent: ProductFormResult["intent"]; productId: string; product: ProductInput };

export async function productFormAction(db: DbOrTx, request: Request) {
  const parsed = await readIntent(request, productIntents);
  const values = parsed.values;
  if (!parsed.ok) {
    const shown = { intent: "update" as const, productId: "", fieldErrors: {}, values };
    if (!parsed.known) return { reply: unknownIntent(shown) };
    const intent = parsed.intent as ProductFormResult["intent"];
    const productId = intent === "update" ? (values.id ?? "") : "";
    return {
      reply: failure("product.invalid", { intent, productId, fieldErrors: parsed.fieldErrors, values }),
    };
  }
  const input = parsed.data;
  const requested = input.intent === "update" ? input.id : "";
  try {
    if (input.intent === "create") {
      const productId = await createProduct(db, input);
      const reply: ProductFormResult = {
        ok: true,
        intent: "create",
        productId,
        message: PRODUCT_MESSAGES.created,
        fieldErrors: {},
        values: {},
      };
      return { reply: data(reply), saved: savedOf("create", productId, input) };
    }
    const updated =
      requested.length > 0 && requested.length <= 100 && (await updateProduct(db, requested, input));
    if (!updated) {
      return { reply: failure("product.not_found", { intent: "update", productId: requested, values }) };
    }
    const reply: ProductFormResult = {
      ok: true,
      intent: "update",
      productId: requested,
      message: PRODUCT_MESSAGES.saved,
      fieldErrors: {},
      values,
    };
    return { reply: data(reply), saved: savedOf("update", requested, input) };
  } catch (error) {
    logger.error(
      { err: error, intent: input.intent, productId: requested },
      "promotion product could not be saved",
    );
    return { reply: failure("product.save_failed", { intent: input.intent, productId: requested, values }) };
  }
}

function savedOf(intent: SavedProduct["intent"], productId: string, input: ProductInput): SavedProduct {
  return {
    intent,
    productId,
    product: { name: input.name, price: input.price, days: input.days, active: input.active },
  };
}
