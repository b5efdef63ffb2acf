// One-click unsubscribe links (RFC 8058; docs/decisions/026-notification-preferences-and-unsubscribe.md).
// A link names a member and a mail category and is signed with HMAC-SHA-256 under a key derived from
// SESSION_SECRET: nothing is stored, the worker signs it when it sends (so no live link sits in the
// outbox), and a forged or altered link fails the check. It only ever turns one category's mail off.
import crypto from "node:crypto";
import { EMAIL_CATEGORIES, type EmailCategory } from "@shared/constants";
import { UNSUBSCRIBE_TOKEN_PATTERN } from "@shared/validators/notifications";

const keys = new Map<string, Buffer>();
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.createHash("sha256").update(`doubles-ladder unsubscribe\0${secret}`).digest();
    keys.set(secret, key);
  }
  return key;
}

const signature = (secret: string, userId: number, category: string) =>
  crypto.createHmac("sha256", keyOf(secret)).update(`${userId}\0${category}`).digest("base64url");

export function unsubscribeToken(secret: string, userId: number, category: EmailCategory): string {
  return `${userId}.${category}.${signature(secret, userId, category)}`;
}

/** The member and category of a genuine link; undefined for anything else. */
export function readUnsubscribeToken(secret: string, token: string): { userId: number; category: EmailCategory } | undefined {
  const m = UNSUBSCRIBE_TOKEN_PATTERN.exec(token);
  if (!m) return undefined;
  const userId = Number(m[1]);
  const category = m[2] as EmailCategory;
  if (!EMAIL_CATEGORIES.includes(category) || !Number.isSafeInteger(userId)) return undefined;
  const want = Buffer.from(signature(secret, userId, category));
  const got = Buffer.from(m[3]!);
  return want.length === got.length && crypto.timingSafeEqual(want, got) ? { userId, category } : undefined;
}

/** Where a mail's links go: the confirm page (in the text) and the one-click POST (the header). */
export function unsubscribeLinks(appUrl: string, token: string): { page: string; oneClick: string } {
  const base = appUrl.replace(/\/+$/, "");
  return { page: `${base}/unsubscribe/${token}`, oneClick: `${base}/api/unsubscribe/${token}` };
}
