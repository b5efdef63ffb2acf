// Periodic jobs. Each is safe to run on several instances at once (conditional updates / locks).
import type { AppDeps } from "../deps";
import { sweepApprovalReminders, sweepOverdueMatches } from "../modules/matches/sweep";
import { sweepChallengeClock } from "../modules/challenges/challenges.clock";
import { runScheduledBackup } from "../modules/admin/scheduled-backups";
import { pruneNotifications } from "../modules/notifications/notifications.service";
import { sweepSeasons } from "../modules/seasons";
import { sweepLadderRanks } from "../modules/ladder";
import { embeddedVacuum } from "../db/maintenance";

export interface Jobs {
  stop(): void;
}

export type Job = { name: string; run: (deps: AppDeps) => Promise<unknown> };

/** The embedded database's vacuum, with its memory of the last whole-database run (one per process). */
const vacuumEmbedded = embeddedVacuum();

/** Jobs run once at start-up and then every SWEEP_INTERVAL_SECONDS. Feature modules add theirs here. */
export const jobs: Job[] = [
  // The challenge clock: expires challenges whose answer window or play-by date ran out, and sends each
  // window's one reminder (answer, report; then approval, 24 h before auto-confirmation).
  { name: "challenge-clock", run: (deps) => sweepChallengeClock({ db: deps.db, env: deps.env, logger: deps.logger }) },
  // The stored ladder ranks (decisions 038, 039): refreshed when the club day moved on (a team turns
  // inactive with the calendar, without any write) or a writer's mark is left (the refresher
  // normally takes it at once), so readers rarely find them stale.
  { name: "ladder-ranks", run: (deps) => sweepLadderRanks(deps) },
  // Seasons: closes a season whose last day is over (its standings frozen), then starts the next
  // one (its carry-over applied), each once across all instances.
  { name: "seasons", run: (deps) => sweepSeasons(deps) },
  { name: "approval-reminders", run: (deps) => sweepApprovalReminders({ db: deps.db, env: deps.env }) },
  // Auto-confirms undisputed results past their approval deadline.
  { name: "match-approval-sweep", run: (deps) => sweepOverdueMatches({ db: deps.db, logger: deps.logger, appUrl: deps.env.APP_URL }) },
  // The period's full backup to BACKUP_DIR, once across all instances (a claimed row per period).
  { name: "scheduled-backup", run: (deps) => runScheduledBackup(deps) },
  // The outbox: mails whose retry came due (new mail is delivered at once, server/mail/delivery.ts).
  { name: "mail-delivery", run: (deps) => deps.mailDelivery.deliverDue() },
  // Web push: pushes whose retry came due, or whose claim ran out (new ones go at once).
  { name: "push-delivery", run: (deps) => deps.pushDelivery.deliverDue() },
  // Notifications older than NOTIFICATION_RETENTION_DAYS (180) are removed.
  { name: "notification-retention", run: (deps) => pruneNotifications(deps) },
  // The embedded database runs no autovacuum: its churning tables at every run, all once a day
  // (server/db/maintenance.ts); nothing on PostgreSQL.
  { name: "embedded-vacuum", run: (deps) => vacuumEmbedded(deps.database, deps.clock.now()) },
];

export function startJobs(deps: AppDeps): Jobs {
  const runAll = async () => {
    for (const job of jobs) {
      const ended = deps.metrics.job(job.name);
      try {
        await job.run(deps);
        ended("ok");
      } catch (err) {
        ended("failed");
        deps.logger.error({ event: "job.failed", job: job.name, err: (err as Error).message }, "job failed");
      }
    }
  };
  void runAll();
  const interval = deps.env.SWEEP_INTERVAL_SECONDS;
  const timer = interval > 0 ? setInterval(() => void runAll(), interval * 1000) : undefined;
  timer?.unref();
  return { stop: () => timer && clearInterval(timer) };
}
