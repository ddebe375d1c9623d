import { z } from "zod";
import { parseTrustProxy } from "~/lib/trust-proxy";

const optionalUrl = z.url({ protocol: /^https?$/ }).optional();
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "mora početi sa postgres:// ili postgresql://")
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(blankToUndefined, optionalUrl),
  ADMIN_EMAIL: z.preprocess(blankToUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(blankToUndefined, z.string().min(8, "najmanje 8 karaktera").optional()),
  SEED_DEMO: z.enum(["0", "1"]).default("1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** `0`: no in-process public page cache (every request renders; for measuring and debugging). */
  PAGE_CACHE: z.enum(["0", "1"]).default("1"),
  /**
   * The proxies in front of the app whose X-Forwarded-For / -Proto / -Host are believed: `0` (none),
   * a hop count, or `loopback` / CIDRs (app/lib/trust-proxy.ts); never "any".
   */
  TRUST_PROXY: z
    .string()
    .default("0")
    .superRefine((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.reason });
    }),
  BREVO_API_KEY: z.preprocess(blankToUndefined, z.string().optional()),
  BREVO_BASE_URL: z.preprocess(blankToUndefined, z.url().default("https://api.brevo.com/v3")),
  MAILGUN_API_KEY: z.preprocess(blankToUndefined, z.string().optional()),
  MAILGUN_DOMAIN: z.preprocess(blankToUndefined, z.string().optional()),
  MAILGUN_BASE_URL: z.preprocess(blankToUndefined, z.url().default("https://api.mailgun.net")),
  STRIPE_SECRET_KEY: z.preprocess(blankToUndefined, z.string().optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(blankToUndefined, z.string().optional()),
  STRIPE_BASE_URL: z.preprocess(blankToUndefined, z.url().optional()),
  /** Signs advertisers' campaign report links; when unset, a secret generated once is kept in the database. */
  REPORT_SIGNING_SECRET: z.preprocess(
    blankToUndefined,
    z.string().min(32, "najmanje 32 karaktera").optional(),
  ),
  /** Days the audit log keeps its rows (decision 195); older ones are deleted by a daily job. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** S3-compatible media storage: used when S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set. */
  S3_ENDPOINT: z.preprocess(blankToUndefined, z.url().optional()),
  S3_REGION: z.preprocess(blankToUndefined, z.string().default("us-east-1")),
  S3_ACCESS_KEY_ID: z.preprocess(blankToUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(blankToUndefined, z.string().optional()),
  /** Real bucket names: S3_BUCKET_IMAGES / S3_BUCKET_MEDIJI, else S3_BUCKET_PREFIX + images / mediji. */
  S3_BUCKET_PREFIX: z.preprocess(blankToUndefined, z.string().optional()),
  S3_BUCKET_IMAGES: z.preprocess(blankToUndefined, z.string().optional()),
  S3_BUCKET_MEDIJI: z.preprocess(blankToUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: z.enum(["0", "1"]).default("1"),
  /** Worker processes started by one `npm start` (PostgreSQL only; docs/operations.md). */
  WEB_CONCURRENCY: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(64).default(1)),
  /** Prometheus metrics on a port of their own (`/metrics`); off when unset. */
  METRICS_PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  /** The interface METRICS_PORT listens on: loopback unless told otherwise (Prometheus on the host). */
  METRICS_HOST: z.preprocess(blankToUndefined, z.string().default("127.0.0.1")),
  /** Prometheus metrics on the main port at `/metrics`, for `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.preprocess(blankToUndefined, z.string().min(16, "najmanje 16 karaktera").optional()),
  /** Queries slower than this are logged with their statement name; 0 turns it off. */
  SLOW_QUERY_MS: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).default(500)),
  /** `pretty`: readable colored lines for development instead of JSON. */
  LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),
  /** Nightly backups into this directory (7 daily, 4 weekly kept). */
  BACKUP_DIR: z.preprocess(blankToUndefined, z.string().optional()),
  /** Nightly backups into this S3 bucket (with the S3_* credentials) instead of a directory. */
  BACKUP_BUCKET: z.preprocess(blankToUndefined, z.string().optional()),
  /**
   * `1` (default): with BACKUP_DIR or BACKUP_BUCKET, a start that brings migrations to an existing
   * database writes a whole backup first (domain/backups/pre-migration.server.ts); `0`: it does not.
   */
  BACKUP_BEFORE_MIGRATIONS: z.enum(["0", "1"]).default("1"),
});

export type Env = z.infer<typeof EnvSchema>;

/** Every variable the app reads from the environment (README "Configuration"). */
export const ENV_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

export class EnvError extends Error {}

/** Parses the environment; throws an EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Neispravna konfiguracija (environment):\n${lines.join("\n")}`);
  }
  const env = result.data;
  if ((env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) || (!env.ADMIN_EMAIL && env.ADMIN_PASSWORD)) {
    throw new EnvError(
      "Neispravna konfiguracija (environment):\n  ADMIN_EMAIL i ADMIN_PASSWORD se zadaju zajedno",
    );
  }
  if (env.MAILGUN_API_KEY && !env.MAILGUN_DOMAIN) {
    throw new EnvError(
      "Neispravna konfiguracija (environment):\n  MAILGUN_DOMAIN je obavezan uz MAILGUN_API_KEY",
    );
  }
  // A checkout without its webhook would take money and never confirm it (docs/decisions/130).
  if (!!env.STRIPE_SECRET_KEY !== !!env.STRIPE_WEBHOOK_SECRET) {
    throw new EnvError(
      "Neispravna konfiguracija (environment):\n  STRIPE_SECRET_KEY i STRIPE_WEBHOOK_SECRET se zadaju zajedno",
    );
  }
  if (!!env.S3_ACCESS_KEY_ID !== !!env.S3_SECRET_ACCESS_KEY) {
    throw new EnvError(
      "Neispravna konfiguracija (environment):\n  S3_ACCESS_KEY_ID i S3_SECRET_ACCESS_KEY se zadaju zajedno",
    );
  }
  if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
    throw new EnvError(
      `Neispravna konfiguracija (environment):\n  WEB_CONCURRENCY=${env.WEB_CONCURRENCY} traži DATABASE_URL (PostgreSQL): ` +
        "ugrađena baza (PGlite) služi samo jedan proces",
    );
  }
  if (env.BACKUP_BUCKET && !env.S3_ACCESS_KEY_ID) {
    throw new EnvError(
      "Neispravna konfiguracija (environment):\n  BACKUP_BUCKET traži S3_ACCESS_KEY_ID i S3_SECRET_ACCESS_KEY",
    );
  }
  if (env.BACKUP_BUCKET && env.BACKUP_DIR) {
    throw new EnvError(
      "Neispravna konfiguracija (environment):\n  zadajte BACKUP_DIR ili BACKUP_BUCKET, ne oba",
    );
  }
  return env;
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
