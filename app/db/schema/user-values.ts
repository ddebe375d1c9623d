/**
 * The stored roles of staff accounts. Pure constants below the schema: the schema's column, the
 * domain's permissions (domain/users/permissions.ts adds each role's flags and label) and the UI
 * all derive from this one list.
 */
export const ROLES = ["admin", "editor"] as const;
export type Role = (typeof ROLES)[number];
