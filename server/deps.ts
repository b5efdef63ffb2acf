import type { Database, Db, DbOrTx, OutsideTx } from "./db/client";
import type { Env } from "./config/env";
import type { Logger } from "./lib/logger";
import type { Mailer } from "./mail/mailer";
import type { MailDelivery } from "./mail/delivery";
import type { PushDelivery } from "./modules/notifications/push-delivery";
import type { LadderRanksRefresher } from "./modules/ladder/refresher";
import type { ReadCache } from "./lib/read-cache";
import type { Clock } from "./lib/clock";
import type { EventStreams } from "./lib/live-events";
import type { Metrics } from "./lib/metrics";

/** What every route module and service is given: no globals. */
export interface AppDeps {
  database: Database;
  db: Db;
  env: Env;
  logger: Logger;
  /** The transport: only the delivery worker sends (services queue mail, server/mail/outbox.ts). */
  mailer: Mailer;
  /** The outbox's delivery worker of this instance (server/mail/delivery.ts). */
  mailDelivery: MailDelivery;
  /** The push worker of this instance, with the VAPID public key (none: push is off). */
  pushDelivery: PushDelivery;
  /** The stored ladder ranks' refresher of this instance, after writers' commits (decision 039). */
  ladderRanks: LadderRanksRefresher;
  /** Sessions and the cacheable reads (server/lib/read-cache.ts). */
  readCache: ReadCache;
  /** Now, for the rules that follow the calendar (away ranges, inactivity): server/lib/clock.ts. */
  clock: Clock;
  /** The open live-update streams of GET /api/events on this instance (server/lib/live-events.ts). */
  events: EventStreams;
  /** What GET /api/metrics reports (server/lib/metrics.ts); records nothing unless METRICS_TOKEN is set. */
  metrics: Metrics;
}

/**
 * What a service is given: the part of AppDeps it uses. Every service is `verbNoun(deps, input)`
 * (CONTRIBUTING.md, "Services"): `deps: Deps<"db" | "logger">`.
 */
export type Deps<K extends keyof AppDeps> = Pick<AppDeps, K>;

/** The same for a service that may also run inside a transaction its caller opened. */
export type TxDeps<K extends keyof AppDeps> = Omit<Pick<AppDeps, K>, "db"> & ("db" extends K ? { db: DbOrTx } : unknown);

/**
 * The same for a service that must not run inside a caller's transaction (it opens its own: a
 * refresh of the stored ladder ranks, decision 040): a transaction's handle is refused by the types.
 */
export type OutsideTxDeps<K extends keyof AppDeps> = Omit<Pick<AppDeps, K>, "db"> & ("db" extends K ? { db: OutsideTx } : unknown);
