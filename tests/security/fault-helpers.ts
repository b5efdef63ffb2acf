// Real server processes and a cuttable TCP proxy for the fault suite (tests/security/faults.test.ts).
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

export interface ServerProcess {
  base: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /**
   * SIGTERM, then SIGKILL after 15 s (past the server's own 10 s forced exit). Resolves with how it
   * ended: `{ code: 0, signal: null }` is a clean stop; `signal: "SIGKILL"` means it hung.
   * Undefined when it had already ended.
   */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null } | undefined>;
}

export const ADMIN = { username: "faultadmin", password: "FaultAdmin1", email: "faultadmin@example.test" };
const SECRET = "fault-suite-session-secret-0123456789abcdef";

type ServerEnv = { DATABASE_URL?: string; DATA_DIR?: string; [k: string]: string | undefined };

/** Spawns the real entry (server/index.ts) and returns at once (see startServer). */
export async function spawnServer(env: ServerEnv, user?: { uid: number; gid: number }): Promise<Omit<ServerProcess, "stop">> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: SECRET,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_EMAIL: ADMIN.email,
      AUTH_RATE_LIMIT_MAX: "100000",
      SWEEP_INTERVAL_SECONDS: "0",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    ...(user ?? {}),
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { base: `http://127.0.0.1:${port}`, port, child, output: () => out, exited };
}

/**
 * The real entry (server/index.ts) in its own node process through tsx, so nothing needs building.
 * One process (no npx/tsx wrapper in between), so signals reach the server itself. Resolves once
 * /api/health answers and the process has printed its start-up line.
 */
export async function startServer(env: ServerEnv): Promise<ServerProcess> {
  const { base, port, child, output, exited } = await spawnServer(env);
  const deadline = Date.now() + 90_000;
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`server exited before it was ready:\n${output()}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server not ready within 90 s:\n${output()}`);
    }
    try {
      // Its own start-up line too: it is printed in the same turn as the signal handlers are set,
      // and names this server's port, so an answer from another process that holds the port (a
      // freed port handed out twice) or a server still starting is never taken for this one.
      const res = await fetch(`${base}/api/health`);
      if (res.status === 200 && output().includes(`is running at ${env.APP_URL ?? base} `)) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    base,
    port,
    child,
    output,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return undefined;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      const ended = await exited;
      clearTimeout(timer);
      return ended;
    },
  };
}

/**
 * A TCP proxy in front of PostgreSQL that can be cut (sockets destroyed, and either nothing listening
 * or connections accepted and never answered) and restored on the same port. The real server is
 * never touched.
 */
export interface TcpProxy {
  port: number;
  /** "refuse": nothing listens (connection refused); "blackhole": connections are accepted and never answered. */
  cut(mode: "refuse" | "blackhole"): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let mode: "open" | "blackhole" = "open";
  const onConnection = (client: net.Socket) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => client.destroy());
    if (mode === "blackhole") return;
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on("close", () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on("error", () => upstream.destroy());
    client.on("close", () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  };
  let server = net.createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const listen = () => {
    server = net.createServer(onConnection);
    return new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
  };
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const destroyAll = () => {
    for (const s of sockets) s.destroy();
    sockets.clear();
  };
  return {
    port,
    cut: async (how) => {
      if (how === "refuse") {
        const closed = stopListening();
        destroyAll();
        await closed;
      } else {
        mode = "blackhole";
        destroyAll();
      }
    },
    restore: async () => {
      destroyAll();
      mode = "open";
      if (!server.listening) await listen();
    },
    close: async () => {
      const closed = stopListening();
      destroyAll();
      await closed;
    },
  };
}

/**
 * Terminates, in a loop, every PostgreSQL backend of the server processes on one database
 * (`pg_terminate_backend`, what an administrator or a failover does), from its own connection.
 * Returns how many backends it ended once stopped.
 */
export function terminateBackendsInLoop(serverUrl: string, database: string, everyMs: number): { stop(): Promise<number> } {
  let stopped = false;
  let terminated = 0;
  const done = (async () => {
    const pg = (await import("pg")).default;
    const killer = new pg.Client({ connectionString: serverUrl, application_name: "dl-fault-killer" });
    killer.on("error", () => undefined);
    await killer.connect();
    try {
      while (!stopped) {
        const res = await killer.query<{ ok: boolean }>(
          `select pg_terminate_backend(pid) as ok from pg_stat_activity
           where datname = $1 and application_name like 'doubles-ladder%' and pid <> pg_backend_pid()`,
          [database],
        );
        terminated += res.rows.filter((r) => r.ok).length;
        await new Promise((r) => setTimeout(r, everyMs));
      }
    } finally {
      await killer.end().catch(() => undefined);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      return terminated;
    },
  };
}

export type SmtpStall = "silent" | "greets-then-stalls" | "stalls-after-data";

/**
 * A TCP server that accepts and then misbehaves: says nothing at all; greets and never answers
 * EHLO; or plays along until the message is sent and never acknowledges it.
 */
export async function stallingSmtp(behaviour: SmtpStall) {
  const sockets = new Set<net.Socket>();
  let closedByClient = 0;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => {
      sockets.delete(socket);
      closedByClient++;
    });
    if (behaviour === "silent") return void socket.resume();
    socket.write("220 stall.test ESMTP\r\n");
    if (behaviour === "greets-then-stalls") return void socket.resume(); // reads the commands, answers none
    let buffer = "";
    let inData = false;
    socket.on("data", (d: Buffer) => {
      buffer += d.toString();
      let i: number;
      while ((i = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) continue; // the message, and its final "." that is never acknowledged
        if (/^EHLO/i.test(line)) socket.write("250-stall.test\r\n250 8BITMIME\r\n");
        else if (/^(MAIL|RCPT)/i.test(line)) socket.write("250 OK\r\n");
        else if (/^DATA/i.test(line)) {
          socket.write("354 go ahead\r\n");
          inData = true;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    closedByClient: () => closedByClient,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
