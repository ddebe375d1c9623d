import { describe, expect, it } from "vitest";
import { newDeviceToken, readDeviceToken } from "./device-cookie.server";

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
});
