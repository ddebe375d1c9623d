import { describe, expect, it } from "vitest";
import { libpqConnection } from "./archive-format.server";

describe("libpqConnection: how pg_dump and pg_restore get the password", () => {
  it("never on the command line: the URL loses it, PGPASSWORD carries it (percent-decoded)", () => {
    const { dbname, env } = libpqConnection(
      "postgres://balkan:s%40cret%3Aw0rd@127.0.0.1:5432/balkan?sslmode=require",
    );
    expect(dbname).toBe("postgres://balkan@127.0.0.1:5432/balkan?sslmode=require");
    expect(dbname).not.toContain("s%40cret");
    expect(env.PGPASSWORD).toBe("s@cret:w0rd");
  });

  it("a password given as a query parameter moves too; none at all sets none", () => {
    const query = libpqConnection("postgresql://balkan@db.internal/balkan?password=tajna&application_name=x");
    expect(query.dbname).toBe("postgresql://balkan@db.internal/balkan?application_name=x");
    expect(query.env.PGPASSWORD).toBe("tajna");
    const none = libpqConnection("postgres://postgres@127.0.0.1:5432/postgres");
    expect(none.dbname).toBe("postgres://postgres@127.0.0.1:5432/postgres");
    expect(none.env.PGPASSWORD).toBeUndefined();
  });
});
