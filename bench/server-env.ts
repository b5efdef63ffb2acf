// The environment every benchmark gives the production server it starts (bench/run.ts,
// bench/backup.ts): production mode on one local port, quiet logs, no periodic jobs and no rate
// limits in the way of the load. Each caller adds its database and its own switches.
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
