/**
 * The media library's stored values, without Drizzle: the schema's columns and the object store
 * (integrations/storage: one bucket per value) share them.
 */
export const MEDIA_BUCKETS = ["images", "mediji"] as const;
export const MEDIA_TYPES = ["image", "video", "document"] as const;
