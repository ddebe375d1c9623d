import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { newLinkPath } from "~/domain/listings/owner-rules";

/** A forged link (404), a replaced one (410, with the way to a new one), or another error. */
export function ManageLinkError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const body = isRouteErrorResponse(error)
    ? (error.data as { message?: string | null; listingId?: number | null } | null)
    : null;
  return (
    <div>
      <ErrorPage status={status} message={body?.message ?? undefined} />
      {body?.listingId ? (
        <p className="-mt-8 pb-12 text-center">
          <Link to={newLinkPath(body.listingId)} className="font-medium text-brand-700 underline">
            Zatražite novi link
          </Link>
        </p>
      ) : null}
    </div>
  );
}
