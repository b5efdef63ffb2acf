// A real HTTP client for the security suites: the app behind one http.Server on an ephemeral port,
// called with fetch (undici keeps connections alive), cookies handled by hand, a small promise pool.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";

export interface Served {
  base: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:0 and returns the base URL. */
export async function serve(app: Express): Promise<Served> {
  const server = http.createServer(app);
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface CallOptions {
  cookie?: string | undefined;
  /** A value sent as JSON, or raw text when `raw` is set. */
  json?: unknown;
  raw?: string | Buffer;
  contentType?: string | null;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
  text: string;
  headers: Headers;
  setCookie: string[];
}

export async function call(base: string, method: string, path: string, o: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...(o.headers ?? {}) };
  if (o.cookie) headers.cookie = o.cookie;
  let body: string | Buffer | undefined;
  if (o.raw !== undefined) body = o.raw;
  else if (o.json !== undefined) body = JSON.stringify(o.json);
  if (body !== undefined && o.contentType !== null) headers["content-type"] = o.contentType ?? "application/json";
  const res = await fetch(base + path, { method, headers, ...(body !== undefined ? { body: body as NonNullable<RequestInit["body"]> } : {}) });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, text, headers: res.headers, setCookie: res.headers.getSetCookie() };
}

/** Signs in and returns the session cookie ("name=value"). */
export async function signInCookie(base: string, username: string, password: string): Promise<string> {
  const res = await call(base, "POST", "/api/login", { json: { username, password } });
  if (res.status !== 200) throw new Error(`sign-in as ${username} failed: ${res.status} ${res.text}`);
  const cookie = res.setCookie.map((c) => c.split(";")[0]!).find((c) => c.startsWith("dl.sid="));
  if (!cookie) throw new Error(`sign-in as ${username}: no session cookie`);
  return cookie;
}

/** Runs the tasks with at most `size` in flight; results in task order. */
export async function pool<T>(size: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, tasks.length) }, worker));
  return results;
}
