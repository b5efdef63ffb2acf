// DatabasePool (server/db/pool.ts) against a real PostgreSQL: a connection terminated while the
// app holds it neither crashes the process nor leaks the pool's slot.
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, onPostgres, type TestDatabase } from "../../tests/helpers/db";
import { DatabasePool } from "./pool";

if (!onPostgres()) console.log("DatabasePool: skipped on PGlite (needs a PostgreSQL server: TEST_DATABASE_URL)");

describe.skipIf(!onPostgres())("DatabasePool", () => {
  let testDb: TestDatabase;
  let admin: pg.Client;
  const pools: DatabasePool[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase();
    admin = new pg.Client({ connectionString: testDb.url });
    await admin.connect();
  });
  afterAll(async () => {
    for (const p of pools) await p.end().catch(() => undefined);
    await admin.end();
    await testDb.drop();
  });

  const onePool = (lost: Error[]) => {
    const pool = new DatabasePool({ connectionString: testDb.url, max: 1, connectionTimeoutMillis: 3_000, onConnectionLost: (err) => lost.push(err) });
    pools.push(pool);
    return pool;
  };
  const terminate = async (client: pg.PoolClient) => {
    const pid = (await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
    const ended = new Promise<void>((resolve) => client.once("end", () => resolve()));
    await admin.query("select pg_terminate_backend($1)", [pid]);
    await ended;
  };

  it("a checked-out connection that is terminated while idle reports the loss instead of crashing the process", async () => {
    const lost: Error[] = [];
    const pool = onePool(lost);
    const client = await pool.connect();
    // Without a listener, pg's 'error' event of a checked-out client is unhandled: the test run fails.
    await terminate(client);
    expect(lost.map((e) => e.message).join()).toMatch(/terminating connection due to administrator command|Connection terminated/);
    client.release();
    expect((await pool.query("select 1 as one")).rows[0]).toEqual({ one: 1 });
  });

  it("gives the slot back when the holder never releases a client whose connection ended (drizzle's BEGIN path)", async () => {
    const pool = onePool([]);
    const held = await pool.connect();
    await terminate(held);
    // The only slot of the pool is free again although `held` was never released.
    const next = await pool.connect();
    expect((await next.query("select 2 as two")).rows[0]).toEqual({ two: 2 });
    next.release();
    // The holder's own release, later, is a no-op (pg-pool would throw on a second release).
    expect(() => held.release()).not.toThrow();
    expect(pool.totalCount).toBeLessThanOrEqual(1);
  });

  it("a transaction whose connection is terminated inside it fails, and the pool goes on", async () => {
    const pool = onePool([]);
    const db = drizzle(pool);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
      }),
    ).rejects.toThrow();
    for (let i = 0; i < 3; i++) await db.transaction(async (tx) => void (await tx.execute(sql`select 1`)));
    expect(pool.totalCount).toBe(1);
  });
});
