import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorPage } from "../error-page";

/** Admin pages re-export this as their ErrorBoundary, so a 403 or 404 keeps the sidebar. */
export function AdminRouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    return <ErrorPage status={error.status} message={(error.data as { message?: string } | null)?.message} />;
  }
  return <ErrorPage status={500} />;
}
