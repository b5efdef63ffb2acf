// GET /api/metrics (docs/architecture.md, "Metrics"): absent without METRICS_TOKEN, a bearer token
// with it, and the figures scraped and parsed from the Prometheus text format.
import { describe, expect, it } from "vitest";
import { mailOutbox } from "@shared/schema";
import { MAIL_STATUS } from "@shared/constants";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { startJobs, jobs } from "../../jobs";
import { queueMail } from "../../mail/outbox";

const TOKEN = "metrics-token-metrics-token-0123456789";

/** One sample of the exposition text: `name{label="value",…} number`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format (version 0.0.4), as a scraper reads it: comments skipped, labels unescaped. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[l[1]!] = l[2]!.replace(/\\n/g, "\n").replace(/\\"/g, '"').replace(/\\\\/g, "\\");
    }
    // Go's ParseFloat, as Prometheus reads it: NaN and ±Inf in any case.
    const word = m[3]!.toLowerCase();
    const value = word === "nan" ? NaN : word === "+inf" || word === "inf" ? Infinity : word === "-inf" ? -Infinity : Number(m[3]);
    if (Number.isNaN(value) && word !== "nan") throw new Error(`not a number: ${line}`);
    samples.push({ name: m[1]!, labels, value });
  }
  return samples;
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe("metrics, off (no METRICS_TOKEN)", () => {
  let t: TestApp;
  useTestApp((app) => (t = app));

  it("answers like a route that does not exist, with or without a token", async () => {
    for (const auth of [undefined, `Bearer ${TOKEN}`]) {
      const req = t.request.get("/api/metrics");
      const res = auth ? await req.set("Authorization", auth) : await req;
      expect(res.status).toBe(404);
      expect(res.body.message).toMatch(/No API route/);
    }
  });
});

describe("metrics, on", () => {
  let t: TestApp;
  useTestApp((app) => (t = app), { METRICS_TOKEN: TOKEN });

  const scrape = async () => {
    const res = await t.request.get("/api/metrics").set("Authorization", `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers["cache-control"]).toBe("no-store");
    return parseExposition(res.text);
  };

  it("refuses a caller without the bearer token, or with another one, with 401", async () => {
    for (const auth of [undefined, "Bearer wrong-token", `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const req = t.request.get("/api/metrics");
      const res = auth ? await req.set("Authorization", auth) : await req;
      expect(res.status, String(auth)).toBe(401);
      expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(res.body.message).toMatch(/METRICS_TOKEN/);
    }
  });

  it("counts requests by route pattern and status, with a latency histogram", async () => {
    const before = await scrape();
    const teams = { method: "GET", route: "/api/teams/:id", status: "401" };
    const health = { method: "GET", route: "/api/health", status: "200" };
    const unknown = { method: "GET", route: "unmatched", status: "404" };
    const login = { method: "POST", route: "/api/login", status: "400" };
    const count = (s: Sample[], labels: Record<string, string>) => valueOf(s, "dl_http_requests_total", labels) ?? 0;

    await t.request.get("/api/health");
    await t.request.get("/api/health");
    await t.request.get("/api/teams/1"); // signed out: 401, counted under the pattern, not the URL
    await t.request.get("/api/teams/2");
    await t.request.get("/api/teams/3");
    await t.request.get("/api/nothing/here");
    await t.request.post("/api/login").send({ username: "" });

    const after = await scrape();
    expect(count(after, health) - count(before, health)).toBe(2);
    expect(count(after, teams) - count(before, teams)).toBe(3);
    expect(count(after, unknown) - count(before, unknown)).toBe(1);
    expect(count(after, login) - count(before, login)).toBe(1);
    // No raw URL ever becomes a label.
    expect(after.filter((s) => s.labels.route?.match(/\/\d+(\/|$)/))).toEqual([]);
    const buckets = after.filter((s) => s.name === "dl_http_request_duration_seconds_bucket" && s.labels.route === "/api/teams/:id");
    expect(buckets.length).toBeGreaterThan(5);
    expect(buckets.find((b) => b.labels.le === "+Inf")?.value).toBe(valueOf(after, "dl_http_request_duration_seconds_count", { route: "/api/teams/:id" }));
  });

  it("reports the outbox by status, open event streams, the pool (PostgreSQL) and the process", async () => {
    const before = await scrape();
    const queued = (s: Sample[]) => valueOf(s, "dl_mail_outbox", { status: "queued" }) ?? 0;
    const failed = (s: Sample[]) => valueOf(s, "dl_mail_outbox", { status: "failed" }) ?? 0;
    // Due in an hour (the worker leaves them), and two that failed for good.
    const later = new Date(Date.now() + 3600_000);
    await t.db.insert(mailOutbox).values([
      ...[1, 2, 3].map((i) => ({ event: "test", recipient: `q${i}@club.test`, subject: "Queued", body: "x", nextAttemptAt: later })),
      ...[1, 2].map((i) => ({ event: "test", recipient: `f${i}@club.test`, subject: "Failed", body: "x", status: MAIL_STATUS.failed, attempts: 6 })),
    ]);
    const after = await scrape();
    expect(queued(after) - queued(before)).toBe(3);
    expect(failed(after) - failed(before)).toBe(2);
    expect(valueOf(after, "dl_event_streams_open")).toBe(t.deps.events.count());
    if (t.testDb.url) {
      const total = valueOf(after, "dl_db_pool_connections", { state: "total" });
      expect(total).toBeGreaterThanOrEqual(1);
      expect(valueOf(after, "dl_db_pool_connections", { state: "idle" })).toBeLessThanOrEqual(total!);
      expect(valueOf(after, "dl_db_pool_connections", { state: "waiting" })).toBeGreaterThanOrEqual(0);
    } else {
      expect(after.filter((s) => s.name === "dl_db_pool_connections")).toEqual([]);
    }
    expect(valueOf(after, "dl_process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("counts the cached GET answers: from memory, read and kept, and (after a write) read again", async () => {
    const { agent } = await t.signedInAdmin();
    const answers = async () => {
      const s = await scrape();
      const n = (outcome: string) => valueOf(s, "dl_read_cache_answers_total", { outcome }) ?? 0;
      return { hit: n("hit"), miss: n("miss"), bypass: n("bypass") };
    };
    // The first ladder read of a club day brings the stored ranks up to that day (a write): done
    // before counting, so the reads below see one data version.
    expect((await agent.get("/api/teams?surface=grass&limit=1")).status).toBe(200);
    const before = await answers();
    const url = `/api/teams?surface=grass&limit=7&page=1&q=metrics${Date.now()}`; // a URL no other test read
    for (let i = 0; i < 3; i++) expect((await agent.get(url)).status).toBe(200);
    const read = await answers();
    expect(read.miss - before.miss).toBe(1);
    expect(read.hit - before.hit).toBe(2);
    t.deps.database.changes.bump(); // what every write does
    expect((await agent.get(url)).status).toBe(200);
    expect((await answers()).miss - read.miss).toBe(1);
  });

  it("times every job run and counts the mail the worker tried", async () => {
    const running = startJobs(t.deps);
    running.stop();
    let samples: Sample[] = [];
    for (let i = 0; i < 100; i++) {
      samples = await scrape();
      const runs = jobs.map((j) => (valueOf(samples, "dl_job_runs_total", { job: j.name, outcome: "ok" }) ?? 0) + (valueOf(samples, "dl_job_runs_total", { job: j.name, outcome: "failed" }) ?? 0));
      if (runs.every((n) => n >= 1)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const job of jobs) {
      expect(valueOf(samples, "dl_job_runs_total", { job: job.name, outcome: "ok" }), job.name).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, "dl_job_duration_seconds_count", { job: job.name }), job.name).toBeGreaterThanOrEqual(1);
    }
    // A mail due now goes through the worker to the SMTP sink: one attempt, sent.
    const sentBefore = valueOf(samples, "dl_mail_delivery_attempts_total", { outcome: "sent" }) ?? 0;
    await queueMail(t.db, "account.verified", { to: "now@club.test", subject: "Due now", text: "Sent through the worker." });
    await t.deps.mailDelivery.deliverDue();
    const after = await scrape();
    expect((valueOf(after, "dl_mail_delivery_attempts_total", { outcome: "sent" }) ?? 0) - sentBefore).toBeGreaterThanOrEqual(1);
  });
});
