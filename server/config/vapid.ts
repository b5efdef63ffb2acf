// The VAPID key pair web push signs with (docs/decisions/035-web-push.md). From the environment
// (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT) wherever it is set; on the embedded default
// without them, generated once into DATA_DIR/vapid.json (0600, like the session secret) and kept, so
// browsers' subscriptions stay valid across restarts; on PostgreSQL without them push is off.
import webpush from "web-push";
import { keptPrivateFile } from "./data-dir";
import type { Env } from "./env";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push services may use. */
  subject: string;
}

const B64URL = /^[A-Za-z0-9_-]+$/;
const bytesOf = (key: string) => (B64URL.test(key) ? Buffer.from(key, "base64url").length : -1);

/** What is wrong with the VAPID settings (empty: fine, or all unset). loadEnv stops on these. */
export function vapidProblems(raw: { VAPID_PUBLIC_KEY?: string | undefined; VAPID_PRIVATE_KEY?: string | undefined }): string[] {
  const { VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv } = raw;
  if (!pub && !priv) return [];
  if (!pub || !priv) return ["VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (npx web-push generate-vapid-keys), or neither"];
  const problems: string[] = [];
  if (bytesOf(pub) !== 65) problems.push("VAPID_PUBLIC_KEY must be the URL-safe base64 public key of npx web-push generate-vapid-keys (65 bytes)");
  if (bytesOf(priv) !== 32) problems.push("VAPID_PRIVATE_KEY must be the URL-safe base64 private key of npx web-push generate-vapid-keys (32 bytes)");
  return problems;
}

const subjectOf = (env: Pick<Env, "VAPID_SUBJECT" | "ADMIN_EMAIL">) => env.VAPID_SUBJECT ?? `mailto:${env.ADMIN_EMAIL}`;

/** The keys the environment gives, or undefined (no generation: tests and PostgreSQL). */
export function vapidFromEnvironment(env: Pick<Env, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT" | "ADMIN_EMAIL">): VapidKeys | undefined {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return undefined;
  return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: subjectOf(env) };
}

const isKeyPair = (text: string): boolean => {
  try {
    const k = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
    return typeof k.publicKey === "string" && typeof k.privateKey === "string" && vapidProblems({ VAPID_PUBLIC_KEY: k.publicKey, VAPID_PRIVATE_KEY: k.privateKey }).length === 0;
  } catch {
    return false;
  }
};

/**
 * The server's keys at start-up: the environment's; else, on the embedded default, DATA_DIR/vapid.json
 * (generated the first time); else none (push is off: GET /api/push/public-key says so).
 */
export function resolveVapidKeys(env: Pick<Env, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT" | "ADMIN_EMAIL" | "embedded" | "DATA_DIR">): VapidKeys | undefined {
  const given = vapidFromEnvironment(env);
  if (given || !env.embedded) return given;
  const text = keptPrivateFile(env.DATA_DIR, "vapid.json", "The web push keys", {
    create: () => JSON.stringify(webpush.generateVAPIDKeys()),
    isValid: isKeyPair,
  });
  const { publicKey, privateKey } = JSON.parse(text) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey, subject: subjectOf(env) };
}
