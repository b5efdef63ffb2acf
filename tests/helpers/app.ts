// The real app in-process (supertest) on a fresh database, with mail going to a real SMTP sink.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import supertest from "supertest";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { Express } from "express";
import type { DestinationStream } from "pino";
import { loadEnv, type Env } from "../../server/config/env";
import { createLogger } from "../../server/lib/logger";
import { createMailer } from "../../server/mail/mailer";
import { MailDelivery, type DeliveryResult } from "../../server/mail/delivery";
import { Metrics } from "../../server/lib/metrics";
import { PushDelivery, type PushResult } from "../../server/modules/notifications/push-delivery";
import { LadderRanksRefresher } from "../../server/modules/ladder/refresher";
import { vapidFromEnvironment } from "../../server/config/vapid";
import { createApp } from "../../server/app";
import { ReadCache } from "../../server/lib/read-cache";
import { systemClock, type Clock } from "../../server/lib/clock";
import { EventStreams, type EventStreamsOptions } from "../../server/lib/live-events";
import { settleAfterResponseWork } from "../../server/lib/after-response";
import type { AppDeps } from "../../server/deps";
import { checkAnswersAgainstReference, takeContractMismatches } from "./contract";
import { createTestDatabase, secondConnection, type TestDatabase } from "./db";
import { startSmtpSink, type SmtpSink } from "./smtp-sink";
import { createAdmin, createTeam, PASSWORD, signIn, type TeamFixture, type TeamOptions } from "./factories";
import { serve, type Served } from "../security/http";
import { registerTestApp, storedRanksDrift } from "./stored-ranks";
import type { User } from "@shared/schema";

export interface TestApp {
  app: Express;
  deps: AppDeps;
  env: Env;
  db: AppDeps["db"];
  testDb: TestDatabase;
  mail: SmtpSink;
  /**
   * Waits for the work left after answers, then delivers every mail due now through the app's worker
   * (it also delivers by itself, moments after each commit; this is for asserting what was not sent).
   */
  deliverMail(): Promise<DeliveryResult>;
  /** The same for pushes (push is on when the test gives VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY). */
  deliverPush(): Promise<PushResult>;
  /** A cookie-keeping client (one browser). */
  agent(): supertest.Agent;
  /** A client already signed in as that user (throws with the server's answer if sign-in fails). */
  signedIn(username: string | null, password?: string): Promise<supertest.Agent>;
  /** A new admin and a client signed in as them. */
  signedInAdmin(): Promise<{ admin: User; agent: supertest.Agent }>;
  /** Two new teams (made one after the other; `b` as `a` unless given) and their captains' signed-in clients. */
  signedInPair(a?: TeamOptions, b?: TeamOptions): Promise<{ a: TeamFixture; b: TeamFixture; capA: supertest.Agent; capB: supertest.Agent }>;
  request: supertest.Agent;
  close(): Promise<void>;
}

export const TEST_APP_URL = "http://localhost:5000";

export interface TestAppOptions {
  /** Where the app's logger writes (default: stdout, at TEST_LOG_LEVEL or silent). */
  logDestination?: DestinationStream;
  /** The app's clock (default: the system's); a FixedClock lets a test set the day. */
  clock?: Clock;
  /**
   * A second instance on the database of this one (PostgreSQL only: its own connections, LISTEN
   * connection, read cache and event streams, as another server process would have).
   */
  sameDatabaseAs?: TestApp;
  /** The live-update streams' settings (heartbeat, cap). */
  events?: Omit<EventStreamsOptions, "logger">;
}

export async function createTestApp(envOverrides: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const testDb = options.sameDatabaseAs ? await secondConnection(options.sameDatabaseAs.testDb) : await createTestDatabase();
  const mail = await startSmtpSink();
  // Scheduled backups of this app go to a folder of its own, removed on close.
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "dl-test-backups-"));
  const env = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    SESSION_SECRET: "test-secret-test-secret-test-secret-0123456789",
    APP_URL: TEST_APP_URL,
    SMTP_URL: mail.url,
    ADMIN_USERNAME: "admin",
    ADMIN_PASSWORD: "AdminPass1",
    ADMIN_EMAIL: "admin@club.test",
    AUTH_RATE_LIMIT_MAX: "1000",
    SWEEP_INTERVAL_SECONDS: "0",
    BACKUP_DIR: backupDir,
    // The restore's limit (default 256 MB): tests send bodies just past it (tests/security/bodies.test.ts).
    BACKUP_MAX_MB: "25",
    // The ranks' refresher runs at once after a commit (no hold-back), so a test that waits for it
    // (ladderRanks.idle()) sees its run.
    LADDER_REFRESH_DELAY_MS: "0",
    ...(testDb.url ? { DATABASE_URL: testDb.url } : { DATA_DIR: "/nonexistent-test-data" }),
    ...envOverrides,
  });
  const logger = createLogger(env.LOG_LEVEL, options.logDestination);
  const mailer = createMailer({ smtpUrl: mail.url, from: env.MAIL_FROM, logger });
  const clock = options.clock ?? systemClock;
  const readCache = new ReadCache(testDb.database.changes, { enabled: env.READ_CACHE === "on", day: { clock, timeZone: env.CLUB_TIMEZONE } });
  const metrics = new Metrics(env.METRICS_TOKEN !== undefined);
  const mailDelivery = new MailDelivery({ db: testDb.database.db, mailer, logger, appUrl: env.APP_URL, secret: env.SESSION_SECRET, metrics }).start(testDb.database.changes);
  const events = new EventStreams({ logger, ...options.events }).listen(testDb.database.live);
  const pushDelivery = new PushDelivery({ db: testDb.database.db, logger, vapid: vapidFromEnvironment(env) }).start(testDb.database.changes);
  const ladderRanks = new LadderRanksRefresher({ db: testDb.database.db, env, clock, logger }).start(testDb.database.changes);
  const deps: AppDeps = { database: testDb.database, db: testDb.database.db, env, logger, mailer, mailDelivery, pushDelivery, ladderRanks, readCache, clock, events, metrics };
  const { app, close } = createApp(deps, { sessionPruneMinutes: false });
  checkAnswersAgainstReference(app);
  const signedIn = async (username: string | null, password = PASSWORD): Promise<supertest.Agent> => {
    const agent = supertest.agent(app);
    await signIn(agent, username, password);
    return agent;
  };
  registerTestApp(deps);
  return {
    app,
    deps,
    env,
    db: deps.db,
    testDb,
    mail,
    deliverMail: async () => {
      await settleAfterResponseWork();
      return mailDelivery.deliverDue();
    },
    deliverPush: async () => {
      await settleAfterResponseWork();
      return pushDelivery.deliverDue();
    },
    agent: () => supertest.agent(app),
    signedIn,
    signedInAdmin: async () => {
      const admin = await createAdmin(deps.db);
      const agent = supertest.agent(app);
      await signIn(agent, admin.username, PASSWORD);
      return { admin, agent };
    },
    signedInPair: async (aOptions = {}, bOptions = aOptions) => {
      const a = await createTeam(deps.db, aOptions);
      const b = await createTeam(deps.db, bOptions);
      return { a, b, capA: await signedIn(a.captain.username), capB: await signedIn(b.captain.username) };
    },
    request: supertest.agent(app),
    close: async () => {
      // Work a handler left for after its answer (mail, token writes) ends before the database closes.
      await settleAfterResponseWork();
      events.close();
      mailDelivery.stop();
      pushDelivery.stop();
      ladderRanks.stop();
      await Promise.all([mailDelivery.idle(), pushDelivery.idle(), ladderRanks.idle()]);
      close();
      mailer.close();
      await mail.close();
      await testDb.drop();
      fs.rmSync(backupDir, { recursive: true, force: true });
    },
  };
}

/**
 * A test file's app: started before its tests (handed to `set`) and closed after them.
 *   let t: TestApp;
 *   useTestApp((app) => (t = app));
 */
export function useTestApp(
  set: (app: TestApp) => void,
  envOverrides: Record<string, string> = {},
  // A function when the options name what exists only once the tests start (`sameDatabaseAs`).
  options: TestAppOptions | (() => TestAppOptions) = {},
): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(envOverrides, typeof options === "function" ? options() : options);
    set(app);
  });
  // An answer that does not match the API reference fails the test that received it (tests/helpers/contract.ts).
  afterEach(async () => {
    expect(takeContractMismatches(), "answers that do not match the API reference (GET /api/openapi.json)").toEqual([]);
    // Every writer marks the stored ranks behind in its transaction (decision 039): after each test,
    // once the marks left are refreshed, they equal the ladder order computed afresh.
    if (app) expect(await storedRanksDrift(app.deps), "stored ladder ranks that differ from the ladder order: a writer did not mark them").toEqual([]);
  });
  afterAll(async () => {
    await app?.close();
  });
}

/**
 * useTestApp, with the app also behind a real HTTP server (streams, raw bodies, cookies by hand):
 *   let t: TestApp;
 *   let served: Served;
 *   useServedTestApp((app, server) => ((t = app), (served = server)));
 */
export function useServedTestApp(
  set: (app: TestApp, served: Served) => void,
  envOverrides: Record<string, string> = {},
  options: TestAppOptions | (() => TestAppOptions) = {},
): void {
  let app: TestApp | undefined;
  let served: Served | undefined;
  useTestApp((made) => (app = made), envOverrides, options);
  beforeAll(async () => {
    served = await serve(app!.app);
    set(app!, served);
  });
  // Hooks run as a stack: the server closes before the app.
  afterAll(async () => {
    await served?.close();
  });
}
