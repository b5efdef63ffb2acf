// What every benchmark gives the production server it starts (bench/run.ts, bench/backup.ts): the
// environment (production mode on one local port, quiet logs, no periodic jobs and no rate limits in
// the way of the load; each caller adds its database and its own switches) and the signed-in cookie.
export function benchServerEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://localhost:${port}`,
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret-123",
    LOG_LEVEL: "warn",
    SWEEP_INTERVAL_SECONDS: "0",
    AUTH_RATE_LIMIT_MAX: "100000",
  };
}

/**
 * Signs in on a benchmark server and returns the Cookie header a browser would send afterwards:
 * every cookie the sign-in set (the session and the signed-in marker), not just the first. Fails
 * unless that cookie is signed in, so a benchmark never measures refusals.
 */
export async function signInCookie(base: string, credentials: { username: string; password: string }): Promise<string> {
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  if (!login.ok) throw new Error(`bench sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const me = await fetch(`${base}/api/user`, { headers: { cookie } });
  if (!me.ok) throw new Error(`bench sign-in: the session cookie is refused (${me.status} ${await me.text()})`);
  return cookie;
}
