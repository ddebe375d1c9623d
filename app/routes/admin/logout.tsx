import { redirect } from "react-router";
import { clearSessionCookie, endSession } from "~/http/auth.server";
import type { Route } from "./+types/logout";

/** POST /admin/logout deletes the session row and the cookie. */
export async function action({ request }: Route.ActionArgs) {
  await endSession(request);
  return redirect("/admin/login", { headers: { "Set-Cookie": clearSessionCookie(request) } });
}

export function loader() {
  return redirect("/admin");
}
