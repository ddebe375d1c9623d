import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import {
  CONDITION_LABELS,
  EQUIPMENT_LABELS,
  POSITION_LABELS,
  ROUTE_TYPE_LABELS,
  SALE_CATEGORY_LABELS,
} from "./options";
import { STATE_CODES } from "./states";

/**
 * The listings' search text holds what a card shows (migration 0022, decision 260): the SQL
 * functions that write the labels and the state codes into it must say what the constants of the
 * domain say. A label changed here without a migration fails this test.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  (await t.db.execute(query)) as unknown as { rows: T[] };

describeDb("a listing card's words in SQL", () => {
  it("every label of every code, and every state's code, as the domain has them", async () => {
    const fields: [string, Record<string, string>][] = [
      ["category", SALE_CATEGORY_LABELS],
      ["condition", CONDITION_LABELS],
      ["position", POSITION_LABELS],
      ["route", ROUTE_TYPE_LABELS],
      ["equipment", EQUIPMENT_LABELS],
    ];
    for (const [field, labels] of fields) {
      for (const [code, label] of Object.entries(labels)) {
        const { rows: found } = await rows<{ label: string }>(
          sql`select listing_label(${field}, ${code}) as label`,
        );
        expect(found[0].label, `${field}:${code}`).toBe(label);
      }
    }
    const states = Object.entries(STATE_CODES);
    const { rows: codes } = await rows<{ code: string }>(
      sql`select us_state_code(s) as code from unnest(${sql.raw(`ARRAY[${states.map(([n]) => `'${n}'`).join(",")}]`)}::text[]) with ordinality as u(s, n) order by n`,
    );
    expect(codes.map((r) => r.code)).toEqual(states.map(([, code]) => code));
    const { rows: none } = await rows<{ label: string; code: string }>(
      sql`select listing_label('category', null) as label, us_state_code('Ontario') as code`,
    );
    expect(none[0]).toEqual({ label: "", code: "" });
  });

  it("a listing's search text holds its labels, its state and its code", async () => {
    const { rows: found } = await rows<{ words: string; folded: string }>(
      sql`select listing_card_words('trailer', 'used', null, null, '{}'::text[], 'Ohio') as words,
        search_norm(listing_card_words(null, null, 'company-driver', 'otr', '{reefer,dry-van}'::text[], 'Texas')) as folded`,
    );
    expect(found[0].words.split(/\s+/).filter(Boolean)).toEqual(["Prikolica", "Polovno", "OH"]);
    expect(found[0].folded.trim()).toBe(
      "vozac u kompaniji (company driver) otr (duge ture) reefer (hladnjaca) dry van tx",
    );
  });
});
