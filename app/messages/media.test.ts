import { describe, expect, it } from "vitest";
import { MEDIA_MESSAGES, uploadErrorText } from "./media";

describe("uploadErrorText", () => {
  it("shows the rule messages as they are and anything else as the spec's upload error", () => {
    expect(uploadErrorText(MEDIA_MESSAGES.tooManyPixels)).toBe(MEDIA_MESSAGES.tooManyPixels);
    expect(uploadErrorText(MEDIA_MESSAGES.notImage)).toBe(MEDIA_MESSAGES.notImage);
    expect(uploadErrorText("ECONNRESET")).toBe("Greška pri otpremanju slike. Pokušajte ponovo.");
    expect(uploadErrorText(undefined, "Greška pri otpremanju pop-up slike.")).toBe(
      "Greška pri otpremanju pop-up slike.",
    );
  });
});
