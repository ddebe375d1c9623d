import { describe, expect, it } from "vitest";
import { deviceCookie, newDeviceToken, readDeviceToken } from "./device-cookie.server";

const SECRET = "test-secret-0123456789";

describe("known-device tokens", () => {
  it("reads back a token for the e-mail it was issued to", () => {
    const token = newDeviceToken(SECRET, "ana@balkanvozaci.com");
    expect(readDeviceToken(SECRET, token, "ana@balkanvozaci.com")).toEqual({ nonce: token.split(".")[1] });
    expect(newDeviceToken(SECRET, "ana@balkanvozaci.com")).not.toBe(token);
  });

  it("refuses another e-mail, another secret, a changed part and garbage", () => {
    const token = newDeviceToken(SECRET, "ana@balkanvozaci.com");
    const [email, nonce, signature] = token.split(".");
    const forged = `${Buffer.from("marko@balkanvozaci.com").toString("base64url")}.${nonce}.${signature}`;
    for (const [value, forEmail, secret] of [
      [token, "marko@balkanvozaci.com", SECRET],
      [token, "ana@balkanvozaci.com", "another-secret"],
      [forged, "marko@balkanvozaci.com", SECRET],
      [`${email}.${nonce}x.${signature}`, "ana@balkanvozaci.com", SECRET],
      [`${email}.${nonce}.${signature.slice(1)}A`, "ana@balkanvozaci.com", SECRET],
      ["", "ana@balkanvozaci.com", SECRET],
      ["a.b.c", "ana@balkanvozaci.com", SECRET],
      [`${token}.${token}`, "ana@balkanvozaci.com", SECRET],
      ["x".repeat(5000), "ana@balkanvozaci.com", SECRET],
    ] as const) {
      expect(readDeviceToken(secret, value, forEmail)).toBeNull();
    }
    expect(readDeviceToken(SECRET, null, "ana@balkanvozaci.com")).toBeNull();
  });

  it("is an HttpOnly cookie for /admin, Secure over https", () => {
    expect(deviceCookie("t", false)).toBe(
      "bv_device=t; Path=/admin; HttpOnly; SameSite=Lax; Max-Age=31536000",
    );
    expect(deviceCookie("t", true)).toContain("; Secure");
  });
});
