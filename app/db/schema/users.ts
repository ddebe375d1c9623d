import { boolean, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { lowercase, oneOf, parentId, serialId, stampedAt, tstz } from "./columns";
import { ROLES } from "./user-values";

/** Staff accounts of the admin back office (spec §3 Admin user). */
export const adminUsers = pgTable(
  "admin_users",
  {
    id: serialId(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).notNull().default("editor"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: stampedAt("created_at"),
    lastLogin: tstz("last_login"),
  },
  (t) => [
    uniqueIndex("admin_users_email_key").on(t.email),
    index("admin_users_created_at_idx").on(t.createdAt.desc()),
    lowercase("admin_users_email_lower", t.email),
    oneOf("admin_users_role_check", t.role, ROLES),
  ],
);

/** A signed-in staff session. Only the SHA-256 hash of the cookie token is stored. */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: serialId(),
    userId: parentId("user_id", () => adminUsers.id),
    sessionToken: text("session_token").notNull(),
    expiresAt: tstz("expires_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: stampedAt("created_at"),
  },
  (t) => [
    uniqueIndex("user_sessions_token_key").on(t.sessionToken),
    index("user_sessions_user_id_idx").on(t.userId),
    index("user_sessions_expires_at_idx").on(t.expiresAt),
  ],
);

/** Failed sign-in attempts, one row each, keyed by e-mail and by client address (rate limit). */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: serialId(),
    key: text("key").notNull(),
    attemptedAt: stampedAt("attempted_at"),
  },
  (t) => [index("login_attempts_key_time_idx").on(t.key, t.attemptedAt)],
);

/**
 * One-time sign-in links sent by e-mail (domain/users/sign-in-link.server.ts, decision 228): for
 * staff on a browser the account never used, whom the delay for unknown devices would keep out.
 * Only the SHA-256 of the link's token is stored; a link is good for 15 minutes and for one
 * sign-in, and the password is still asked for.
 */
export const signInLinks = pgTable(
  "sign_in_links",
  {
    id: serialId(),
    userId: parentId("user_id", () => adminUsers.id),
    tokenHash: text("token_hash").notNull(),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
    requestedIp: text("requested_ip"),
    createdAt: stampedAt("created_at"),
  },
  (t) => [
    uniqueIndex("sign_in_links_token_key").on(t.tokenHash),
    index("sign_in_links_user_id_idx").on(t.userId),
    index("sign_in_links_expires_at_idx").on(t.expiresAt),
  ],
);
