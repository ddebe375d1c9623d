/**
 * The operator's commands, compiled into the production server bundle (build/server/index.js) so
 * that they run where only the runtime dependencies are installed (`npm prune --omit=dev`):
 *
 *   npm run seed                          fill the configured database with the demo data
 *   npm run backup -- --out FILE          one archive: database dump + media (docs/operations.md)
 *   npm run restore -- FILE [--force]     load an archive into the configured database and storage
 *
 * `scripts/cli.mjs` loads the bundle (building it first in a checkout where it is stale) and calls
 * `runCli`. Each command uses the database and storage the environment names, like the server.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { lockDataDir } from "~/db/data-dir-lock.server";
import { runMigrations } from "~/db/migrate.server";
import { BackupError, createBackup, restoreBackup } from "~/domain/backups/archive.server";
import { recordBackup } from "~/domain/backups/backups.server";
import { type Env, EnvError, parseEnv } from "~/env.server";
import { createStorageFromEnv } from "~/integrations/storage/index.server";
import { appVersion } from "~/lib/app-version.server";

type Out = { log(line: string): void; error(line: string): void };
const consoleOut: Out = { log: (l) => console.log(l), error: (l) => console.error(l) };

const USAGE = `Komande:
  seed                         demo podaci u bazu iz okruženja (DATABASE_URL ili DATA_DIR)
  backup --out FILE            rezervna kopija: baza + mediji u jednu arhivu
  restore FILE [--force]       vraćanje arhive u bazu i skladište iz okruženja`;

/** Runs one command; resolves to the process exit code. */
export async function runCli(argv: string[], source = process.env, out: Out = consoleOut): Promise<number> {
  const [command, ...rest] = argv;
  try {
    const env = parseEnv(source);
    switch (command) {
      case "seed":
        return await seed(env, out);
      case "backup": {
        const { values } = parseArgs({ args: rest, options: { out: { type: "string", short: "o" } } });
        if (!values.out) {
          out.error("Nedostaje --out FILE (npr. npm run backup -- --out backup.tar)");
          return 2;
        }
        return await backup(env, values.out, out);
      }
      case "restore": {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: { force: { type: "boolean", default: false } },
        });
        if (positionals.length !== 1) {
          out.error("Zadajte jednu arhivu: npm run restore -- FILE [--force]");
          return 2;
        }
        return await restore(env, positionals[0], values.force ?? false, out);
      }
      default:
        out.error(USAGE);
        return 2;
    }
  } catch (error) {
    if (error instanceof EnvError || error instanceof BackupError || isLockError(error)) {
      out.error((error as Error).message);
      return 1;
    }
    out.error(
      `Komanda ${command} nije uspela: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
    );
    return 1;
  }
}

function isLockError(error: unknown): boolean {
  return error instanceof Error && error.name === "DataDirLockedError";
}

function embeddedDir(env: Env): string {
  return path.resolve(env.DATA_DIR, "db");
}

/** Opens the environment's database (taking the embedded one's lock); closes both on `close`. */
async function openFromEnv(env: Env): Promise<DatabaseHandle> {
  if (env.DATABASE_URL) return openDatabase({ driver: "postgres", url: env.DATABASE_URL, max: 2 });
  const release = lockDataDir(env.DATA_DIR);
  try {
    const handle = await openDatabase({ driver: "pglite", dataDir: embeddedDir(env) });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

function describeDatabase(env: Env): string {
  return env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite u ${embeddedDir(env)}`;
}

async function seed(env: Env, out: Out): Promise<number> {
  const started = performance.now();
  out.log(`Baza: ${describeDatabase(env)}`);
  const handle = await openFromEnv(env);
  try {
    await runMigrations(handle);
    const storage = createStorageFromEnv(env);
    const { seedDemo } = await import("~/db/seed/seed.server");
    const summary = await seedDemo(handle.db, { log: (msg: string) => out.log(msg), storage });
    if (summary.skipped) return 0;
    out.log("\nUbačeno:");
    for (const [table, count] of Object.entries(summary.counts)) out.log(`  ${table.padEnd(22)} ${count}`);
    if (summary.credentials.length > 0) {
      out.log("\nDemo nalozi (lozinke se prikazuju samo sada):");
      for (const user of summary.credentials) {
        out.log(`  ${user.role.padEnd(7)} ${user.email}  /  ${user.password}`);
      }
    }
    out.log(
      `\nSeed: ${(summary.durationMs / 1000).toFixed(1)} s, ukupno ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

async function backup(env: Env, file: string, out: Out): Promise<number> {
  out.log(`Rezervna kopija: ${describeDatabase(env)} → ${path.resolve(file)}`);
  const handle = await openFromEnv(env);
  try {
    const storage = createStorageFromEnv(env);
    const summary = await createBackup(
      { handle, databaseUrl: env.DATABASE_URL, storage, appVersion: appVersion(), log: out.log },
      file,
    );
    await recordBackup(handle.db, { ...summary, source: "cli", location: summary.file });
    out.log(
      `Gotovo za ${(summary.durationMs / 1000).toFixed(1)} s: ${summary.file} (${(summary.bytes / 1048576).toFixed(1)} MiB; ` +
        `${summary.tables} tabela, ${summary.rows} redova, ${summary.mediaFiles} fajlova).`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

async function restore(env: Env, file: string, force: boolean, out: Out): Promise<number> {
  out.log(`Vraćanje: ${path.resolve(file)} → ${describeDatabase(env)}`);
  const release = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR);
  try {
    const summary = await restoreBackup(path.resolve(file), {
      target: env.DATABASE_URL
        ? { driver: "postgres", url: env.DATABASE_URL }
        : { driver: "pglite", dataDir: embeddedDir(env) },
      storage: createStorageFromEnv(env),
      force,
      log: out.log,
    });
    out.log(
      `Gotovo za ${(summary.durationMs / 1000).toFixed(1)} s (${summary.from} → ${summary.to}): ` +
        `${summary.tables} tabela i ${summary.rows} redova provereno, ${summary.mediaFiles} fajlova provereno.`,
    );
    return 0;
  } finally {
    release();
  }
}
