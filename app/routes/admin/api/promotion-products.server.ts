/** The settings screen's promotion packages: one action for "save this package" and "add one". */
import type { DbOrTx } from "~/db/client.server";
import {
  newProductSchema,
  PRODUCT_MESSAGES,
  type ProductFormResult,
  productSchema,
} from "~/domain/orders/products";
import { createProduct, updateProduct } from "~/domain/orders/products.server";
import { errorMessage, errorStatus } from "~/http/errors";
import { parseForm } from "~/http/form";
import { type FormValues, formValues, type ParsedForm } from "~/lib/form";
import { logger } from "~/lib/logger.server";

const INTENTS = ["update", "create"] as const;
const isIntent = (v: unknown): v is ProductFormResult["intent"] => INTENTS.some((i) => i === v);

export async function productFormAction(db: DbOrTx, form: FormData): Promise<ProductFormResult> {
  const sent = form.get("intent");
  // An intent the screen never sends is refused, never taken for a save (issue 25 item 4).
  if (!isIntent(sent)) {
    return {
      ok: false,
      status: errorStatus("unknown_intent"),
      intent: "update",
      productId: "",
      message: errorMessage("unknown_intent"),
      fieldErrors: {},
      values: formValues(form),
    };
  }
  const intent = sent;
  const requested = intent === "update" ? String(form.get("id") ?? "") : "";
  const result = (
    ok: boolean,
    status: number,
    message: string,
    values: FormValues,
    extra: Partial<ProductFormResult> = {},
  ): ProductFormResult => ({
    ok,
    status,
    intent,
    productId: requested,
    message,
    fieldErrors: {},
    values,
    ...extra,
  });
  const invalid = (parsed: Extract<ParsedForm<unknown>, { ok: false }>) =>
    result(false, 400, PRODUCT_MESSAGES.saveFailed, parsed.values, { fieldErrors: parsed.fieldErrors });
  try {
    if (intent === "create") {
      const parsed = parseForm(newProductSchema, form);
      if (!parsed.ok) return invalid(parsed);
      const id = await createProduct(db, parsed.data);
      return result(true, 200, PRODUCT_MESSAGES.created, {}, { productId: id, saved: parsed.data });
    }
    const parsed = parseForm(productSchema, form);
    if (!parsed.ok) return invalid(parsed);
    const saved =
      requested.length > 0 && requested.length <= 100 && (await updateProduct(db, requested, parsed.data));
    return saved
      ? result(true, 200, PRODUCT_MESSAGES.saved, parsed.values, { saved: parsed.data })
      : result(false, 404, PRODUCT_MESSAGES.notFound, parsed.values);
  } catch (error) {
    logger.error({ err: error, intent, productId: requested }, "promotion product could not be saved");
    return result(false, 500, PRODUCT_MESSAGES.saveFailed, formValues(form));
  }
}
