/**
 * `npm run seed`: fills the database with the demo content. Uses PostgreSQL when DATABASE_URL is
 * set, otherwise the embedded database in DATA_DIR (default ./data); the demo pictures go to the
 * media storage the server would use (DATA_DIR/storage, or S3 when configured).
 */
import path from "node:path";
import { type DatabaseOptions, openDatabase } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";
import { parseEnv } from "~/env.server";
import { createStorageFromEnv } from "~/integrations/storage/index.server";
import { seedDemo } from "./seed.server";

function databaseOptions(env: NodeJS.ProcessEnv): DatabaseOptions {
  const url = env.DATABASE_URL?.trim();
  if (url) return { driver: "postgres", url, max: 2 };
  return { driver: "pglite", dataDir: path.join(env.DATA_DIR?.trim() || "./data", "db") };
}

function describeTarget(options: DatabaseOptions): string {
  return options.driver === "postgres"
    ? "PostgreSQL (DATABASE_URL)"
    : `PGlite u ${path.resolve(options.dataDir ?? "")}`;
}

async function main() {
  const started = performance.now();
  const options = databaseOptions(process.env);
  console.log(`Baza: ${describeTarget(options)}`);
  const handle = await openDatabase(options);
  try {
    await runMigrations(handle);
    // The demo listing photos go to the same media store the app uses (DATA_DIR/storage or S3).
    const storage = createStorageFromEnv(parseEnv(process.env));
    const summary = await seedDemo(handle.db, { log: (msg) => console.log(msg), storage });
    if (summary.skipped) return;
    console.log("\nUbačeno:");
    for (const [table, count] of Object.entries(summary.counts)) {
      console.log(`  ${table.padEnd(22)} ${count}`);
    }
    if (summary.credentials.length > 0) {
      console.log("\nDemo nalozi (lozinke se prikazuju samo sada):");
      for (const user of summary.credentials) {
        console.log(`  ${user.role.padEnd(7)} ${user.email}  /  ${user.password}`);
      }
    }
    console.log(
      `\nSeed: ${(summary.durationMs / 1000).toFixed(1)} s, ukupno ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error("Seed nije uspeo:", error);
  process.exitCode = 1;
});
