// The read cache (server/lib/read-cache.ts) on the real databases: repeated reads are answered from
// memory, and nothing stale is served past a write of this process, a commit of another one (its
// NOTIFY), or while the LISTEN connection is down.
//
// "Silent" writes below go around every invalidation path on purpose (session_replication_role =
// replica disables the NOTIFY triggers, and the connection is not the app's): they show what the
// cache answers from memory. Real writers never do that.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { eq, sql } from "drizzle-orm";
import { teams } from "@shared/schema";
import { createTestApp, useTestApp, type TestApp } from "../helpers/app";
import { createTeam, type TeamFixture } from "../helpers/factories";
import { onPostgres } from "../helpers/db";
import type supertest from "supertest";

let t: TestApp;
let fixture: TeamFixture;
let captain: supertest.Agent;
let silent: SilentWriter;

interface SilentWriter {
  query(text: string, params?: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

/** A writer around every invalidation path: NOTIFY triggers off, not the app's connection. */
async function silentWriter(app: TestApp): Promise<SilentWriter> {
  if (app.testDb.url) {
    const client = new pg.Client({ connectionString: app.testDb.url });
    await client.connect();
    await client.query("set session_replication_role = replica");
    return { query: (text, params) => client.query(text, params), close: () => client.end() };
  }
  // PGlite has one connection: switch the triggers off around each statement.
  const raw = app.deps.database.raw;
  return {
    query: async (text, params) => {
      await raw.query("set session_replication_role = replica");
      try {
        return await raw.query(text, params);
      } finally {
        await raw.query("set session_replication_role = origin");
      }
    },
    close: async () => undefined,
  };
}

useTestApp((app) => (t = app));
beforeAll(async () => {
  fixture = await createTeam(t.db);
  captain = await t.signedIn(fixture.captain.username);
  silent = await silentWriter(t);
});
afterAll(async () => {
  await silent?.close();
});

const renameSilently = (name: string) => silent.query("update teams set name = $1 where id = $2", [name, fixture.team.id]);
const teamName = async () => {
  const res = await captain.get(`/api/teams/${fixture.team.id}`);
  expect(res.status).toBe(200);
  return (res.body as { name: string }).name;
};
async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<number> {
  const t0 = performance.now();
  while (!(await check())) {
    if (performance.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
  return performance.now() - t0;
}

/**
 * Waits until every notification of a commit made so far has reached this instance (PostgreSQL
 * delivers them in commit order: once a marker sent now arrives, the earlier ones have). Without
 * it, on a busy machine, the late notification of an earlier test's write can arrive during the
 * read that should fill the cache, which then (rightly) keeps nothing.
 */
async function settle() {
  const version = t.deps.database.changes.current;
  await t.deps.database.raw.query("select pg_notify('dl_data_changed', 'settle')");
  await waitFor(() => t.deps.database.changes.current > version, "the marker notification");
}

describe("the read cache", () => {
  it("answers a repeated read from memory, and reads this process's own writes at once", async () => {
    await settle();
    const before = await teamName();
    await renameSilently("Silently Renamed");
    expect(await teamName()).toBe(before); // from memory: the database was not asked
    // Any write through the app's database (here a factory's) moves the data version.
    await t.db.update(teams).set({ bio: "changed" }).where(eq(teams.id, fixture.team.id));
    expect(await teamName()).toBe("Silently Renamed");
  });

  it("keeps a session in memory, and a write to users ends what it allowed on the very next request", async () => {
    await settle();
    expect((await captain.get("/api/user")).status).toBe(200);
    await silent.query("update users set is_suspended = true where id = $1", [fixture.captain.id]);
    expect((await captain.get("/api/user")).status).toBe(200); // the session and its user came from memory
    await t.db.update(teams).set({ bio: "changed again" }).where(eq(teams.id, fixture.team.id));
    // A suspended user's session ends (401), as after an admin's suspension.
    expect((await captain.get(`/api/teams/${fixture.team.id}`)).status).toBe(401);
    await t.db.execute(sql`update users set is_suspended = false where id = ${fixture.captain.id}`);
    captain = await t.signedIn(fixture.captain.username);
    expect((await captain.get("/api/user")).status).toBe(200);
  });

  it("sends larger answers gzipped to clients that accept it (the same JSON), plain to others", async () => {
    await createTeam(t.db);
    await createTeam(t.db);
    const url = "/api/teams?limit=50";
    await settle();
    const plain = await captain.get(url).set("Accept-Encoding", "identity"); // from the database
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["vary"]).toMatch(/Accept-Encoding/i);
    const length = JSON.stringify(plain.body).length;
    expect(length).toBeGreaterThan(1024);
    const fromMemory = await captain.get(url).set("Accept-Encoding", "gzip, deflate, br");
    expect(fromMemory.headers["content-encoding"]).toBe("gzip");
    expect(Number(fromMemory.headers["content-length"])).toBeLessThan(length / 2);
    expect(fromMemory.body).toEqual(plain.body); // supertest unzips

    await t.db.update(teams).set({ bio: "moves the data version" }).where(eq(teams.id, fixture.team.id));
    const fromDatabase = await captain.get(url).set("Accept-Encoding", "gzip");
    expect(fromDatabase.headers["content-encoding"]).toBe("gzip");
    const again = await captain.get(url).set("Accept-Encoding", "identity");
    expect(again.headers["content-encoding"]).toBeUndefined();
    expect(fromDatabase.body).toEqual(again.body);
  });

  it.skipIf(!onPostgres())("empties when another instance's commit is notified (PostgreSQL)", async () => {
    const other = new pg.Client({ connectionString: t.testDb.url });
    await other.connect();
    try {
      const latencies: number[] = [];
      for (let i = 0; i < 20; i++) {
        await teamName(); // cached
        const name = `Renamed Elsewhere ${i}`;
        await other.query("update teams set name = $1 where id = $2", [name, fixture.team.id]);
        latencies.push(await waitFor(async () => (await teamName()) === name, "the other instance's rename"));
      }
      latencies.sort((a, b) => a - b);
      console.log(
        `read cache / PostgreSQL: another connection's commit reached this instance's reads after ` +
          `median ${latencies[10]!.toFixed(1)} ms, max ${latencies[19]!.toFixed(1)} ms (20 commits; each wait includes one HTTP read)`,
      );
    } finally {
      await other.end();
    }
  });

  it.skipIf(!onPostgres())("moves once for its own commit: the notification that names this instance is not counted again (PostgreSQL)", async () => {
    const changes = t.deps.database.changes;
    await settle();
    const before = changes.current;
    await t.db.transaction(async (tx) => {
      await tx.update(teams).set({ bio: "own commit" }).where(eq(teams.id, fixture.team.id));
      await tx.update(teams).set({ bio: "own commit, again" }).where(eq(teams.id, fixture.team.id));
    });
    expect(changes.current, "the commit moved it, once").toBe(before + 1);
    // Notifications arrive in commit order: once this marker has, the commit's own has too.
    await t.deps.database.raw.query("select pg_notify('dl_data_changed', 'marker')");
    await waitFor(() => changes.current > before + 1, "the marker notification");
    expect(changes.current, "only the marker moved it again").toBe(before + 2);
  });

  it.skipIf(!onPostgres())("is bypassed while its LISTEN connection is down, and comes back with it (PostgreSQL)", async () => {
    const changes = t.deps.database.changes;
    expect(changes.isLive).toBe(true);
    await teamName();
    const admin = new pg.Client({ connectionString: t.testDb.url });
    await admin.connect();
    try {
      const killed = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'doubles-ladder-listen' and datname = current_database()",
      );
      expect(killed.rowCount).toBe(1);
      await waitFor(() => !changes.isLive, "the listener to notice");
      await renameSilently("While Deaf");
      expect(await teamName()).toBe("While Deaf"); // not from memory
      await waitFor(() => changes.isLive, "the listener to reconnect");
      await teamName();
      await renameSilently("After Reconnect");
      expect(await teamName()).toBe("While Deaf"); // from memory again
    } finally {
      await admin.end();
    }
  });
});

describe("READ_CACHE=off", () => {
  it("reads the database on every request", async () => {
    const off = await createTestApp({ READ_CACHE: "off" });
    try {
      const f = await createTeam(off.db);
      const agent = await off.signedIn(f.captain.username);
      expect((await agent.get(`/api/teams/${f.team.id}`)).status).toBe(200);
      const writer = await silentWriter(off);
      await writer.query("update teams set name = 'Seen At Once' where id = $1", [f.team.id]);
      await writer.close();
      expect((await agent.get(`/api/teams/${f.team.id}`)).body.name).toBe("Seen At Once");
    } finally {
      await off.close();
    }
  });
});
