// Long admin data operations (a restore, a reset): one at a time, with progress the admin panel
// polls (GET /api/admin/operations/current). The running row is claimed by a partial unique index,
// so a second operation answers 409 whichever instance it reaches. Progress and heartbeat writes go
// through the database handle, not the operation's transaction (on PostgreSQL a poll sees them as
// they happen); they are not awaited, so on PGlite (one connection, held by the transaction) they
// land after it, and a poll reaching the process that runs the operation is answered from memory.
// A row whose heartbeat is older than STALE_AFTER (its process died) is marked
// failed by the next operation. docs/decisions/012-backups-restore-and-schedule.md.
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { dataOperations } from "@shared/schema";
import type { DataOperation } from "@shared/types/admin";
import type { Deps } from "../../deps";
import type { Actor } from "../../auth/actor";
import { AppError } from "../../lib/app-error";

/** The admin panel's progress poll: answered from memory, so it is let through while the operation holds the embedded database. */
export const OPERATION_POLL_PATH = "/admin/operations/current";
export const OPERATION_RUNNING = "Another data operation (a restore or a reset) is running. Please wait until it has finished, then try again.";
const STALE_AFTER_SECONDS = 120;
const HEARTBEAT_MS = 20_000;

/**
 * The operations running in this process, by database handle, as the panel's poll shows them: read
 * from memory, so a poll answers while the operation's transaction holds PGlite's one connection
 * (its progress rows land only after it).
 */
const live = new WeakMap<object, DataOperation>();

export interface Progress {
  /** Reports the current phase and how far it is; cheap to call often (writes at most 4 times a second). */
  (phase: string, done?: number, total?: number): void;
}

/** Runs `work` as the one data operation of the moment (409 while another runs), recording its progress and outcome. */
export async function runDataOperation<T>(
  deps: Deps<"db" | "logger">,
  o: { kind: "restore" | "reset"; actor: Pick<Actor, "id">; title: string; work: (progress: Progress) => Promise<T> },
): Promise<T> {
  await deps.db
    .update(dataOperations)
    .set({ status: "failed", message: "The server stopped during this operation.", finishedAt: new Date() })
    .where(and(eq(dataOperations.status, "running"), lt(dataOperations.heartbeatAt, sql`now() - make_interval(secs => ${STALE_AFTER_SECONDS})`)));
  let id: number;
  try {
    const [row] = await deps.db.insert(dataOperations).values({ kind: o.kind, actorId: o.actor.id }).returning({ id: dataOperations.id });
    id = row!.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, OPERATION_RUNNING, { title: o.title, code: "operation_running" });
    throw err;
  }
  const started = new Date();
  const state: DataOperation = { id, kind: o.kind, status: "running", phase: null, done: 0, total: 0, message: null, startedAt: started.toISOString(), finishedAt: null };
  live.set(deps.db, state);
  const write = (set: Partial<typeof dataOperations.$inferInsert>) =>
    void deps.db
      .update(dataOperations)
      .set({ ...set, heartbeatAt: new Date() })
      .where(and(eq(dataOperations.id, id), eq(dataOperations.status, "running")))
      .catch((err: unknown) => deps.logger.warn({ event: "operation.progress_failed", err: (err as Error).message }, "operation progress not saved"));
  let last = 0;
  let lastPhase = "";
  // The latest figures, written again with the outcome (a throttled or late progress write may not land).
  const latest = { done: 0, total: 0 };
  const progress: Progress = (phase, done = 0, total = 0) => {
    latest.done = done;
    latest.total = total;
    Object.assign(state, { phase, done, total });
    const now = Date.now();
    if (phase === lastPhase && now - last < 250) return;
    last = now;
    lastPhase = phase;
    write({ phase, done, total });
  };
  const heartbeat = setInterval(() => write({}), HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const result = await o.work(progress);
    clearInterval(heartbeat);
    live.delete(deps.db);
    await deps.db
      .update(dataOperations)
      .set({ status: "done", phase: null, ...latest, finishedAt: new Date(), heartbeatAt: new Date() })
      .where(eq(dataOperations.id, id));
    return result;
  } catch (err) {
    clearInterval(heartbeat);
    live.delete(deps.db);
    const message = err instanceof AppError && err.status < 500 ? err.message : "The operation failed; nothing was changed.";
    await deps.db
      .update(dataOperations)
      .set({ status: "failed", phase: null, message, finishedAt: new Date(), heartbeatAt: new Date() })
      .where(eq(dataOperations.id, id))
      .catch(() => undefined);
    throw err;
  }
}

/** The running operation, else the latest one (null when there never was one). */
export async function getCurrentOperation(deps: Deps<"db">): Promise<DataOperation | null> {
  const running = live.get(deps.db);
  if (running) return { ...running };
  const [row] = await deps.db
    .select()
    .from(dataOperations)
    .orderBy(sql`${dataOperations.status} = 'running' desc`, desc(dataOperations.id))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    phase: row.phase,
    done: row.done,
    total: row.total,
    message: row.message,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function isUniqueViolation(err: unknown): boolean {
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === "object"; i++) {
    if ((cur as { code?: unknown }).code === "23505") return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}
