// The pg Client subclasses the pool opens (server/db/write-tracking.ts, server/db/prepared-reads.ts),
// through every form of query() the app and its libraries use. If a pg upgrade changes query(),
// these fail instead of the read cache going stale or every read being planned again.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, onPostgres, type TestDatabase } from "../../tests/helpers/db";
import { DataChanges } from "./changes";
import { PreparedNames, withPreparedReads } from "./prepared-reads";
import { withWriteTracking } from "./write-tracking";

describe("PreparedNames", () => {
  it("names reads once per text, never writes, DDL or texts past the limit", () => {
    const names = new PreparedNames(2);
    const a = names.nameFor("select * from teams where id = $1");
    expect(a).toMatch(/^dl_/);
    expect(names.nameFor("select * from teams where id = $1")).toBe(a);
    expect(names.nameFor("with x as (select 1) select * from x")).toMatch(/^dl_/);
    expect(names.nameFor("select 3")).toBeUndefined(); // past the limit of 2
    for (const write of ["insert into teams values (1)", "with x as (update teams set name = 'a' returning id) select * from x", "create index i on t (x)", "update teams set name = $1"])
      expect(new PreparedNames().nameFor(write), write).toBeUndefined();
  });
});

if (!onPostgres()) console.log("pg Client subclasses: the connection tests are skipped on PGlite (TEST_DATABASE_URL)");

describe.skipIf(!onPostgres())("the pool's pg Client", () => {
  let testDb: TestDatabase;
  let pool: pg.Pool;
  const changes = new DataChanges();
  const names = new PreparedNames();
  beforeAll(async () => {
    testDb = await createTestDatabase();
    pool = new pg.Pool({ connectionString: testDb.url, max: 1, Client: withWriteTracking(withPreparedReads(pg.Client, names), changes) });
    await pool.query("create table pgc_test (id int primary key, name text)");
  });
  afterAll(async () => {
    await pool.end();
    await testDb.drop();
  });

  it("moves the data version when a write completes, before its caller goes on, in each form of query()", async () => {
    const client = await pool.connect();
    try {
      const forms: [string, (v: number) => Promise<unknown>][] = [
        ["promise, text + values", (v) => client.query("insert into pgc_test values ($1, 'a')", [v])],
        ["promise, config", (v) => client.query({ text: "update pgc_test set name = $2 where id = $1", values: [v, "b"] })],
        ["callback (pool.query's form)", (v) => new Promise((resolve, reject) => client.query("delete from pgc_test where id = $1", [v], (err, res) => (err ? reject(err) : resolve(res))))],
        ["a transaction's commit", (v) => client.query("begin").then(() => client.query("insert into pgc_test values ($1, 't')", [v])).then(() => client.query("commit"))],
        ["a failed write", () => client.query("insert into pgc_test values (1, 'x'), (1, 'dup')").catch(() => undefined)],
      ];
      for (const [i, [what, run]] of forms.entries()) {
        const before = changes.current;
        const seenAtCompletion = await run(i).then(() => changes.current);
        expect(seenAtCompletion, what).toBeGreaterThan(before);
      }
      const before = changes.current;
      await client.query("select * from pgc_test where id = $1", [1]);
      await client.query({ text: "select count(*) from pgc_test" });
      expect(changes.current, "reads do not move it").toBe(before);
      await client.query("begin");
      await client.query("update pgc_test set name = 'u' where id = $1", [0]);
      expect(changes.current, "a transaction's write, not yet committed, does not move it").toBe(before);
      await client.query("rollback");
      await client.query("begin");
      await client.query("select * from pgc_test for update");
      await client.query("commit");
      expect(changes.current, "nor does a rolled-back or read-only transaction").toBe(before);
    } finally {
      client.release();
    }
  });

  it("prepares reads under a name on the connection, and never writes", async () => {
    const client = await pool.connect();
    try {
      await client.query("select name from pgc_test where id = $1", [7]);
      await client.query({ text: "select id from pgc_test where name = $1", values: ["x"] });
      await client.query("insert into pgc_test values ($1, 'p')", [42]);
      const res = await client.query<{ statement: string }>("select statement from pg_prepared_statements where name like 'dl_%'");
      const prepared = res.rows.map((r) => r.statement).sort();
      expect(prepared).toEqual(expect.arrayContaining(["select id from pgc_test where name = $1", "select name from pgc_test where id = $1"]));
      expect(prepared.filter((text) => !/^select /.test(text))).toEqual([]);
    } finally {
      client.release();
    }
  });
});
