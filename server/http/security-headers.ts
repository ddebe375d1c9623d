/**
 * Security headers. Every response (pages, static files, media) gets the basic set; HTML pages
 * also get a Content-Security-Policy whose scripts are allowed by a per-response nonce, or — for a
 * page served from the public page cache, where a nonce would be reused — by the SHA-256 hashes of
 * its inline scripts (docs/decisions/063).
 */
import { createHash, randomBytes } from "node:crypto";
import type { Response } from "express";

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

const BASE_HEADERS: [string, string][] = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Frame-Options", "SAMEORIGIN"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
];
const HTTPS_HEADERS: [string, string][] = [
  ...BASE_HEADERS,
  ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"],
];

/** The headers every response carries (HSTS only over HTTPS). */
export function baseSecurityHeaders(https: boolean): readonly [string, string][] {
  return https ? HTTPS_HEADERS : BASE_HEADERS;
}

export function setBaseSecurityHeaders(res: Response, https: boolean): void {
  for (const [name, value] of baseSecurityHeaders(https)) res.setHeader(name, value);
}

export type CspOptions = {
  /** Either a nonce for this response … */
  nonce?: string;
  /** … or the hashes ('sha256-…') of the page's inline scripts. */
  scriptHashes?: string[];
  https: boolean;
  /** Origins a form may submit or redirect to besides this site (Stripe Checkout). */
  formActionOrigins?: string[];
};

export function contentSecurityPolicy(options: CspOptions): string {
  const scripts = ["'self'"];
  if (options.nonce) scripts.push(`'nonce-${options.nonce}'`);
  for (const hash of options.scriptHashes ?? []) scripts.push(`'${hash}'`);
  const directives = [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' https:",
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${(options.formActionOrigins ?? []).map((o) => ` ${o}`).join("")}`,
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The CSP hashes of a page's inline scripts (those without src; JSON data blocks are not run and
 * need none).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attrs = match[1];
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript" && type !== "application/javascript")
      continue;
    hashes.add(`sha256-${createHash("sha256").update(match[2], "utf8").digest("base64")}`);
  }
  return [...hashes];
}
