// What an instance reports at GET /api/metrics (Prometheus text format, prom-client), when
// METRICS_TOKEN is set (docs/architecture.md, "Metrics"; docs/decisions/036-metrics-and-deployment.md).
// One registry per app, so apps built in one process (the tests) never share series. Counters and
// histograms are kept as things happen (requests, job runs, mail attempts); gauges are read when
// scraped (connections of the pool, the outbox by status, open event streams). With METRICS_TOKEN
// unset nothing is recorded.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** Seconds: a cached read takes about a millisecond, a confirmation tens, a restore minutes. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

export type MailAttempt = "sent" | "retried" | "failed";

/** What a scrape reads at that moment. Each may fail (database away): its series is then left out. */
export interface MetricsSources {
  pool?: () => { total: number; idle: number; waiting: number } | undefined;
  outbox?: () => Promise<Record<string, number>>;
  eventStreams?: () => number;
  /** The cached GET answers so far, by outcome (ReadCache.answers). */
  readCache?: () => Record<"hit" | "miss" | "bypass", number>;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly requests?: Counter<"method" | "route" | "status">;
  private readonly requestSeconds?: Histogram<"method" | "route">;
  private readonly jobRuns?: Counter<"job" | "outcome">;
  private readonly jobSeconds?: Histogram<"job">;
  private readonly mailAttempts?: Counter<"outcome">;

  constructor(readonly enabled: boolean) {
    if (!enabled) return;
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: "dl_" });
    this.requests = new Counter({ name: "dl_http_requests_total", help: "HTTP requests answered, by method, route pattern and status.", labelNames: ["method", "route", "status"], registers });
    this.requestSeconds = new Histogram({ name: "dl_http_request_duration_seconds", help: "Time to answer, by method and route pattern.", labelNames: ["method", "route"], buckets: REQUEST_BUCKETS, registers });
    this.jobRuns = new Counter({ name: "dl_job_runs_total", help: "Runs of the periodic jobs, by job and outcome (ok, failed).", labelNames: ["job", "outcome"], registers });
    this.jobSeconds = new Histogram({ name: "dl_job_duration_seconds", help: "How long a job run took, by job.", labelNames: ["job"], buckets: JOB_BUCKETS, registers });
    this.mailAttempts = new Counter({ name: "dl_mail_delivery_attempts_total", help: "Mails this instance tried to send, by outcome (sent, retried later, failed for good).", labelNames: ["outcome"], registers });
  }

  private watching = false;

  /** The gauges read at scrape time (once per registry: an app built twice on the same deps keeps the first). */
  watch(sources: MetricsSources): this {
    if (!this.enabled || this.watching) return this;
    this.watching = true;
    const registers = [this.registry];
    const { pool, outbox, eventStreams, readCache } = sources;
    if (pool) {
      new Gauge({
        name: "dl_db_pool_connections",
        help: "PostgreSQL connections of this instance's pool, by state (total, idle, waiting: requests waiting for one).",
        labelNames: ["state"],
        registers,
        collect() {
          const now = pool();
          if (!now) return;
          this.set({ state: "total" }, now.total);
          this.set({ state: "idle" }, now.idle);
          this.set({ state: "waiting" }, now.waiting);
        },
      });
    }
    if (outbox) {
      new Gauge({
        name: "dl_mail_outbox",
        help: "Mails in the outbox (all instances), by status: queued (incl. being sent), sent (in the last 7 days), failed.",
        labelNames: ["status"],
        registers,
        async collect() {
          this.reset();
          const counts = await outbox().catch(() => undefined);
          for (const [status, n] of Object.entries(counts ?? {})) this.set({ status }, n);
        },
      });
    }
    if (eventStreams) {
      new Gauge({
        name: "dl_event_streams_open",
        help: "Open live-update streams (GET /api/events) on this instance.",
        registers,
        collect() {
          this.set(eventStreams());
        },
      });
    }
    if (readCache) {
      new Counter({
        name: "dl_read_cache_answers_total",
        help: "Cached GET answers of this instance, by outcome: hit (from memory), miss (read and kept), bypass (read while the cache could not be used).",
        labelNames: ["outcome"],
        registers,
        collect() {
          this.reset();
          for (const [outcome, n] of Object.entries(readCache())) this.inc({ outcome }, n);
        },
      });
    }
    return this;
  }

  /** One answered request; `route` is the declared pattern (/api/teams/:id), never the raw URL. */
  request(method: string, route: string, status: number, seconds: number): void {
    this.requests?.inc({ method, route, status: String(status) });
    this.requestSeconds?.observe({ method, route }, seconds);
  }

  /** Times a job run: call the answer with its outcome when it ends. */
  job(name: string): (outcome: "ok" | "failed") => void {
    const end = this.jobSeconds?.startTimer({ job: name });
    return (outcome) => {
      end?.();
      this.jobRuns?.inc({ job: name, outcome });
    };
  }

  mailAttempt(outcome: MailAttempt): void {
    this.mailAttempts?.inc({ outcome });
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
