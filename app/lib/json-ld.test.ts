import { describe, expect, it } from "vitest";
import { jsonLdString } from "./json-ld";

describe("jsonLdString", () => {
  it("cannot close its script element, whatever the text holds", () => {
    const hostile = '</script><script>alert(1)</script><!-- "quote" & \u2028';
    const out = jsonLdString({ text: hostile });
    expect(out).not.toMatch(/[<>]/);
    expect(out).not.toContain("&");
    expect(out).not.toContain("\u2028");
    expect(JSON.parse(out)).toEqual({ text: hostile });
  });

  it("leaves ordinary Serbian text readable", () => {
    expect(jsonLdString({ name: "Vozači čekaju" })).toBe('{"name":"Vozači čekaju"}');
  });
});
