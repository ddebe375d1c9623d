/** What the subscriber table shows (shared by the server and the manager's screen). */
export const SUBSCRIBERS_PAGE_SIZE = 20;
export const SUBSCRIBER_SOURCES = ["website", "brevo_sync"] as const;
export const SOURCE_LABELS: Record<string, string> = { website: "Sajt", brevo_sync: "Brevo sinhronizacija" };
