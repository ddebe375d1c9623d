import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/form";
import { backupWins, isImageUrl, parseBackup, settingsFormSchema, validateSettings } from "./settings-form";

describe("settings form", () => {
  it("accepts local paths and http(s); refuses data:, blob:, javascript:, about: and protocol-relative", () => {
    for (const ok of ["", "/media/images/1_2x2-a.png", "https://x.example/a.jpg", "http://x.example/a.jpg"]) {
      expect(isImageUrl(ok)).toBe(true);
    }
    for (const bad of [
      "data:image/svg+xml,<svg/>",
      "blob:https://x/1",
      "javascript:alert(1)",
      "about:blank",
      "//evil.example/a.png",
      "a b",
    ]) {
      expect(isImageUrl(bad)).toBe(false);
    }
  });
  it("blank values are saved as null; bad ones get a message per field", () => {
    expect(validateSettings({ defaultArticleImage: " ", defaultCompanyImage: "/a.png" })).toEqual({
      ok: true,
      values: { defaultArticleImage: null, defaultCompanyImage: "/a.png" },
    });
    const bad = validateSettings({ defaultArticleImage: "javascript:x", defaultCompanyImage: "" });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && Object.keys(bad.fieldErrors)).toEqual(["defaultArticleImage"]);
  });
  it("a post without the fields is refused: it never clears the saved default images", () => {
    const form = new FormData();
    form.set("intent", "toggle");
    const parsed = parseForm(settingsFormSchema, form);
    expect(parsed.ok).toBe(false);
    const both = new FormData();
    both.set("defaultArticleImage", " ");
    both.set("defaultCompanyImage", "/media/images/1_2x2-a.png");
    const cleared = parseForm(settingsFormSchema, both);
    expect(cleared).toMatchObject({
      ok: true,
      data: { defaultArticleImage: null, defaultCompanyImage: "/media/images/1_2x2-a.png" },
    });
  });
  it("a local backup wins when it is newer than the database or the database did not answer", () => {
    const backup = {
      defaultArticleImage: "/a.png",
      defaultCompanyImage: "",
      savedAt: "2026-01-02T00:00:00Z",
    };
    expect(backupWins(backup, null)).toBe(true);
    expect(backupWins(backup, "2026-01-01T00:00:00Z")).toBe(true);
    expect(backupWins(backup, "2026-01-03T00:00:00Z")).toBe(false);
    expect(backupWins(null, null)).toBe(false);
  });
  it("parses only well-formed backups", () => {
    expect(parseBackup("nope")).toBeNull();
    expect(parseBackup(JSON.stringify({ defaultArticleImage: "/a" }))).toBeNull();
    expect(
      parseBackup(JSON.stringify({ defaultArticleImage: "/a", savedAt: "2026-01-01T00:00:00Z" })),
    ).toEqual({
      defaultArticleImage: "/a",
      defaultCompanyImage: "",
      savedAt: "2026-01-01T00:00:00Z",
    });
  });
});
