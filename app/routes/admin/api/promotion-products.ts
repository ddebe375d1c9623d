/**
 * The promotion packages of the settings screen (components/payments/promotion-products-settings).
 *
 *   GET  /admin/api/promotion-products → { products }
 *   POST /admin/api/promotion-products  intent=update, id, name, price, days, active
 *                                       intent=create, kind, name, price, days, active
 *        → { ok, message, fieldErrors, values } (400 with the errors and the values as typed)
 */
import { data } from "react-router";
import { listProducts } from "~/domain/orders/products.server";
import { requirePermission } from "~/domain/users/auth.server";
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

export async function action({ request }: Route.ActionArgs) {
  await requirePermission(request, "canViewSettings");
  const result = await productFormAction(getDb(), await request.formData());
  return data(result, { status: result.status });
}
