// A local push service for tests: web-push-testing's server in this process, on a free port of
// 127.0.0.1, no network. It creates subscriptions as a browser's push service would (endpoint +
// keys for our VAPID public key), checks each push's VAPID signature, decrypts it (aes128gcm) and
// keeps the text; it can expire a subscription, after which a push to it answers 410. One per
// process: its server module keeps the subscriptions in one module-level model, so a second one
// started in the same process would take over the first one's.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import crypto from "node:crypto";

const require = createRequire(import.meta.url);

/** A fixed VAPID key pair for tests (push is on where a test app is given it). */
export const TEST_VAPID = {
  VAPID_PUBLIC_KEY: "BMGZIVRjLuPD66kxKQpfauDv5A9lhb97rEdwokfgMbjlmxjqircn7aM1UFmsKL3KaxjrdQQRC0QjB1e9ieJ8gwY",
  VAPID_PRIVATE_KEY: "12hsh4-m4XeeYEEtSaTsA56aTI5u_kiff45RoSFOi10",
  VAPID_SUBJECT: "mailto:admin@club.test",
} as const;

/** A subscription the stand-in created: the browser's PushSubscription JSON and its id there. */
export interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

/** What a test does with a running stand-in, over its HTTP API (also from another process: the browser journeys). */
export interface PushServiceClient {
  url: string;
  subscribe(applicationServerKey?: string): Promise<StandInSubscription>;
  /** The decrypted texts the stand-in received for a subscription, oldest first. */
  messages(sub: StandInSubscription): Promise<string[]>;
  /** From now on a push to it answers 410 (the browser unsubscribed, or the service expired it). */
  expire(sub: StandInSubscription): Promise<void>;
}

export interface PushServiceStandIn extends PushServiceClient {
  close(): Promise<void>;
}

interface StandInServer {
  _server: Server;
  startServer(): void;
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const { PushApiModel } = require("web-push-testing/src/PushApiModel.js") as { PushApiModel: new () => { notifyUrl: string } };
  const WebPushTestingServer = require("web-push-testing/src/server.js") as new (model: unknown, port: number) => StandInServer;
  const model = new PushApiModel();
  const server = new WebPushTestingServer(model, 0);
  const log = console.log;
  console.log = () => undefined; // its "Server running on port 0", printed once it listens
  try {
    server.startServer();
    if (!server._server.listening) await new Promise<void>((resolve) => server._server.once("listening", resolve));
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    console.log = log;
  }
  const url = `http://127.0.0.1:${(server._server.address() as AddressInfo).port}`;
  // Its endpoints are built from this (it was given port 0 to listen on).
  model.notifyUrl = `${url}/notify/`;
  return { ...pushServiceAt(url), close: () => new Promise<void>((resolve) => server._server.close(() => resolve())) };
}

/** The stand-in running at `url` (web-push-testing's HTTP API). */
export function pushServiceAt(url: string): PushServiceClient {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`push stand-in ${path}: ${res.status} ${text}`);
    return res.headers.get("content-type")?.includes("json") ? (JSON.parse(text) as { data: unknown }) : { data: undefined };
  };
  return {
    url,
    subscribe: async (applicationServerKey = TEST_VAPID.VAPID_PUBLIC_KEY) =>
      (await post("/subscribe", { userVisibleOnly: "true", applicationServerKey })).data as StandInSubscription,
    messages: async (sub) => ((await post("/get-notifications", { clientHash: sub.clientHash })).data as { messages: string[] }).messages,
    expire: async (sub) => void (await post(`/expire-subscription/${sub.clientHash}`, {})),
  };
}

/** The PushSubscription JSON a browser posts (without the stand-in's own id). */
export const subscriptionBody = (sub: StandInSubscription) => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys });

/**
 * A well-formed subscription no push service holds (the security tests' valid body): a fresh
 * endpoint on a closed local port, so a push to it fails at once and is only retried.
 */
export function testPushSubscription(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } } {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `http://127.0.0.1:9/push/${crypto.randomBytes(8).toString("hex")}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: crypto.randomBytes(16).toString("base64url") },
  };
}
