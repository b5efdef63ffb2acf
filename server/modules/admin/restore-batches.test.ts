// A restore and a reset of a club with many rows (issue 12, item 5): the file is staged and applied
// in batches, and the server keeps answering meanwhile (docs/decisions/012-backups-restore-and-schedule.md).
// No timed assertions: what is checked is that the result is right and that /api/health answers
// while the operation is still running.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type supertest from "supertest";
import { matches, teams } from "@shared/schema";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { seedBulk } from "../../../bench/seed-bulk";
import { APPLY_BATCH, resetAllData } from "./admin.data.service";
import { RESTORE_STAGE_BATCH, restoreBackup } from "./admin.restore.service";
import { runDataOperation } from "./data-operations";

let t: TestApp;
useTestApp((app) => (t = app));

type Tables = Record<string, Record<string, unknown>[]>;

async function exportText(agent: supertest.Agent): Promise<string> {
  const res = await agent.get("/api/admin/export-full-backup");
  expect(res.status).toBe(200);
  return res.text;
}
const tablesOf = (text: string) => (JSON.parse(text) as { tables: Tables }).tables;

/** At 0.05: 25 teams, 50 members, 2,500 matches (more than one batch of each step), challenges, disputes. */
async function bigClub(scale: number) {
  const { admin, agent } = await t.signedInAdmin();
  // The club of an earlier test goes first (the seed numbers its members from 1).
  await agent.post("/api/admin/reset-data").send({}).expect(200);
  await seedBulk(t.db, { scale, pendingMatches: 20 });
  return { admin, agent };
}

describe("a restore of a club with many rows", () => {
  it("works in batches: overwrite gives the same tables back, and merging it twice equals merging it once", async () => {
    const { agent } = await bigClub(0.05);
    const text = await exportText(agent);
    const before = tablesOf(text);
    expect(before.matches!.length).toBeGreaterThan(APPLY_BATCH);
    expect(before.matches!.length).toBeGreaterThan(2 * RESTORE_STAGE_BATCH);

    await agent.post("/api/admin/reset-data").send({}).expect(200);
    expect(await t.db.select().from(matches)).toHaveLength(0);
    const res = await agent.post("/api/admin/import-backup?mode=overwrite").set("Content-Type", "application/json").send(text);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results.matches_imported).toBe(before.matches!.length);
    expect(tablesOf(await exportText(agent))).toEqual(before);

    // Merge (upserts by id, people by identity) twice: the second changes nothing more.
    await t.db.update(teams).set({ name: "Renamed meanwhile" });
    const once = await agent.post("/api/admin/import-backup?mode=merge").set("Content-Type", "application/json").send(text);
    expect(once.status, JSON.stringify(once.body)).toBe(200);
    const afterOnce = tablesOf(await exportText(agent));
    expect(afterOnce).toEqual(before);
    expect((await agent.post("/api/admin/import-backup?mode=merge").set("Content-Type", "application/json").send(text)).status).toBe(200);
    expect(tablesOf(await exportText(agent))).toEqual(afterOnce);
  }, 240_000);

  it("a problem found in a late batch (a duplicate id) changes nothing", async () => {
    const { agent } = await bigClub(0.05);
    const text = await exportText(agent);
    expect(text.match(/"team1Id"/g)!.length).toBeGreaterThan(2 * RESTORE_STAGE_BATCH);
    const file = JSON.parse(text) as { tables: Tables };
    const last = file.tables.matches!.at(-1)!;
    file.tables.matches!.push({ ...last });
    const res = await agent.post("/api/admin/import-backup?mode=overwrite").set("Content-Type", "application/json").send(JSON.stringify(file));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Duplicate id .* Nothing was changed/);
    expect(tablesOf(await exportText(agent))).toEqual(tablesOf(text));
  }, 240_000);
});

describe("while a long operation runs", () => {
  /** GET /api/health, with whether the operation had finished when it answered. */
  function healthDuring(isFinished: () => boolean) {
    return t.request.get("/api/health").then((r) => ({ status: r.status, finished: isFinished() }));
  }

  it("/api/health answers while a restore reads the file, while it writes, and while a reset removes", async () => {
    const { admin } = await bigClub(0.05);
    const actor = { id: admin.id, username: admin.username, email: admin.email };
    const text = await exportText((await t.signedInAdmin()).agent);

    // 1. Reading: half the file is sent, and the restore cannot end before the rest comes.
    const source = new PassThrough();
    let staged = 0;
    let firstBatch!: () => void;
    const staging = new Promise<void>((resolve) => (firstBatch = resolve));
    let finished = false;
    const restoring = restoreBackup(t.deps, {
      actor,
      source,
      maxBytes: Number.MAX_SAFE_INTEGER,
      importMode: "overwrite",
      batchSize: 20,
      progress: (phase, done = 0) => {
        if (phase === "Reading the file" && done > 0) {
          staged = done;
          firstBatch();
        }
      },
    }).finally(() => (finished = true));
    source.write(text.slice(0, text.length / 2));
    await staging;
    const whileReading = await healthDuring(() => finished);
    expect(staged).toBeGreaterThan(0);
    expect(whileReading).toEqual({ status: 200, finished: false });
    source.end(text.slice(text.length / 2));
    expect((await restoring).success).toBe(true);

    // 2. Writing (the transaction): asked at the first batch written, answered before the end.
    finished = false;
    let asked: Promise<{ status: number; finished: boolean }> | undefined;
    const again = new PassThrough();
    again.end(text);
    await restoreBackup(t.deps, {
      actor,
      source: again,
      maxBytes: Number.MAX_SAFE_INTEGER,
      importMode: "merge",
      batchSize: 20,
      progress: (phase) => {
        if (!asked && phase.startsWith("Writing")) asked = healthDuring(() => finished);
      },
    }).finally(() => (finished = true));
    expect(asked).toBeDefined();
    expect(await asked).toEqual({ status: 200, finished: false });

    // 3. A reset: asked at its first batch removed, answered before the end.
    finished = false;
    asked = undefined;
    const reset = await resetAllData(t.deps, {
      actor,
      batchSize: 20,
      progress: (phase, done = 0) => {
        if (!asked && done > 0) asked = healthDuring(() => finished);
      },
    }).finally(() => (finished = true));
    expect(reset.removed.matches).toBeGreaterThan(0);
    expect(asked).toBeDefined();
    expect(await asked).toEqual({ status: 200, finished: false });
  }, 240_000);

  it("other requests answer while a restore writes and while a reset removes: from the data before it, or (embedded database) 503 with a message", async () => {
    const { admin, agent } = await bigClub(0.05);
    const actor = { id: admin.id, username: admin.username, email: admin.email };
    const text = await exportText(agent);
    // PostgreSQL serves other requests from the data as it was (the transaction is not committed);
    // PGlite's one connection is the transaction's until it ends, so they are refused at once.
    const embedded = t.deps.database.kind === "pglite";
    const during = async (isFinished: () => boolean) => {
      const [ready, notifications, poll] = await Promise.all([
        t.request.get("/api/ready"),
        agent.get("/api/notifications"),
        agent.get("/api/admin/operations/current"),
      ]);
      return {
        finished: isFinished(),
        ready: ready.status,
        notifications: notifications.status,
        message: notifications.body.message as unknown,
        retryAfter: notifications.headers["retry-after"] as unknown,
        poll: poll.status,
      };
    };
    const expected = (what: string) =>
      embedded
        ? { finished: false, ready: 503, notifications: 503, message: `The club's data is being ${what}. Please try again in a minute.`, retryAfter: "30", poll: 200 }
        : { finished: false, ready: 200, notifications: 200, message: undefined, retryAfter: undefined, poll: 200 };

    // The admin's session is read once before, as the panel's poll would have (it stays in memory).
    expect((await agent.get("/api/admin/operations/current")).status).toBe(200);
    let finished = false;
    let asked: ReturnType<typeof during> | undefined;
    const source = new PassThrough();
    source.end(text);
    // As the admin routes run them: one data operation, whose progress the poll reads from memory.
    await runDataOperation(t.deps, {
      kind: "restore",
      actor,
      title: "Restore failed",
      work: (progress) =>
        restoreBackup(t.deps, {
          actor,
          source,
          maxBytes: Number.MAX_SAFE_INTEGER,
          importMode: "overwrite",
          batchSize: 20,
          progress: (phase, done, total) => {
            progress(phase, done, total);
            if (!asked && phase.startsWith("Writing")) asked = during(() => finished);
          },
        }),
    }).finally(() => (finished = true));
    expect(asked).toBeDefined();
    expect(await asked).toEqual(expected("restored"));
    // Once it has ended, everything answers as before.
    expect((await agent.get("/api/notifications")).status).toBe(200);

    expect((await agent.get("/api/admin/operations/current")).status).toBe(200);
    finished = false;
    asked = undefined;
    await runDataOperation(t.deps, {
      kind: "reset",
      actor,
      title: "Failed to Reset Data",
      work: (progress) =>
        resetAllData(t.deps, {
          actor,
          batchSize: 20,
          progress: (phase, done = 0, total) => {
            progress(phase, done, total);
            if (!asked && done > 0) asked = during(() => finished);
          },
        }),
    }).finally(() => (finished = true));
    expect(await asked).toEqual(expected("reset"));
    expect((await t.request.get("/api/ready")).status).toBe(200);
  }, 240_000);

  // The whole class: every long transaction over the club's data goes through the one
  // ExclusiveUse (the refusal above is then the middleware's, the same for each): a restore's
  // writing phase, a reset, a purge and a rating-model switch.
  it("a purge and a rating-model switch hold the data exclusively too, like a restore and a reset", async () => {
    const { agent } = await bigClub(0.02);
    const exclusive = t.deps.database.exclusive;
    const held: string[] = [];
    const run = exclusive.run.bind(exclusive);
    exclusive.run = <T>(what: string, fn: () => Promise<T>) => {
      held.push(what);
      return run(what, fn);
    };
    try {
      const purge = await agent.delete("/api/admin/purge-confirmed-matches").send({});
      expect(purge.status, JSON.stringify(purge.body)).toBe(200);
      expect(purge.body.purgedCount).toBeGreaterThan(0);
      expect(held).toEqual(["updated"]);
      // A switch to a model that predicts the (remaining) history at least as well as the current one.
      const models = ((await agent.get("/api/admin/rating-model")).body as { models: { id: string; current: boolean; brier: number | null }[] }).models;
      const current = models.find((m) => m.current)!;
      const better = models.filter((m) => !m.current && (current.brier === null || (m.brier !== null && m.brier <= current.brier)));
      expect(better.length, JSON.stringify(models)).toBeGreaterThan(0);
      const switched = await agent.post("/api/admin/rating-model").send({ model: better[0]!.id });
      expect(switched.status, JSON.stringify(switched.body)).toBe(200);
      expect(held).toEqual(["updated", "updated"]);
      const overwrite = await agent.post("/api/admin/import-backup?mode=overwrite").set("Content-Type", "application/json").send(await exportText(agent));
      expect(overwrite.status).toBe(200);
      await agent.post("/api/admin/reset-data").send({}).expect(200);
      expect(held).toEqual(["updated", "updated", "restored", "reset"]);
    } finally {
      exclusive.run = run;
    }
  }, 120_000);
});
