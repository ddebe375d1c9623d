import { describe, expect, it } from "vitest";
import { hasPermission, PERMISSIONS, permissionsOf, ROLE_PERMISSIONS } from "./permissions";

describe("role permissions (spec §6)", () => {
  it("has the 13 flags of the spec, canViewListings (decision 095) and canViewAudit (decision 195)", () => {
    expect(PERMISSIONS).toHaveLength(15);
    expect(PERMISSIONS).toContain("canViewListings");
    expect(PERMISSIONS).toContain("canViewAudit");
  });

  it("keeps the audit log to admins", () => {
    expect(hasPermission("admin", "canViewAudit")).toBe(true);
    expect(hasPermission("editor", "canViewAudit")).toBe(false);
  });

  it("keeps listing moderation to admins", () => {
    expect(hasPermission("admin", "canViewListings")).toBe(true);
    expect(hasPermission("editor", "canViewListings")).toBe(false);
  });

  it("gives the admin every flag", () => {
    expect(PERMISSIONS.every((p) => hasPermission("admin", p))).toBe(true);
  });

  it("lets the editor view the dashboard, articles and media, and nothing else", () => {
    const granted = PERMISSIONS.filter((p) => permissionsOf("editor")[p]);
    expect(granted).toEqual(["canViewDashboard", "canViewArticles", "canViewMedia"]);
    expect(hasPermission("editor", "canViewUsers")).toBe(false);
    expect(hasPermission("editor", "canEditUsers")).toBe(false);
  });

  it("only names known flags", () => {
    for (const flags of Object.values(ROLE_PERMISSIONS)) {
      for (const flag of flags) expect(PERMISSIONS).toContain(flag);
    }
  });
});
