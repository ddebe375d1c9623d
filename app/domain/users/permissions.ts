import { ROLES, type Role } from "~/db/schema/user-values";
import { isOneOf } from "~/lib/one-of";

/**
 * Roles and their permission flags (spec §6). Everything else — the types, the sidebar, the
 * server checks, the seed — derives from this one constant.
 */
export const PERMISSIONS = [
  "canViewDashboard",
  "canViewArticles",
  "canViewHeadings",
  "canViewCompanies",
  "canViewForum",
  "canViewBanners",
  "canViewAnalytics",
  "canViewNewsletter",
  "canViewPopup",
  "canViewMedia",
  "canViewUsers",
  "canViewSettings",
  "canEditUsers",
  /** Jobs and buy/sell listings (moderation): not in the spec's list, added with the listings (decision 095). */
  "canViewListings",
  /** The audit log (/admin/audit): admin only, not in the spec's list, added with it (decision 195). */
  "canViewAudit",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export { ROLES, type Role };

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  /** The admin may view and edit everything. */
  admin: PERMISSIONS,
  /** The editor may view the dashboard and view and edit articles and media. */
  editor: ["canViewDashboard", "canViewArticles", "canViewMedia"],
};

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Administrator",
  editor: "Editor",
};

export function hasPermission(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export function permissionsOf(role: Role): Record<Permission, boolean> {
  return Object.fromEntries(PERMISSIONS.map((p) => [p, hasPermission(role, p)])) as Record<
    Permission,
    boolean
  >;
}

export function isRole(value: unknown): value is Role {
  return isOneOf(ROLES, value);
}
