import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("environment validation", () => {
  it("has sensible defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", SEED_DEMO: "1" });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("names the bad variable", () => {
    expect(() => parseEnv({ PORT: "http" })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: "http" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ STRIPE_BASE_URL: "not a url" })).toThrow(/STRIPE_BASE_URL/);
  });

  it("wants ADMIN_EMAIL and ADMIN_PASSWORD together", () => {
    expect(() => parseEnv({ ADMIN_EMAIL: "a@b.com" })).toThrow(/ADMIN_EMAIL i ADMIN_PASSWORD/);
    expect(parseEnv({ ADMIN_EMAIL: "a@b.com", ADMIN_PASSWORD: "12345678" }).ADMIN_EMAIL).toBe("a@b.com");
  });

  it("wants STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(
      /STRIPE_SECRET_KEY i STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => parseEnv({ STRIPE_WEBHOOK_SECRET: "whsec_1" })).toThrow(/STRIPE_SECRET_KEY/);
    const env = parseEnv({ STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" });
    expect(env.STRIPE_SECRET_KEY).toBe("sk_test_1");
  });

  it("refuses several worker processes on the embedded database", () => {
    expect(() => parseEnv({ WEB_CONCURRENCY: "2" })).toThrow(/WEB_CONCURRENCY=2 traži DATABASE_URL/);
    expect(parseEnv({ WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
    expect(parseEnv({ WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://h/db" }).WEB_CONCURRENCY).toBe(2);
    expect(() => parseEnv({ WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
  });

  it("checks the operations settings", () => {
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(() => parseEnv({ METRICS_PORT: "x" })).toThrow(/METRICS_PORT/);
    expect(() => parseEnv({ LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
    expect(() => parseEnv({ BACKUP_BUCKET: "b" })).toThrow(/BACKUP_BUCKET traži S3_ACCESS_KEY_ID/);
    expect(parseEnv({}).SLOW_QUERY_MS).toBe(500);
  });
});
