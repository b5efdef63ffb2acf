// The live-updates row of `npm run bench` (docs/decisions/025-live-updates.md): 1,000 event streams
// open on one server (200 members × 5 tabs, the per-member cap), then confirmations one at a time;
// each confirmation's "ladder changed" message goes to every stream, and the time from sending the
// confirmation to its arrival on each stream is one sample (p50 / p99 / max over all of them). The
// server's memory per open stream is its resident set before and after opening them, divided.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";

export interface LiveStreamsResult {
  streams: number;
  confirmations: number;
  samples: number;
  p50: number;
  p99: number;
  max: number;
  /** The confirm request's own answer time (median, ms), with the streams open and before they were. */
  confirmAnswerP50: number;
  confirmAnswerNoStreamsP50: number;
  /** The machine's 1-minute load average during the run (the machine is shared). */
  loadAverage: number;
  rssBeforeMiB: number;
  rssAfterMiB: number;
  kibPerStream: number;
  /** Streams that missed a confirmation's message (must be 0). */
  missed: number;
}

function rssKiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function pool<T>(size: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const out = new Array<T>(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]!();
      }
    }),
  );
  return out;
}

interface OpenStream {
  /** Arrival times (ms, performance.now) of each "ladder.changed" message, in order. */
  arrivals: number[];
  close(): void;
}

function openStream(base: string, cookie: string): Promise<OpenStream> {
  const url = new URL(`${base}/api/events`);
  return new Promise((resolve, reject) => {
    const req = http.get({ host: url.hostname, port: url.port, path: url.pathname, agent: false, headers: { cookie, accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`GET /api/events: ${res.statusCode}`));
      const arrivals: number[] = [];
      let ready = false;
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        const at = performance.now();
        if (!ready && chunk.includes('"type":"ready"')) {
          ready = true;
          resolve({ arrivals, close: () => req.destroy() });
        }
        for (let i = chunk.indexOf("ladder.changed"); i >= 0; i = chunk.indexOf("ladder.changed", i + 1)) arrivals.push(at);
      });
      res.on("error", () => undefined);
    });
    req.on("error", reject);
  });
}

export async function measureLiveStreams(o: {
  base: string;
  pid: number;
  usernames: string[];
  password: string;
  tokens: string[];
  members?: number;
  tabs?: number;
  confirmations?: number;
  log: (s: string) => void;
}): Promise<LiveStreamsResult> {
  const members = o.members ?? 200;
  const tabs = o.tabs ?? 5;
  const confirmations = o.confirmations ?? 20;
  o.log(`live updates: signing in ${members} members`);
  const cookies = await pool(
    8,
    o.usernames.slice(0, members).map((username) => async () => {
      const res = await fetch(`${o.base}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username, password: o.password }) });
      if (!res.ok) throw new Error(`sign-in ${username}: ${res.status}`);
      const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]!).find((c) => c.startsWith("dl.sid="));
      if (!cookie) throw new Error(`sign-in ${username}: no session cookie`);
      return cookie;
    }),
  );
  const confirm = async (): Promise<number> => {
    const token = o.tokens.pop();
    if (!token) throw new Error("live updates: no confirmation token left");
    const sent = performance.now();
    const res = await fetch(`${o.base}/api/matches/confirm/${token}`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    if (!res.ok) throw new Error(`confirm: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return sent;
  };
  // The same confirmations with no stream open: what the machine gives a confirmation right now.
  const bare: number[] = [];
  for (let k = 0; k < 10; k++) {
    const sent = await confirm();
    bare.push(performance.now() - sent);
  }
  await new Promise((r) => setTimeout(r, 1_000));
  const rssBefore = rssKiB(o.pid);
  o.log(`live updates: opening ${members * tabs} event streams`);
  const streams = await pool(
    50,
    cookies.flatMap((cookie) => Array.from({ length: tabs }, () => () => openStream(o.base, cookie))),
  );
  await new Promise((r) => setTimeout(r, 2_000));
  const rssAfter = rssKiB(o.pid);

  const samples: number[] = [];
  const answers: number[] = [];
  let missed = 0;
  for (let k = 0; k < confirmations; k++) {
    const sent = await confirm();
    answers.push(performance.now() - sent);
    // Wait until every stream has this confirmation's message (or 10 s: then it counts as missed).
    const deadline = performance.now() + 10_000;
    while (streams.some((s) => s.arrivals.length <= k) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    for (const s of streams) {
      const at = s.arrivals[k];
      if (at === undefined) missed++;
      else samples.push(at - sent);
    }
    o.log(`live updates: confirmation ${k + 1}/${confirmations}`);
  }
  for (const s of streams) s.close();
  const sorted = samples.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    streams: streams.length,
    confirmations,
    samples: samples.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    confirmAnswerP50: round(percentile([...answers].sort((a, b) => a - b), 50)),
    confirmAnswerNoStreamsP50: round(percentile([...bare].sort((a, b) => a - b), 50)),
    loadAverage: round(os.loadavg()[0] ?? 0),
    rssBeforeMiB: round(rssBefore / 1024),
    rssAfterMiB: round(rssAfter / 1024),
    kibPerStream: round((rssAfter - rssBefore) / streams.length),
    missed,
  };
}
