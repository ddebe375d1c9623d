/**
 * The promotion packages of the settings screen (components/payments/promotion-products-settings).
 *
 *   GET  /admin/api/promotion-products → { products }
 *   POST /admin/api/promotion-products  intent=update, id, name, price, days, active
 *                                       intent=create, kind, name, price, days, active
 *        → { ok, message, fieldErrors, values } (400 with the errors and the values as typed)
 */
import { changedFields, recordAudit } from "~/domain/audit/audit.server";
import { listProducts } from "~/domain/orders/products.server";
import { requirePermission } from "~/http/auth.server";
import { getDb } from "~/services.server";
import type { Route } from "./+types/promotion-products";
import { productFormAction } from "./promotion-products.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewSettings");
  return Response.json(
    { products: await listProducts(getDb()) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewSettings");
  const { reply, saved } = await productFormAction(getDb(), request);
  if (saved) {
    // What was saved, as parsed (price in cents), never the raw form strings.
    const { product } = saved;
    await recordAudit(getDb(), {
      actor: user,
      area: "orders",
      action: saved.intent,
      recordId: saved.productId || null,
      recordLabel: product.name,
      ip: context.clientIp,
      changes: changedFields(null, {
        name: product.name,
        price: product.price,
        days: product.days,
        active: product.active,
      }),
    });
  }
  return reply;
}
