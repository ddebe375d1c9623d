/**
 * What backup and restore share (docs/decisions/162): the archive's manifest, the errors with
 * their codes, and the PostgreSQL tools from Debian.
 */
import { execFile, spawn } from "node:child_process";
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
      | "database-busy",
    message: string,
  ) {
    super(message);
    this.name = "BackupError";
  }
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

export async function runTool(file: string, args: string[]): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(file, args, { stdio: ["ignore", "ignore", "pipe"] });
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
