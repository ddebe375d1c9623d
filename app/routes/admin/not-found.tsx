import { data } from "react-router";
import { AdminRouteError } from "~/components/admin/route-error";
import { requireUser } from "~/http/auth.server";
import type { Route } from "./+types/not-found";

/** An unknown /admin page: the anonymous are sent to sign in first, the rest get a 404 in the shell. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}

export { AdminRouteError as ErrorBoundary };
