/**
 * The article columns' allowed values, without Drizzle: the schema, the validation and the
 * browser share them (importing the table definition would ship the ORM to the browser).
 */
export const ARTICLE_CATEGORIES = ["Vesti", "Oglasi"] as const;
/**
 * Stored status values: the database keeps "publish" for published (spec §3); "scheduled" is a
 * publish with a future date, made live by the `articles:publish-scheduled` job (decision 192).
 */
export const ARTICLE_STATUSES = ["publish", "draft", "scheduled"] as const;
