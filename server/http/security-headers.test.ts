import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes } from "./security-headers";

describe("content security policy", () => {
  it("allows scripts by nonce and nothing inline otherwise", () => {
    const csp = contentSecurityPolicy({ nonce: "abc", https: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toContain("upgrade-insecure-requests");
  });

  it("upgrades requests over https and lets forms go to Stripe Checkout", () => {
    const csp = contentSecurityPolicy({
      scriptHashes: ["sha256-x"],
      https: true,
      formActionOrigins: ["https://checkout.stripe.com"],
    });
    expect(csp).toContain("script-src 'self' 'sha256-x'");
    expect(csp).toContain("form-action 'self' https://checkout.stripe.com");
    expect(csp).toContain("upgrade-insecure-requests");
  });

  it("hashes inline scripts, skipping external ones and JSON data", () => {
    const code = "window.__x = 1;";
    const html = `<script nonce="n">${code}</script><script src="/assets/a.js"></script><script type="application/ld+json">{"a":1}</script><script type="module">import "/a.js";</script>`;
    const sha = (s: string) => `sha256-${createHash("sha256").update(s).digest("base64")}`;
    expect(inlineScriptHashes(html)).toEqual([sha(code), sha('import "/a.js";')]);
  });
});
