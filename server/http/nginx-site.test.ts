/**
 * deploy/nginx-site.conf and the app agree on how large a request body may be, path by path: nginx
 * refuses a larger one itself (its 413 names the same limit as the app's), so an oversized post
 * never reaches a process (issue 24). A path given a limit in app/lib/body-limits.ts without its
 * location in the site file fails here.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bodyLimitFor, FORM_BODY_LIMIT, UPLOAD_BODY_LIMITS } from "~/lib/body-limits";
import { formatBytes } from "./request-guards";
import { routeScript } from "./scripts";

const site = fs.readFileSync(path.resolve(import.meta.dirname, "../../deploy/nginx-site.conf"), "utf8");

function bytes(size: string): number {
  const m = /^(\d+)([km]?)$/i.exec(size);
  if (!m) throw new Error(`size ${size}`);
  return Number(m[1]) * (m[2].toLowerCase() === "k" ? 1024 : m[2].toLowerCase() === "m" ? 1024 * 1024 : 1);
}

type Location = { modifier: string; match: string; limit: number | null };

/** The TLS server block: its own body limit and each location's. */
function tlsServer(): { limit: number; locations: Location[] } {
  const start = site.indexOf("listen 443");
  const body = site.slice(start);
  const locations: Location[] = [];
  const re = /location\s+(=|~\*?|\^~)?\s*(\S+)\s*\{([^}]*)\}/g;
  let outside = body;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const size = /client_max_body_size\s+(\S+);/.exec(m[3]);
    locations.push({ modifier: m[1] ?? "", match: m[2], limit: size ? bytes(size[1]) : null });
    outside = outside.replace(m[0], "");
  }
  const own = /client_max_body_size\s+(\S+);/.exec(outside);
  if (!own) throw new Error("the TLS server has no client_max_body_size");
  return { limit: bytes(own[1]), locations };
}

/** nginx's choice of location: an exact match, else the first regex that matches, else the longest prefix. */
function nginxLimit(uri: string): number {
  const { limit, locations } = tlsServer();
  const exact = locations.find((l) => l.modifier === "=" && l.match === uri);
  const regex = locations.find(
    (l) => l.modifier.startsWith("~") && new RegExp(l.match, l.modifier === "~*" ? "i" : "").test(uri),
  );
  const prefix = locations
    .filter((l) => l.modifier === "" && !l.match.startsWith("@") && uri.startsWith(l.match))
    .sort((a, b) => b.match.length - a.match.length)[0];
  const chosen = exact ?? regex ?? prefix;
  return chosen?.limit ?? limit;
}

/** The limit the nginx 413 page names for a path (map $uri $bv_body_limit). */
function pageLimit(uri: string): string {
  const map = /map \$uri \$bv_body_limit \{([^}]*)\}/.exec(site)?.[1] ?? "";
  let fallback = "";
  for (const line of map
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)) {
    const m = /^("?)(.+?)\1\s+"([^"]*)";$/.exec(line);
    if (!m) continue;
    const [, , key, value] = m;
    if (key === "default") fallback = value;
    else if (key.startsWith("~") ? new RegExp(key.slice(1)).test(uri) : key === uri) return value;
  }
  return fallback;
}

/** The app's limit for a path as it sees it (a Cyrillic path is routed without its /cir). */
const appLimit = (uri: string) => bodyLimitFor(routeScript(uri).pathname);

describe("deploy/nginx-site.conf body limits", () => {
  const paths = [
    ...UPLOAD_BODY_LIMITS.map((rule) => rule.example),
    "/cir/kupoprodaja/novi",
    "/kupoprodaja/novi",
    "/admin/listings/edit/3.data",
    "/admin/login",
    "/kompanije/nova",
    "/cir/kompanije/nova",
    "/poslovi/novi",
    "/newsletter",
    "/forum/nova",
    "/",
  ];

  it("every upload rule names a path it covers", () => {
    for (const rule of UPLOAD_BODY_LIMITS) expect(rule.pattern.test(rule.example), rule.example).toBe(true);
  });

  it.each(paths)("%s: nginx takes what the app takes, and at most 64 KB more", (uri) => {
    const app = appLimit(uri);
    const nginx = nginxLimit(uri);
    expect(nginx).toBeGreaterThanOrEqual(app);
    expect(nginx - app).toBeLessThanOrEqual(64 * 1024);
    expect(pageLimit(uri)).toBe(formatBytes(app));
  });

  it("the ordinary form limit is the server's own", () => {
    expect(tlsServer().limit).toBe(FORM_BODY_LIMIT);
  });
});
