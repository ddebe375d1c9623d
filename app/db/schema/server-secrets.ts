import { pgTable, text } from "drizzle-orm/pg-core";
import { stampedAt } from "./columns";

/**
 * Secrets the server makes for itself, generated once and kept in the database: the keys that sign
 * advertisers' campaign report links (when REPORT_SIGNING_SECRET is not set), unsubscribe links and
 * promotion links (app/domain/secrets/server-secrets.server.ts).
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  secret: text("secret").notNull(),
  createdAt: stampedAt("created_at"),
});
