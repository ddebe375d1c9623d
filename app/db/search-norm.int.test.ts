import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeDb, type TestDatabase } from "../../tests/support/db";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

describeDb("search_norm (diacritic-insensitive search)", () => {
  it("folds case, diacritics and the dj spelling of đ", async () => {
    const norm = async (value: string) =>
      ((await t.db.execute(sql`select search_norm(${value}) as v`)) as unknown as { rows: { v: string }[] })
        .rows[0].v;
    expect(await norm("Đorđević")).toBe(await norm("djordjevic"));
    expect(await norm("Đorđević")).toBe(await norm("Dordevic"));
    expect(await norm("ČAČAK Šabac Žabalj")).toBe("cacak sabac zabalj");
  });
});
