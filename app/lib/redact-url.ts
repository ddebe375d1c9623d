/**
 * What a log may say of a URL: secrets that travel in links (unsubscribe tokens, a pending
 * listing's key, a poster's management link, an alert's link, signed preview and report links,
 * anything named like a password or a key) are
 * replaced by `[redacted]`, so that a log file, a log shipper or the person reading it never holds
 * a working link (issue 24). The same rules are written for nginx's access log in
 * deploy/nginx-site.conf (`$bv_log_uri`).
 */

/**
 * Query parameters whose value is a secret (compared without case), and any parameter whose name
 * ends in `_token`, `_key`, `_secret` or `_password` (or with `-`).
 */
export const SECRET_PARAMETERS: readonly string[] = [
  "token",
  "kljuc",
  "key",
  "password",
  "lozinka",
  "secret",
  "signature",
  "sig",
];

/**
 * Paths that carry a secret in a segment: the path before the secret is kept, the rest redacted.
 * Each matches with or without the Cyrillic `/cir` prefix or the "Latinica" switch's `/lat`.
 */
export const SECRET_PATHS: readonly RegExp[] = [
  // Shareable article previews: /pregled/{id}/{expires}/{signature} (decision 194).
  /^((?:\/cir|\/lat)?\/pregled\/[^/?#]+\/[^/?#]+\/)[^?#]+/,
  // Advertisers' campaign reports: /izvestaj/{periodId}/{signature} (decision 053).
  /^((?:\/cir|\/lat)?\/izvestaj\/[^/?#]+\/)[^?#]+/,
  // A poster's management link and its pages: /moj-oglas/{id}/{token}[/izmena] (decision 300).
  /^((?:\/cir|\/lat)?\/moj-oglas\/\d+\/)[^?#]+/,
  // An alert's page: /obavestenja/{id}/{token} (decision 302); its unsubscribe link has `token=`.
  /^((?:\/cir|\/lat)?\/obavestenja\/\d+\/)[^?#]+/,
];

const SECRET_SUFFIX = /[_-](token|key|secret|password)$/;

const REDACTED = "[redacted]";

function isSecretParameter(name: string): boolean {
  return SECRET_PARAMETERS.includes(name) || SECRET_SUFFIX.test(name);
}

export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  let path = q === -1 ? url : url.slice(0, q);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split("&")
    .map((part) => {
      const eq = part.indexOf("=");
      const rawName = eq === -1 ? part : part.slice(0, eq);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, " ")).toLowerCase();
      } catch {
        name = rawName.toLowerCase();
      }
      return eq !== -1 && isSecretParameter(name) ? `${rawName}=${REDACTED}` : part;
    })
    .join("&");
  return `${path}?${query}`;
}
