import { getEnv } from "~/env.server";

/**
 * The site's public origin for absolute URLs (canonical links, OpenGraph, feeds, sitemaps, signed
 * report links, e-mails): `PUBLIC_URL` when set, otherwise the configured listen address
 * (`http://localhost:PORT` when listening on every interface). Never the request's Host header: a
 * cached page or feed must not carry a URL an attacker chose (`Host: evil.example`). The request
 * parameter is accepted for call sites that have one, and ignored.
 */
export function publicOrigin(_request?: Request): string {
  const env = getEnv();
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  return listenOrigin(env.HOST, env.PORT);
}

export function listenOrigin(host: string, port: number): string {
  const name = !host || host === "0.0.0.0" || host === "::" || host === "[::]" ? "localhost" : host;
  const hostPart = name.includes(":") && !name.startsWith("[") ? `[${name}]` : name;
  return port === 80 ? `http://${hostPart}` : `http://${hostPart}:${port}`;
}
