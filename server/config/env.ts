// The environment, checked with zod at boot. A wrong value stops the process with a clear message.
import path from "node:path";
import crypto from "node:crypto";
import { z } from "zod";
import { keptPrivateFile } from "./data-dir";
import { vapidProblems } from "./vapid";
import { DEFAULT_CLUB_TIMEZONE, isTimeZone } from "@shared/time";
import { DEFAULT_INACTIVITY_DAYS } from "@shared/constants";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((v) => v === "true" || v === "1" || v === "yes");
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: optionalString.pipe(z.string().url("DATABASE_URL must be a postgres:// URL").optional()),
  DATA_DIR: z.string().default("./data"),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional()),
  APP_URL: optionalString.pipe(z.string().url("APP_URL must be an absolute http(s) URL").optional()),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  SMTP_URL: optionalString.pipe(z.string().url("SMTP_URL must be a URL such as smtp://user:pass@host:587").optional()),
  MAIL_FROM: z.string().default("Doubles Ladder <no-reply@doubles-ladder.local>"),
  SMTP_CONNECTION_TIMEOUT_SECONDS: z.coerce.number().min(0.05).max(600).default(5),
  SMTP_GREETING_TIMEOUT_SECONDS: z.coerce.number().min(0.05).max(600).default(5),
  SMTP_SOCKET_TIMEOUT_SECONDS: z.coerce.number().min(0.05).max(3600).default(15),
  OUTBOX_KEEP_DAYS: z.coerce.number().min(0).max(3650).default(7),
  OUTBOX_MAX_FILES: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  ADMIN_USERNAME: z.string().min(3, "ADMIN_USERNAME must be at least 3 characters").max(50).default("admin"),
  ADMIN_PASSWORD: optionalString,
  ADMIN_EMAIL: z.string().email("ADMIN_EMAIL must be an email address").default("admin@doubles-ladder.local"),
  ADMIN_MFA_REQUIRED: bool,
  CLUB_TIMEZONE: optionalString
    .transform((v) => v ?? DEFAULT_CLUB_TIMEZONE)
    .refine(isTimeZone, "CLUB_TIMEZONE must be an IANA time zone name such as America/Vancouver or Europe/London"),
  // The club rules' defaults (docs/product.md, "Club rules"); an admin's values in system_settings win.
  MATCH_APPROVAL_DAYS: z.coerce.number().min(0.0001).max(60).default(3),
  ANSWER_WINDOW_HOURS: z.coerce.number().min(0.0001).max(336).default(72),
  PLAY_BY_DAYS: z.coerce.number().min(0.0001).max(90).default(14),
  REMINDER_POINT: z.coerce.number().gt(0, "REMINDER_POINT must be a fraction between 0 and 1, such as 0.6667").lt(1, "REMINDER_POINT must be a fraction between 0 and 1, such as 0.6667").default(2 / 3),
  // Days without a confirmed match after which a team is inactive (docs/product.md, "Activity"); read
  // through inactivityDays() (server/modules/ladder/activity.ts).
  INACTIVITY_DAYS: z.coerce.number().int().min(1).max(365).default(DEFAULT_INACTIVITY_DAYS),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(1_000_000).default(20),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: bool,
  /** The largest backup file a restore accepts (docs/performance.md: about 40 MB per 50,000 matches). */
  BACKUP_MAX_MB: z.coerce.number().min(1).max(4096).default(1024),
  /** Scheduled full backups: how often (at most one per period across all instances), or off. */
  BACKUP_SCHEDULE: z.enum(["off", "hourly", "daily", "weekly"], { error: "BACKUP_SCHEDULE must be off, hourly, daily or weekly" }).default("daily"),
  /** Where scheduled backups are written (default DATA_DIR/backups; 0700 folder, 0600 files). */
  BACKUP_DIR: optionalString,
  /** How many scheduled backups are kept (the oldest beyond this are deleted). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(300),
  /**
   * How long the stored ranks' refresher holds a wake back, so a burst of changes shares one refresh
   * (decision 039). Unset: 1000 ms on the embedded database (a quiet moment that long, at most
   * 10 s: decision 042), 250 ms on PostgreSQL (measured there).
   */
  LADDER_REFRESH_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  // Web push (docs/decisions/035-web-push.md): the key pair of `npx web-push generate-vapid-keys`
  // and a contact for the push services. Unset on the embedded default: generated into DATA_DIR.
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "VAPID_SUBJECT must be a mailto: address or an https URL, such as mailto:admin@club.example")
      .optional(),
  ),
  // Push services the server also delivers to besides public https hosts (the endpoint rule,
  // docs/decisions/035-web-push.md): exact origins, comma-separated; a push service of one's own on
  // a private address, or the browser journeys' stand-in (e2e/global-setup.ts).
  PUSH_SERVICE_ORIGINS: optionalString.pipe(
    z
      .string()
      .optional()
      .transform((v) => (v ? v.split(",").map((o) => o.trim()).filter(Boolean) : []))
      .refine((origins) => origins.every(isOrigin), "PUSH_SERVICE_ORIGINS must be http(s) origins separated by commas, such as http://10.0.0.5:8090"),
  ),
  READ_CACHE: z.enum(["on", "off"], { error: "READ_CACHE must be on or off" }).default("on"),
  PREPARED_STATEMENTS: z.enum(["on", "off"], { error: "PREPARED_STATEMENTS must be on or off" }).default("on"),
  /** Requests and responses built with the app's prototypes (server/lib/request-classes.ts); off: Node's own. */
  STABLE_REQUEST_SHAPES: z.enum(["on", "off"], { error: "STABLE_REQUEST_SHAPES must be on or off" }).default("on"),
  /** GET /api/metrics (Prometheus) answers only with this bearer token; unset: the route does not exist. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(32, "METRICS_TOKEN must be at least 32 characters").optional()),
});

/** An http(s) origin as the URL standard writes it: scheme, host and port only. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === value;
  } catch {
    return false;
  }
}

export type RawEnv = z.infer<typeof EnvSchema>;
export interface Env extends RawEnv {
  APP_URL: string;
  /** BACKUP_DIR, or DATA_DIR/backups. */
  backupDir: string;
  SESSION_SECRET: string;
  isProduction: boolean;
  embedded: boolean;
  /** The demo admin password on the embedded default when ADMIN_PASSWORD is unset. */
  adminPassword: string | undefined;
  /** LADDER_REFRESH_DELAY_MS, or its default for this database. */
  LADDER_REFRESH_DELAY_MS: number;
}

/**
 * Whether the app is served over HTTPS (APP_URL says so): its cookies are Secure, the browser is
 * told to keep to HTTPS and to upgrade insecure requests (docs/security.md), and a proxy in front
 * must be trusted (server/config/deployment.ts). The one test of it.
 */
export const servedOverHttps = (appUrl: string): boolean => appUrl.startsWith("https:");

export class EnvError extends Error {}

export const DEMO_ADMIN_PASSWORD = "LadderAdmin1";

/** Parses an environment object. Throws EnvError listing every problem. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join("\n")}\nSee .env.example for every setting.`);
  }
  const raw = parsed.data;
  const vapid = vapidProblems(raw);
  if (vapid.length > 0) throw new EnvError(`Invalid environment:\n${vapid.map((p) => `  - ${p}`).join("\n")}\nSee .env.example for every setting.`);
  const isProduction = raw.NODE_ENV === "production";
  const embedded = !raw.DATABASE_URL;
  let secret = raw.SESSION_SECRET;
  if (!secret) {
    // Production on a database server needs a real secret; the embedded default keeps its own.
    if (isProduction && !embedded) {
      throw new EnvError(
        "Invalid environment:\n  - SESSION_SECRET: required when NODE_ENV=production with DATABASE_URL set (at least 32 characters)",
      );
    }
    secret = embedded ? persistentSecret(raw.DATA_DIR) : crypto.randomBytes(32).toString("hex");
  }
  const appUrl = (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, "");
  const adminPassword = raw.ADMIN_PASSWORD ?? (embedded ? DEMO_ADMIN_PASSWORD : undefined);
  const backupDir = path.resolve(raw.BACKUP_DIR ?? path.join(raw.DATA_DIR, "backups"));
  const ladderRefreshDelayMs = raw.LADDER_REFRESH_DELAY_MS ?? (embedded ? 1000 : 250);
  return { ...raw, APP_URL: appUrl, SESSION_SECRET: secret, isProduction, embedded, adminPassword, backupDir, LADDER_REFRESH_DELAY_MS: ladderRefreshDelayMs };
}

/** On the embedded default, a session secret is generated once and kept in the data folder (0600). */
function persistentSecret(dataDir: string): string {
  return keptPrivateFile(dataDir, "session-secret", "The session secret", {
    create: () => crypto.randomBytes(32).toString("hex"),
    isValid: (text) => text.length >= 32,
  });
}
