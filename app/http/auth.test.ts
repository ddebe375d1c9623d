import { describe, expect, it } from "vitest";
import { loginRateLimitMessage } from "~/messages/users";
import {
  clearSessionCookie,
  DEVICE_COOKIE,
  deviceCookie,
  deviceTokenOf,
  forbidden,
  sessionCookie,
} from "./auth.server";
import { errorMessage, errorStatus } from "./errors";

const http = new Request("http://example.com/admin/login", { method: "POST" });
const https = new Request("https://example.com/admin/login", { method: "POST" });

describe("sign-in cookies", () => {
  it("the known-device cookie is HttpOnly, for /admin, Secure over https", () => {
    expect(deviceCookie(http, "t")).toBe(
      "bv_device=t; Path=/admin; HttpOnly; SameSite=Lax; Max-Age=31536000",
    );
    expect(deviceCookie(https, "t")).toContain("; Secure");
    const sent = new Request("https://example.com/admin/login", {
      headers: { Cookie: `${DEVICE_COOKIE}=abc` },
    });
    expect(deviceTokenOf(sent)).toBe("abc");
    expect(deviceTokenOf(https)).toBeNull();
  });

  it("the session cookie lives until the session expires; clearing it sets Max-Age=0", () => {
    const cookie = sessionCookie(https, "tok", new Date(Date.now() + 3_600_000));
    expect(cookie).toMatch(/^bv_session=tok; Path=\/; HttpOnly; SameSite=Lax; Max-Age=(3599|3600); Secure$/);
    expect(clearSessionCookie(http)).toBe("bv_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
  });
});

describe("sign-in refusals", () => {
  it("a refusal is a 403 with the page's message, or the screen's own", () => {
    expect(forbidden().init?.status).toBe(403);
    expect(forbidden().data).toEqual({ message: "Nemate dozvolu za pristup ovoj stranici." });
    expect(forbidden("Nemate dozvolu za pristup upravljanju korisnicima").data.message).toBe(
      "Nemate dozvolu za pristup upravljanju korisnicima",
    );
  });

  it("says a wait under a minute in seconds (Serbian plural), longer ones in whole minutes", () => {
    expect(errorStatus("login.rate_limited")).toBe(429);
    expect(errorMessage("login.rate_limited", "1")).toBe(
      "Previše neuspešnih pokušaja prijave. Pokušajte ponovo za 1 sekundu.",
    );
    expect(loginRateLimitMessage(3)).toMatch(/za 3 sekunde\.$/);
    expect(loginRateLimitMessage(12)).toMatch(/za 12 sekundi\.$/);
    expect(loginRateLimitMessage(21)).toMatch(/za 21 sekundu\.$/);
    expect(loginRateLimitMessage(60)).toMatch(/za 1 min\.$/);
    expect(loginRateLimitMessage(899)).toMatch(/za 15 min\.$/);
    expect(errorStatus("login.invalid")).toBe(401);
    expect(errorMessage("login.invalid")).toBe("Invalid email or password");
  });
});
