// Every foreign key has an index whose leading columns are the key's columns, so deleting or
// updating a referenced row (a user, a team, a match) never scans the referencing table (issue 12,
// item 5: an overwrite restore timed out deleting users while every match was scanned per user).
// Read from the migrated database's catalogue, so a new reference without an index fails here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

describe("foreign keys", () => {
  it("each has an index led by its columns", async () => {
    const res = await t.database.db.execute(sql`
      select c.conrelid::regclass::text as "table", c.conname as "name", c.confrelid::regclass::text as "references",
        (select string_agg(a.attname, ',' order by k.ord) from unnest(c.conkey) with ordinality k(attnum, ord)
           join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum) as "columns",
        exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid
            and i.indpred is null
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey
        ) as "indexed"
      from pg_constraint c
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
      order by 1, 2`);
    const rows = (res as unknown as { rows: { table: string; name: string; references: string; columns: string; indexed: boolean }[] }).rows;
    // The catalogue query itself works: the schema has foreign keys to users, teams, matches, challenges, their slots, seasons,
    // and (the push queue) notifications and push subscriptions.
    expect(rows.length).toBeGreaterThan(10);
    expect(new Set(rows.map((r) => r.references))).toEqual(new Set(["users", "teams", "matches", "challenges", "challenge_slots", "seasons", "notifications", "push_subscriptions"]));
    const missing = rows.filter((r) => !r.indexed).map((r) => `${r.table}(${r.columns}) → ${r.references}`);
    expect(missing).toEqual([]);
  });
});
