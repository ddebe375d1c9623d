import { describe, expect, it } from "vitest";
import { linkify, safeHref } from "./linkify";

const links = (text: string) => linkify(text).filter((s) => s.kind === "link");

describe("linkify", () => {
  it("keeps text without addresses as one text segment", () => {
    expect(linkify("Pozdrav svima,\nvozim 10 godina.")).toEqual([
      { kind: "text", text: "Pozdrav svima,\nvozim 10 godina." },
    ]);
    expect(linkify("")).toEqual([]);
  });

  it("turns http, https and www addresses into links and keeps the text around them", () => {
    expect(linkify("Vidi https://fmcsa.dot.gov/eld i www.truckstop.com za više.")).toEqual([
      { kind: "text", text: "Vidi " },
      { kind: "link", text: "https://fmcsa.dot.gov/eld", href: "https://fmcsa.dot.gov/eld" },
      { kind: "text", text: " i " },
      { kind: "link", text: "www.truckstop.com", href: "https://www.truckstop.com/" },
      { kind: "text", text: " za više." },
    ]);
    expect(links("HTTP://Example.COM/Put")[0]).toMatchObject({ href: "http://example.com/Put" });
  });

  it("leaves sentence punctuation and unmatched closing brackets outside the link", () => {
    expect(links("Piši na https://a.example.com/x.")[0].text).toBe("https://a.example.com/x");
    expect(links("(vidi https://a.example.com/x), hvala")[0].text).toBe("https://a.example.com/x");
    expect(links("https://en.wikipedia.org/wiki/Truck_(vehicle)!")[0].text).toBe(
      "https://en.wikipedia.org/wiki/Truck_(vehicle)",
    );
    expect(links("Da li je https://a.example.com?!")[0].text).toBe("https://a.example.com");
  });

  it("keeps query strings and fragments", () => {
    expect(links("https://maps.example.com/?q=I-80&z=10#mapa")[0].href).toBe(
      "https://maps.example.com/?q=I-80&z=10#mapa",
    );
  });

  it("never links another scheme: javascript:, data:, vbscript:, file:", () => {
    for (const text of [
      "javascript:alert(1)",
      "klikni JAVASCRIPT:alert(document.cookie)",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "ftp://files.example.com",
    ]) {
      expect(links(text), text).toEqual([]);
      expect(
        linkify(text)
          .map((s) => s.text)
          .join(""),
      ).toBe(text);
    }
  });

  it("does not link a scheme hidden inside a word or an address without a real host", () => {
    expect(links("xhttps://evil.example.com")).toEqual([]);
    expect(links("ime@www.example.com")).toEqual([]);
    expect(links("https://localhost")).toEqual([]);
    expect(links("https://user:lozinka@bank.example.com")).toEqual([]);
    expect(links("www.")).toEqual([]);
  });

  it("ends an address at quotes and angle brackets, so nothing can break out of an attribute", () => {
    const [link] = links('https://a.example.com/"onmouseover="alert(1)');
    expect(link.text).toBe("https://a.example.com/");
    const [second] = links("https://a.example.com/<script>alert(1)</script>");
    expect(second.text).toBe("https://a.example.com/");
    const [third] = links("https://a.example.com/'><img src=x onerror=alert(1)>");
    expect(third.text).toBe("https://a.example.com/");
  });

  it("rebuilds the text exactly from its segments", () => {
    const text = "Prvi red https://a.example.com/x.\n\nDrugi (www.b.example.com) <b>kraj</b>";
    expect(
      linkify(text)
        .map((s) => s.text)
        .join(""),
    ).toBe(text);
  });
});

describe("safeHref", () => {
  it("accepts only http(s) with a dotted host and no credentials", () => {
    expect(safeHref("https://a.example.com")).toBe("https://a.example.com/");
    expect(safeHref("www.a.example.com")).toBe("https://www.a.example.com/");
    expect(safeHref("javascript://a.example.com/%0Aalert(1)")).toBeNull();
    expect(safeHref("https://")).toBeNull();
  });
});
