import type { Request, Response } from "express";
import { RETRY_AFTER_SECONDS } from "~/db/availability.server";
import { discardRestOfBody } from "./discard-body";
import { HTTP_MESSAGES, HttpError } from "./request-guards";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const TITLES: Record<number, string> = {
  400: "Neispravan zahtev",
  404: "Stranica nije pronađena",
  405: "Metoda nije dozvoljena",
  413: "Zahtev je prevelik",
  414: "Adresa je predugačka",
  503: "Sajt je privremeno nedostupan",
};

/**
 * Answers a refused request before any route ran: a small Serbian page for browsers, JSON for
 * scripts that asked for it (the media uploader). A body too large (413) is read to its end and
 * dropped after the answer (discard-body.ts), so the client — nginx above all — gets the answer
 * instead of a reset connection; other refusals of an unreadable body (a broken Content-Length,
 * a client gone) close the connection.
 */
export function sendHttpError(req: Request, res: Response, error: HttpError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(error.status);
  res.setHeader("Cache-Control", "no-store");
  if (error.status === 405) res.setHeader("Allow", "GET, HEAD, POST");
  if (error.status === 503) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  if (error.closeConnection && error.status === 413) {
    res.on("finish", () => discardRestOfBody(req));
  } else if (error.closeConnection) {
    res.setHeader("Connection", "close");
    res.on("finish", () => req.socket.destroy());
  }
  const accept = req.get("accept") ?? "";
  if (/application\/json/i.test(accept) && !/text\/html/i.test(accept)) {
    res.json({ error: error.message });
    return;
  }
  const title = TITLES[error.status] ?? "Greška";
  res
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="sr-Latn"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} — Balkan Vozači</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.5rem;color:#0f172a}p{color:#475569}a{color:#1d4ed8}</style></head><body><p>Greška ${error.status}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(error.message)}</p><p><a href="/">Početna strana</a></p></body></html>`,
    );
}

/**
 * The database could not be reached while this request ran: a 503 maintenance page with
 * Retry-After, never cached (docs/decisions/140).
 */
export function sendDatabaseUnavailable(req: Request, res: Response): void {
  sendHttpError(req, res, new HttpError(503, HTTP_MESSAGES.unavailable));
}
