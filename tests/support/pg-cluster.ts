/**
 * A throwaway PostgreSQL cluster of a test's own, from Debian's server binaries, that the test
 * can stop, start and cut connections of — the shared cluster of `npm test` must not be touched
 * that way. As root the server runs as the `postgres` user (PostgreSQL refuses root), in a temp
 * directory that user owns. Tuned for speed (fsync off): it is deleted at `destroy()`.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export function postgresBinDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, "bin", "pg_ctl")))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions.at(-1);
  if (!newest)
    throw new Error(
      "PostgreSQL server binaries not found under /usr/lib/postgresql (run `npm test`, which installs them)",
    );
  return path.join(root, newest, "bin");
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type PgCluster = {
  port: number;
  /** Superuser URL of database `name` (default `postgres`). */
  url(name?: string): string;
  start(): void;
  /** `pg_ctl stop -m fast`: every session is cut, as in a restart. */
  stop(): void;
  /** `pg_terminate_backend` on every other session of `database`; returns how many. */
  terminateBackends(database: string): Promise<number>;
  createDatabase(name: string): Promise<void>;
  /**
   * A login role that must give its password over TCP (scram-sha-256), as a production role does;
   * the superuser keeps the cluster's trust. Returns the role's URL of `database`.
   */
  passwordRole(role: string, password: string, database: string): Promise<string>;
  destroy(): void;
};

export async function createPgCluster(): Promise<PgCluster> {
  const bin = postgresBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bv-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  fs.chmodSync(dir, 0o700);
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
    execFileSync(file, argv, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  };
  const data = path.join(dir, "data");
  run(path.join(bin, "initdb"), [
    "-D",
    data,
    "--auth=trust",
    "-U",
    "postgres",
    "--encoding=UTF8",
    "--locale=C.UTF-8",
  ]);
  const port = await freePort();
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const url = (name = "postgres") => `postgres://postgres@127.0.0.1:${port}/${name}`;
  const admin = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url() });
    client.on("error", () => {});
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  const cluster: PgCluster = {
    port,
    url,
    start: () =>
      run(path.join(bin, "pg_ctl"), [
        "-D",
        data,
        "-l",
        path.join(dir, "server.log"),
        "-w",
        "-t",
        "60",
        "-o",
        options,
        "start",
      ]),
    stop: () => run(path.join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "-t", "60", "stop"]),
    terminateBackends: (database) =>
      admin(async (client) => {
        const result = await client.query(
          "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
          [database],
        );
        return Number(result.rows[0].n);
      }),
    createDatabase: (name) =>
      admin(async (client) => {
        await client.query(`create database "${name.replace(/"/g, "")}"`);
      }),
    passwordRole: async (role, password, database) => {
      const hba = path.join(data, "pg_hba.conf");
      const line = `host all ${role} 127.0.0.1/32 scram-sha-256`;
      const current = fs.readFileSync(hba, "utf8");
      if (!current.includes(line)) fs.writeFileSync(hba, `${line}\n${current}`);
      await admin(async (client) => {
        const exists = await client.query("select 1 from pg_roles where rolname = $1", [role]);
        const quoted = `"${role.replace(/"/g, "")}"`;
        await client.query(
          `${exists.rowCount ? "alter" : "create"} role ${quoted} login password '${password.replace(/'/g, "''")}'`,
        );
        await client.query("select pg_reload_conf()");
      });
      return `postgres://${encodeURIComponent(role)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
    },
    destroy: () => {
      try {
        run(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "stop"]);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
