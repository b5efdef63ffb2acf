// Once per e2e run: for each worker (E2E_WORKERS, default 2), a real SMTP sink (its mail readable
// over a tiny local HTTP endpoint) and the production server (`node dist/server/index.js`) on a free
// port with a fresh embedded database. A worker's files run one after another against its own
// server and sink (e2e/support/app.ts picks them by VITEST_POOL_ID), so journeys that change
// club-wide settings or clear the mail never meet another worker's. The build itself is done by
// `npm run test:e2e` before vitest starts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import net from "node:net";
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { startSmtpSink, type CapturedMail } from "../tests/helpers/smtp-sink";
import { startPushService } from "../tests/helpers/push-service";
import { emailedTokens, findSecretsInDatabase } from "../tests/security/db-scan";
import { openDatabase } from "../server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** Per worker (VITEST_POOL_ID - 1): the app under test, e.g. http://localhost:41234 (no trailing slash). */
    baseUrls: string[];
    /** Per worker: the SMTP sink's mail endpoint: GET → CapturedMail[], DELETE → clears. */
    mailUrls: string[];
    /** Per worker: the push service stand-in (one for all: web-push-testing's HTTP API, tests/helpers/push-service.ts). */
    pushUrls: string[];
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const artifacts = path.join(root, "e2e/.artifacts");
/** The server log of worker n (1-based). */
export const serverLog = (n: number) => path.join(artifacts, `server-${n}.log`);


export default async function setup(project: TestProject) {
  const stacks: Stack[] = [];
  // One stand-in for the browsers' push service (web-push-testing on 127.0.0.1), shared by every
  // server, which names it in PUSH_SERVICE_ORIGINS: headless Chromium's own push service is on the
  // internet, so e2e/push.e2e.test.ts hands the page a subscription of this one instead. (One per
  // process: web-push-testing's server keeps its subscriptions in a module-level model.)
  const push = await startPushService();
  try {
    // As many as the run has workers (E2E_WORKERS in e2e/vitest.config.ts): VITEST_POOL_ID picks one.
    for (let n = 1; n <= project.config.maxWorkers; n++) stacks.push(await startStack(n, push.url));
  } catch (err) {
    for (const stack of stacks) await stack.abort();
    await push.close();
    throw err;
  }
  project.provide("baseUrls", stacks.map((s) => s.baseUrl));
  project.provide("mailUrls", stacks.map((s) => s.mailUrl));
  project.provide("pushUrls", stacks.map((s) => s.pushUrl));
  // Vitest ignores errors thrown by a global teardown, so a failure here sets the exit code itself.
  return async () => {
    const problems = (await Promise.all(stacks.map((s) => s.teardown()))).flat();
    await push.close();
    if (problems.length > 0) {
      process.stderr.write(`\n\u2717 e2e teardown failed (server logs: ${path.relative(root, artifacts)}/server-N.log):\n${problems.join("\n")}\n`);
      process.exitCode = 1;
    }
  };
}

interface Stack {
  baseUrl: string;
  mailUrl: string;
  pushUrl: string;
  /** Stops the server (SIGTERM, expecting exit 0) and answers what went wrong, if anything. */
  teardown(): Promise<string[]>;
  /** Kills everything (a start that failed). */
  abort(): Promise<void>;
}

async function startStack(n: number, pushUrl: string): Promise<Stack> {
  const SERVER_LOG = serverLog(n);
  const entry = path.join(root, "dist/server/index.js");
  if (!fs.existsSync(entry) || !fs.existsSync(path.join(root, "dist/public/index.html"))) {
    throw new Error("No build in dist/: run `npm run test:e2e` (it builds first) or `npm run build`.");
  }
  fs.mkdirSync(artifacts, { recursive: true });
  fs.mkdirSync(path.join(root, "e2e/screenshots"), { recursive: true });

  const sink = await startSmtpSink();
  const archived: CapturedMail[] = [];
  const mailServer = http.createServer((req, res) => {
    if (req.method === "DELETE") {
      archived.push(...sink.mails); // kept for the token scan at teardown
      sink.clear();
    }
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify(req.method === "DELETE" ? [] : sink.mails));
  });
  await new Promise<void>((resolve) => mailServer.listen(0, "127.0.0.1", resolve));
  const mailUrl = `http://127.0.0.1:${(mailServer.address() as net.AddressInfo).port}/mails`;

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dl-e2e-data-"));
  const log = fs.createWriteStream(SERVER_LOG, { flags: "w" });
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SESSION_SECRET: "e2e-session-secret-e2e-session-secret-0123456789",
      APP_URL: baseUrl,
      SMTP_URL: sink.url,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_MAX: "100000",
      PUSH_SERVICE_ORIGINS: pushUrl,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));

  const stopAll = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await new Promise<void>((resolve) => mailServer.close(() => resolve()));
    await sink.close();
    await new Promise<void>((resolve) => log.end(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, child, 60_000);
  } catch (err) {
    await stopAll();
    throw new Error(`${(err as Error).message}\n--- server log (${SERVER_LOG}) ---\n${readLog(SERVER_LOG)}`, { cause: err });
  }

  const teardown = async (): Promise<string[]> => {
    const code = await stop(child, exited);
    const problems: string[] = [];
    // Issue 7, suite 4: after the journeys, no emailed token is stored in plain in the database.
    if (code === 0) {
      const mails = [...archived, ...sink.mails];
      const leaks = await tokensStoredInPlain(path.join(dataDir, "pglite"), mails).catch((err: Error) => [`could not scan: ${err.message}`]);
      if (leaks.length > 0) problems.push(`Emailed tokens found in plain in the database:\n${leaks.join("\n")}`);
      else process.stdout.write(`\ne2e (server ${n}): ${emailedTokens(mails).length} emailed tokens, none stored in plain in the database\n`);
    }
    await stopAll();
    if (code !== 0) problems.push(`The server exited with ${code === "timeout" ? "no exit within 15 s" : `code ${code}`} after SIGTERM (expected 0).`);
    const errors = readLog(SERVER_LOG)
      .split("\n")
      .filter((line) => /^\{.*"level":(50|60)\b/.test(line));
    if (errors.length > 0) problems.push(`The server logged ${errors.length} error(s):\n${errors.slice(0, 10).join("\n")}`);
    return problems.map((p) => `server ${n}: ${p}`);
  };
  return { baseUrl, mailUrl, pushUrl, teardown, abort: stopAll };
}

async function tokensStoredInPlain(pgliteDir: string, mails: readonly { links: string[] }[]): Promise<string[]> {
  const tokens = emailedTokens(mails);
  if (tokens.length === 0) return [];
  const db = await openDatabase({ dataDir: pgliteDir });
  try {
    return await findSecretsInDatabase(db.db, tokens);
  } finally {
    await db.close();
  }
}

function readLog(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

async function stop(child: ChildProcess, exited: Promise<number | null>): Promise<number | null | "timeout"> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  child.kill("SIGTERM");
  const timeout = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 15_000).unref());
  return Promise.race([exited, timeout]);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before answering ${url}`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer ${url} within ${timeoutMs / 1000} s`);
}
