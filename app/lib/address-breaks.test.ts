import { describe, expect, it } from "vitest";
import { addressPieces } from "./address-breaks";

describe("addressPieces", () => {
  it("breaks after @, dots and slashes only", () => {
    expect(addressPieces("dispatch@zlatibortrucking.com")).toEqual(["dispatch@", "zlatibortrucking.", "com"]);
    expect(addressPieces("https://www.fmcsa.dot.gov/registration/cdl")).toEqual([
      "https://",
      "www.",
      "fmcsa.",
      "dot.",
      "gov/",
      "registration/",
      "cdl",
    ]);
    expect(addressPieces("kratko")).toEqual(["kratko"]);
    expect(addressPieces("kraj.")).toEqual(["kraj."]);
  });
});
