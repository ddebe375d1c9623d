/**
 * What backup and restore share (docs/decisions/162): the archive's manifest, the errors with
 * their codes, and the PostgreSQL tools from Debian.
 */
import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { TableCounts } from "./tables.server";

export const run = promisify(execFile);

export const ARCHIVE_FORMAT = "balkan-vozaci-backup";
export const ARCHIVE_VERSION = 1;

export type MediaEntry = { bucket: string; key: string; contentType: string; size: number; sha256: string };

export type Manifest = {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  createdAt: string;
  appVersion: string;
  driver: "pglite" | "postgres";
  database: string;
  /** SHA-256 of the database dump (archives written before issue 24 have none). */
  databaseSha256?: string;
  tables: TableCounts;
  media: MediaEntry[];
};

export class BackupError extends Error {
  constructor(
    readonly code:
      | "not-empty"
      | "bad-archive"
      | "wrong-driver"
      | "verify-failed"
      | "tool-missing"
      | "tool-failed"
      | "database-busy"
      | "restore-failed",
    message: string,
  ) {
    super(message);
    this.name = "BackupError";
  }
}

/** The SHA-256 of a file, read as a stream. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** `pg_dump` and `pg_restore` from PATH, or the newest Debian PostgreSQL's. */
export function postgresTool(name: "pg_dump" | "pg_restore"): string {
  for (const dir of (process.env.PATH ?? "").split(":")) {
    if (dir && fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const candidate = path.join(base, version, "bin", name);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new BackupError(
    "tool-missing",
    `${name} nije pronađen (Debian: apt-get install postgresql-client); potreban je za PostgreSQL`,
  );
}

/**
 * How a Debian PostgreSQL tool (pg_dump, pg_restore) connects to `url` without the password on its
 * command line, where every user of the host reads it (`ps`, /proc/PID/cmdline) for as long as the
 * tool runs (issue 24): the URL without its password as `--dbname`, the password in the tool's own
 * environment as `PGPASSWORD` (libpq's; /proc/PID/environ is readable by its user and root only).
 */
export function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.PGPASSWORD;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not a URL (a `key=value` connection string): passed as it is.
    return { dbname: url, env };
  }
  let password = parsed.password ? decodeURIComponent(parsed.password) : "";
  parsed.password = "";
  const inQuery = parsed.searchParams.get("password");
  if (inQuery !== null) {
    password ||= inQuery;
    parsed.searchParams.delete("password");
  }
  if (password) env.PGPASSWORD = password;
  return { dbname: parsed.toString(), env };
}

export async function runTool(file: string, args: string[], env?: NodeJS.ProcessEnv): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(file, args, { stdio: ["ignore", "ignore", "pipe"], env: env ?? process.env });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(
            new BackupError("tool-failed", `${path.basename(file)} nije uspeo (${code}): ${stderr.trim()}`),
          ),
    );
  });
}

/** `pg_dump --format=custom` of `url` into `file`, the password kept off its command line. */
export async function pgDump(url: string, file: string, extra: string[] = []): Promise<void> {
  const connection = libpqConnection(url);
  await runTool(
    postgresTool("pg_dump"),
    ["--format=custom", "--no-owner", "--no-acl", ...extra, "--file", file, "--dbname", connection.dbname],
    connection.env,
  );
}
