import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorPage } from "~/components/error-page";

/** Public pages re-export this as their ErrorBoundary, so a 404 keeps the site's header and footer. */
export function PublicRouteError() {
  const error = useRouteError();
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
