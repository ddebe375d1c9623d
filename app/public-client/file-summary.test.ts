import { describe, expect, it } from "vitest";
import { describeChosenFiles } from "./file-summary";

const MB = 1024 * 1024;

describe("chosen files summary", () => {
  it("counts the files, names the too large ones, and knows the room left", () => {
    expect(describeChosenFiles([], 8, 5 * MB)).toEqual({ ok: true, text: "" });
    expect(
      describeChosenFiles(
        [
          { name: "a.jpg", size: MB },
          { name: "b.jpg", size: MB },
        ],
        8,
        5 * MB,
      ),
    ).toEqual({
      ok: true,
      text: "Izabrano: 2.",
    });
    expect(describeChosenFiles([{ name: "velika.jpg", size: 6 * MB }], 8, 5 * MB)).toEqual({
      ok: false,
      text: "Prevelike (više od 5 MB): velika.jpg",
    });
    expect(
      describeChosenFiles(
        [
          { name: "a", size: 1 },
          { name: "b", size: 1 },
        ],
        1,
        5 * MB,
      ),
    ).toEqual({
      ok: false,
      text: "Možete dodati još najviše 1 fotografija.",
    });
  });
});
