import { describe, expect, it } from "vitest";
import { parseForm } from "~/http/form";
import { POPUP_MESSAGES } from "~/messages/popup";
import {
  formatHours,
  normalizeMaxShows,
  normalizeMinHours,
  normalizePopupLink,
  popupSettingsSchema,
} from "./rules";

describe("spec §5: max shows per day is an integer 1 to 10, blank or invalid becomes 1", () => {
  it.each([
    ["1", 1],
    ["2", 2],
    ["10", 10],
    ["", 1],
    ["   ", 1],
    ["abc", 1],
    ["2x", 1],
    ["0", 1],
    ["-3", 1],
    ["15", 10],
    ["2.7", 2],
    [undefined, 1],
  ])("%j → %i", (input, expected) => {
    expect(normalizeMaxShows(input)).toBe(expected);
  });
});

describe("spec §5: min hours between is 0.5 to 24 in steps of 0.5, invalid becomes 0.5", () => {
  it.each([
    ["0.5", 0.5],
    ["1", 1],
    ["1.5", 1.5],
    ["1,5", 1.5],
    ["24", 24],
    ["1.2", 1],
    ["1.3", 1.5],
    ["", 0.5],
    ["sat", 0.5],
    ["0", 0.5],
    ["-2", 0.5],
    ["30", 24],
    [".5", 0.5],
  ])("%j → %d", (input, expected) => {
    expect(normalizeMinHours(input)).toBe(expected);
  });

  it("shows hours with a decimal comma", () => {
    expect(formatHours(1.5)).toBe("1,5");
    expect(formatHours(2)).toBe("2");
  });
});

describe("spec §5: the link is optional and must be a URL", () => {
  it("accepts empty, http(s) and a bare domain (https:// added)", () => {
    expect(normalizePopupLink("")).toEqual({ ok: true, link: null });
    expect(normalizePopupLink(" https://primer.com/akcija ")).toEqual({
      ok: true,
      link: "https://primer.com/akcija",
    });
    expect(normalizePopupLink("http://primer.com")).toEqual({ ok: true, link: "http://primer.com" });
    expect(normalizePopupLink("primer.com/akcija")).toEqual({ ok: true, link: "https://primer.com/akcija" });
  });

  it.each(["javascript:alert(1)", "ftp://primer.com", "nije link", "primer", "/kompanije", "mailto:a@b.com"])(
    "refuses %j",
    (value) => {
      expect(normalizePopupLink(value)).toEqual({ ok: false });
    },
  );
});

describe("the pop-up settings form", () => {
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    return f;
  };

  it("normalises the numbers instead of refusing them", () => {
    const parsed = parseForm(
      popupSettingsSchema,
      form({
        enabled: "on",
        image: "/demo/truck-1.svg",
        link: "primer.com",
        maxShowsPerDay: "",
        minHoursBetween: "x",
      }),
    );
    expect(parsed).toMatchObject({
      ok: true,
      data: {
        enabled: true,
        image: "/demo/truck-1.svg",
        link: "https://primer.com",
        maxShowsPerDay: 1,
        minHoursBetween: 0.5,
      },
    });
  });

  it("refuses a bad link and a bad image, keeping what was typed", () => {
    const parsed = parseForm(
      popupSettingsSchema,
      form({ image: "javascript:alert(1)", link: "nije link", maxShowsPerDay: "3", minHoursBetween: "2" }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors).toEqual({ image: POPUP_MESSAGES.badImage, link: POPUP_MESSAGES.badLink });
    expect(parsed.values).toMatchObject({ link: "nije link", maxShowsPerDay: "3" });
  });

  it("reports a missing image together with a bad link", () => {
    const parsed = parseForm(popupSettingsSchema, form({ enabled: "on", image: "", link: "nije link" }));
    expect(parsed.ok ? null : parsed.fieldErrors).toEqual({
      image: POPUP_MESSAGES.imageNeeded,
      link: POPUP_MESSAGES.badLink,
    });
  });

  it("an enabled pop-up needs an image; a disabled one may have none", () => {
    const enabled = parseForm(popupSettingsSchema, form({ enabled: "on", image: "" }));
    expect(enabled.ok ? null : enabled.fieldErrors).toEqual({ image: POPUP_MESSAGES.imageNeeded });
    const disabled = parseForm(popupSettingsSchema, form({ image: "" }));
    expect(disabled).toMatchObject({
      ok: true,
      data: { enabled: false, image: null, link: null, maxShowsPerDay: 1 },
    });
  });

  it("a post without the image field is not the settings form: refused, nothing cleared", () => {
    const parsed = parseForm(popupSettingsSchema, form({ intent: "toggle", id: "1" }));
    expect(parsed.ok).toBe(false);
  });
});
