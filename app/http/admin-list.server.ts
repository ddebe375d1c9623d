import type { Permission } from "~/domain/users/permissions";
import { requirePermission } from "~/http/auth.server";
import { parsePage } from "~/lib/pagination";

/**
 * The head of every admin list loader: the signed-in user with the screen's permission (or the
 * 403), the query string and the page number from `?page=`.
 */
export async function readListRequest(
  request: Request,
  permission: Permission,
  options: { message?: string } = {},
) {
  const user = await requirePermission(request, permission, options);
  const params = new URL(request.url).searchParams;
  return { user, params, page: parsePage(params.get("page")) };
}
