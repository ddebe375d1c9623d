import { describe, expect, it } from "vitest";
import { isValidEmail, MAX_TEXT_LENGTH, sanitizeText } from "./text-sanitizer";

describe("sanitizeText", () => {
  it("trims", () => {
    expect(sanitizeText("  Nikola Transport  ")).toBe("Nikola Transport");
  });

  it("strips script and iframe blocks with their content", () => {
    expect(sanitizeText('Dobar<script>alert("x")</script> dan')).toBe("Dobar dan");
    expect(sanitizeText("A<IFRAME src='https://zlo.example'></IFRAME>B")).toBe("AB");
    expect(sanitizeText("A<script src=x>")).toBe("A");
  });

  it("strips javascript:, data:text/html and inline on-handlers", () => {
    expect(sanitizeText("javascript:alert(1)")).toBe("alert(1)");
    expect(sanitizeText("JavaScript :alert(1)")).toBe("alert(1)");
    expect(sanitizeText("vidi data:text/html;base64,PHNjcmlwdD4= ovde")).toBe("vidi  ovde");
    expect(sanitizeText('<img src=x onerror="alert(1)">')).toBe("<img src=x >");
    expect(sanitizeText("<b onclick=alert(1)>x</b>")).toBe("<b >x</b>");
  });

  it("does not survive nesting and keeps ordinary words", () => {
    expect(sanitizeText("jajavascript:vascript:x")).toBe("x");
    expect(sanitizeText("Radimo online i once weekly")).toBe("Radimo online i once weekly");
  });

  it("cuts at 10000 characters", () => {
    expect(sanitizeText("a".repeat(MAX_TEXT_LENGTH + 50))).toHaveLength(MAX_TEXT_LENGTH);
  });

  it("turns anything that is not a string into an empty string", () => {
    expect(sanitizeText(undefined)).toBe("");
    expect(sanitizeText(42)).toBe("");
  });
});

describe("isValidEmail", () => {
  it("accepts text@text.text and refuses the rest", () => {
    expect(isValidEmail("info@kompanija.com")).toBe(true);
    expect(isValidEmail("info@kompanija")).toBe(false);
    expect(isValidEmail("info kompanija@x.com")).toBe(false);
    expect(isValidEmail("")).toBe(false);
  });

  it("needs a length of 254 or less", () => {
    const local = "a".repeat(64);
    const long = `${local}@${"b".repeat(254 - 64 - 5)}.com`;
    expect(long).toHaveLength(254);
    expect(isValidEmail(long)).toBe(true);
    expect(isValidEmail(`a${long}`)).toBe(false);
  });
});
