import { data } from "react-router";
import { ErrorPage } from "~/components/error-page";

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}

/** Rendered inside the public layout, so a missing page keeps the site's header and footer. */
export function ErrorBoundary() {
  return <ErrorPage status={404} />;
}
