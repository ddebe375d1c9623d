/**
 * Server rendering. The whole document is rendered before it is sent (onAllReady): the server
 * compresses, hashes and caches finished pages (server/http/page-handler.ts), and our pages do not
 * stream deferred data. Inline scripts carry this response's CSP nonce.
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceContext } from "~/components/nonce";
import { databaseAvailability } from "~/db/availability.server";
import { logger } from "~/lib/logger.server";
import { markDatabaseUnavailable } from "~/lib/request-context.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          if (!request.signal.aborted) logger.error({ err: error }, "render failed");
        },
      },
    );
  });
}

/** Errors of loaders and actions: logged with the request id, unless the client went away. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A 4xx answer (a 404, a 405 for a POST to a page without an action) is not a server error.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // The database went away: logged once per outage (app/db/availability.server.ts); the request is
  // marked so that it is answered 503 (a loader may fail on a query another request started).
  if (databaseAvailability.noteIfUnavailable(error, "route")) {
    markDatabaseUnavailable();
    return;
  }
  logger.error({ err: error, url: request.url }, "route error");
};
