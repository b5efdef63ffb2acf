// Long data operations (issue 12, item 5): one at a time (409 with a clear message, before an
// upload is read), their progress readable while they run and their outcome after; a row left by a
// process that died does not block the next operation forever.
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { dataOperations } from "@shared/schema";
import { useTestApp, type TestApp } from "../../../tests/helpers/app";
import { createTeam } from "../../../tests/helpers/factories";
import { OPERATION_RUNNING, runDataOperation } from "./data-operations";

let t: TestApp;
useTestApp((app) => (t = app));

describe("data operations", () => {
  it("a second restore or reset while one runs answers 409 with a clear message, and changes nothing", async () => {
    const { admin, agent } = await t.signedInAdmin();
    const backup = (await agent.get("/api/admin/export-full-backup")).body;
    const { team } = await createTeam(t.db, { name: "Survives The 409" });
    // An operation in progress (another admin's restore, with a live heartbeat).
    const [running] = await t.db.insert(dataOperations).values({ kind: "restore", actorId: admin.id, phase: "Writing matches", done: 10, total: 100 }).returning();

    const current = await agent.get("/api/admin/operations/current");
    expect(current.status).toBe(200);
    expect(current.body.operation).toMatchObject({ id: running!.id, kind: "restore", status: "running", phase: "Writing matches", done: 10, total: 100 });

    const reset = await agent.post("/api/admin/reset-data").send({});
    expect(reset.status).toBe(409);
    expect(reset.body).toMatchObject({ message: OPERATION_RUNNING, title: "Failed to Reset Data", code: "operation_running" });
    const restore = await agent.post("/api/admin/import-backup?mode=overwrite").set("Content-Type", "application/json").send(JSON.stringify(backup));
    expect(restore.status).toBe(409);
    expect(restore.body).toMatchObject({ message: OPERATION_RUNNING, title: "Restore failed" });
    expect(await t.db.select().from(dataOperations).where(eq(dataOperations.status, "running"))).toHaveLength(1);
    const [still] = await t.db.execute(sql`select name from teams where id = ${team.id}`).then((r) => (r as unknown as { rows: { name: string }[] }).rows);
    expect(still!.name).toBe("Survives The 409");

    // Its process died: two minutes without a heartbeat, and the next operation goes ahead.
    await t.db.update(dataOperations).set({ heartbeatAt: new Date(Date.now() - 3 * 60_000) }).where(eq(dataOperations.id, running!.id));
    const merge = await agent.post("/api/admin/import-backup?mode=merge").set("Content-Type", "application/json").send(JSON.stringify(backup));
    expect(merge.status, JSON.stringify(merge.body)).toBe(200);
    const [dead] = await t.db.select().from(dataOperations).where(eq(dataOperations.id, running!.id));
    expect(dead).toMatchObject({ status: "failed", message: "The server stopped during this operation." });
    const after = (await agent.get("/api/admin/operations/current")).body.operation;
    const rows = Object.values(backup.tables as Record<string, unknown[]>).reduce((n, r) => n + r.length, 0);
    expect(after).toMatchObject({ kind: "restore", status: "done", phase: null, total: rows, done: rows });
    expect(after.finishedAt).not.toBeNull();
  });

  it("records a failed operation with its reason, and frees the slot", async () => {
    const { agent } = await t.signedInAdmin();
    const bad = await agent.post("/api/admin/import-backup?mode=merge").set("Content-Type", "application/json").send('{"formatVersion": 2, "tables": {}}');
    expect(bad.status).toBe(400);
    const op = (await agent.get("/api/admin/operations/current")).body.operation;
    expect(op).toMatchObject({ kind: "restore", status: "failed" });
    expect(op.message).toMatch(/Invalid backup file/);
    const reset = await agent.post("/api/admin/reset-data").send({});
    expect(reset.status).toBe(200);
    expect((await agent.get("/api/admin/operations/current")).body.operation).toMatchObject({ kind: "reset", status: "done" });
  });

  it("two operations started together: exactly one runs, the other is refused", async () => {
    const { admin } = await t.signedInAdmin();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = runDataOperation(t.deps, { kind: "reset", actor: admin, title: "x", work: async (progress) => {
      progress("Holding");
      await gate;
      return "first";
    } });
    // The first has claimed the slot once its progress shows; the second is refused.
    await expect.poll(async () => (await t.db.select().from(dataOperations).where(eq(dataOperations.status, "running"))).length).toBe(1);
    await expect(runDataOperation(t.deps, { kind: "restore", actor: admin, title: "x", work: async () => "second" })).rejects.toMatchObject({ status: 409 });
    release();
    expect(await first).toBe("first");
    expect(await runDataOperation(t.deps, { kind: "restore", actor: admin, title: "x", work: async () => "third" })).toBe("third");
  });
});
