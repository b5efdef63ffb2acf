// The production/dev entry: checks the environment, opens and migrates the database, creates the
// first admin (and demo data on a new embedded database), listens, and shuts down gracefully.
import path from "node:path";
import fs from "node:fs";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { EnvError, loadEnv } from "./config/env";
import { prepareDataDir, StartupError } from "./config/data-dir";
import { configurationProblems } from "./config/deployment";
import { createLogger } from "./lib/logger";
import { isDatabaseEmpty, migrateDatabase, openDatabase } from "./db/client";
import { ensureAdmin } from "./db/bootstrap";
import { seedDemo, DEMO_PLAYER_PASSWORD } from "./db/seed";
import { createMailer, smtpTimeouts } from "./mail/mailer";
import { MailDelivery } from "./mail/delivery";
import { Metrics } from "./lib/metrics";
import { PushDelivery } from "./modules/notifications/push-delivery";
import { LadderRanksRefresher } from "./modules/ladder/refresher";
import { resolveVapidKeys } from "./config/vapid";
import { requestClassesFor } from "./lib/request-classes";
import { createApp } from "./app";
import { settleAfterResponseWork } from "./lib/after-response";
import { startJobs } from "./jobs";
import { ReadCache } from "./lib/read-cache";
import { systemClock } from "./lib/clock";
import { activityAt } from "./modules/ladder";
import { EventStreams } from "./lib/live-events";

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      process.stderr.write(`\n${err.message}\n\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(env.LOG_LEVEL);
  // Settings that start but cannot work: said loudly now, and listed by /api/ready.
  const problems = configurationProblems(env);
  for (const problem of problems) logger.warn({ event: "config.problem" }, problem);
  const started = Date.now();
  const dataDir = path.resolve(env.DATA_DIR);
  // Every folder of DATA_DIR this configuration writes, private and proved writable (or a clear stop).
  prepareDataDir(dataDir, { embedded: env.embedded, outbox: !env.SMTP_URL });
  const database = await openDatabase(
    env.DATABASE_URL
      ? {
          url: env.DATABASE_URL,
          poolMax: env.DB_POOL_MAX,
          preparedStatements: env.PREPARED_STATEMENTS === "on",
          onConnectionLost: (err) => logger.warn({ event: "db.connection_lost", err: err.message }, "a database connection was lost (it is replaced)"),
        }
      : {
          dataDir: path.join(dataDir, "pglite"),
          onLockTakenOver: (owner) =>
            logger.warn({ event: "data_dir.lock_taken_over", pid: owner.pid, host: owner.host, startedAt: owner.startedAt }, "the data directory's lock was left by a process that is gone; taken over"),
          onLockWait: (owner) =>
            logger.warn({ event: "data_dir.lock_wait", pid: owner.pid, host: owner.host }, "the data directory is locked by a process this one cannot see; waiting for its lock to go stale"),
          onLockLost: (by) => {
            logger.fatal({ event: "data_dir.lock_lost", pid: by?.pid, host: by?.host }, "another process took the data directory's lock over: stopping");
            process.exit(1);
          },
        },
  );
  await migrateDatabase(database);
  const fresh = await isDatabaseEmpty(database.db);
  await ensureAdmin(database.db, env, logger);
  let seeded = false;
  if (fresh && (env.embedded || env.SEED_DEMO)) {
    const result = await seedDemo(database.db, activityAt({ env, clock: systemClock }));
    seeded = result.teams > 0;
    logger.info({ event: "seed.demo", teams: result.teams }, "demo data loaded");
  }

  const mailer = createMailer({
    ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
    from: env.MAIL_FROM,
    timeouts: smtpTimeouts(env),
    outboxDir: path.join(dataDir, "outbox"),
    outboxRetention: { keepDays: env.OUTBOX_KEEP_DAYS, maxFiles: env.OUTBOX_MAX_FILES },
    logger,
    printToConsole: true,
  });

  const here = path.dirname(fileURLToPath(import.meta.url));
  const staticDir = [path.resolve(here, "../public"), path.resolve(here, "../dist/public")].find((d) =>
    fs.existsSync(path.join(d, "index.html")),
  );
  const clock = systemClock;
  const readCache = new ReadCache(database.changes, { enabled: env.READ_CACHE === "on", day: { clock, timeZone: env.CLUB_TIMEZONE } });
  // Every instance delivers the outbox: woken by queued mail and data changes, and by the jobs runner.
  const metrics = new Metrics(env.METRICS_TOKEN !== undefined);
  const mailDelivery = new MailDelivery({ db: database.db, mailer, logger, appUrl: env.APP_URL, secret: env.SESSION_SECRET, metrics }).start(database.changes);
  // Live updates: every instance's commits reach this instance's open event streams (GET /api/events).
  const events = new EventStreams({ logger }).listen(database.live);
  // Web push: the VAPID keys from the environment, or DATA_DIR/vapid.json on the embedded default
  // (generated once); none on PostgreSQL without them (push is off). Every instance delivers.
  const vapid = resolveVapidKeys(env);
  if (!vapid) logger.info({ event: "push.off" }, "web push is off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to turn it on");
  const pushDelivery = new PushDelivery({ db: database.db, logger, vapid }).start(database.changes);
  // The stored ladder ranks are refreshed after the commits that mark them behind (decision 039).
  const ladderRanks = new LadderRanksRefresher({ db: database.db, env, clock, logger }).start(database.changes);
  const deps = { database, db: database.db, env, logger, mailer, mailDelivery, pushDelivery, ladderRanks, readCache, clock, events, metrics };
  const { app, close: closeApp } = createApp(deps, {
    ...(staticDir ? { staticDir } : {}),
    ...(env.isProduction ? {} : { extraOrigins: ["http://localhost:5173", "http://127.0.0.1:5173"] }),
  });
  const jobs = startJobs(deps);

  // Requests built with the app's own request and response prototypes: one shape for all (server/lib/request-classes.ts).
  const server = env.STABLE_REQUEST_SHAPES === "on" ? http.createServer(requestClassesFor(app), app) : http.createServer(app);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ event: "server.listening", port, database: database.kind, ms: Date.now() - started }, "listening");
  process.stdout.write(
    `\nDoubles Ladder is running at ${env.APP_URL} (database: ${database.kind === "pglite" ? `embedded PGlite in ${path.relative(process.cwd(), dataDir) || "."}` : "PostgreSQL"})\n` +
      (env.embedded && env.adminPassword
        ? `Admin sign-in: ${env.ADMIN_USERNAME} / ${env.adminPassword}${seeded ? `   Demo captains (e.g. alex, isla, quinn) / ${DEMO_PLAYER_PASSWORD}` : ""}\n`
        : "") +
      problems.map((p) => `WARNING: ${p}\n`).join("") +
      (staticDir ? "" : "No client build found: run `npm run build` (or `npm run dev` for the Vite dev server).\n"),
  );

  let stopping = false;
  // Responses not yet sent: at shutdown they get `Connection: close`, so their sockets end with them.
  const pending = new Set<http.ServerResponse>();
  server.on("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (stopping && !res.headersSent) res.shouldKeepAlive = false;
    pending.add(res);
    res.on("close", () => pending.delete(res));
  });
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ event: "server.stopping", signal }, "shutting down");
    jobs.stop();
    mailDelivery.stop();
    pushDelivery.stop();
    ladderRanks.stop();
    // Open event streams end now (each browser reconnects, elsewhere or after the restart); they
    // would otherwise hold server.close() until the forced exit.
    events.close();
    for (const res of pending) if (!res.headersSent) res.shouldKeepAlive = false;
    // A keep-alive socket that goes idle after the close (its response just sent) is closed too,
    // or the process would wait for the client to hang up.
    setInterval(() => server.closeIdleConnections(), 100).unref();
    // Finish requests in flight, then close idle keep-alive connections and the database.
    server.close(async () => {
      // Work left for after an answer (a registration, a reset mail) ends before the database closes.
      await settleAfterResponseWork();
      // The mail being sent is finished (and marked); the rest of its batch goes back to the queue.
      // A mail server that stalls is not waited for past 5 s: that mail's claim runs out and it is
      // sent again later (server/mail/delivery.ts).
      await Promise.race([Promise.all([mailDelivery.idle(), pushDelivery.idle(), ladderRanks.idle()]), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
      closeApp();
      mailer.close();
      await database.close().catch(() => undefined);
      logger.info({ event: "server.stopped" }, "stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => {
      logger.error({ event: "server.forced_exit" }, "forced exit after 10 s");
      process.exit(1);
    }, 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((err: unknown) => {
  if (err instanceof StartupError) {
    process.stderr.write(`\nCannot start: ${err.message}\n\n`);
    process.exit(1);
  }
  process.stderr.write(`Failed to start: ${(err as Error)?.stack ?? String(err)}\n`);
  process.exit(1);
});
