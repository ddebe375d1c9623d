import { describe, expect, it } from "vitest";
import { redactUrl } from "./redact-url";

describe("redactUrl", () => {
  it("keeps an ordinary URL as it is", () => {
    expect(redactUrl("/vesti?page=2&q=kamion")).toBe("/vesti?page=2&q=kamion");
    expect(redactUrl("/article/vozaci-u-americi-12")).toBe("/article/vozaci-u-americi-12");
  });

  it("redacts the values of secret query parameters, whatever their case or position", () => {
    expect(redactUrl("/newsletter/odjava?token=abc.def")).toBe("/newsletter/odjava?token=[redacted]");
    expect(redactUrl("/istaknite-oglas/otkazano?oglas=7&kljuc=s3cr3t")).toBe(
      "/istaknite-oglas/otkazano?oglas=7&kljuc=[redacted]",
    );
    expect(redactUrl("/x?Password=hunter2&a=1&API_KEY=9&key=1&%74oken=2")).toBe(
      "/x?Password=[redacted]&a=1&API_KEY=[redacted]&key=[redacted]&%74oken=[redacted]",
    );
  });

  it("redacts the signature segments of preview and report links, in both scripts", () => {
    expect(redactUrl("/pregled/12/1790000000/AbCdEf")).toBe("/pregled/12/1790000000/[redacted]");
    expect(redactUrl("/cir/pregled/12/1790000000/AbCdEf?x=1")).toBe(
      "/cir/pregled/12/1790000000/[redacted]?x=1",
    );
    expect(redactUrl("/izvestaj/5/deadbeef")).toBe("/izvestaj/5/[redacted]");
  });

  it("redacts a poster's management links and an alert's links, in both scripts", () => {
    const token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE.AbCdEfGhIjKlMnOpQrStUv";
    expect(redactUrl(`/moj-oglas/12/${token}`)).toBe("/moj-oglas/12/[redacted]");
    expect(redactUrl(`/cir/moj-oglas/12/${token}/izmena.data?x=1`)).toBe("/cir/moj-oglas/12/[redacted]?x=1");
    expect(redactUrl(`/lat/moj-oglas/12/${token}`)).toBe("/lat/moj-oglas/12/[redacted]");
    expect(redactUrl("/moj-oglas/novi-link?oglas=12")).toBe("/moj-oglas/novi-link?oglas=12");
    expect(redactUrl("/obavestenja/7/Zx9-abc_DEF")).toBe("/obavestenja/7/[redacted]");
    expect(redactUrl("/cir/obavestenja/odjava?id=7&token=Zx9-abc")).toBe(
      "/cir/obavestenja/odjava?id=7&token=[redacted]",
    );
  });
});
