// Emailed secrets: 32 random bytes (base64url) handed out once; only their SHA-256 is stored.
// Use is single and enforced by one conditional UPDATE.
import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { authTokens, type AuthToken } from "@shared/schema";
import type { TokenPurpose } from "@shared/constants";
import type { DbOrTx } from "../db/client";

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  email_verification: 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
  partner_invite: 7 * 24 * 60 * 60 * 1000,
  // Match confirmation links live until the match leaves pending; the sweep settles it by the deadline.
  match_confirmation: 60 * 24 * 60 * 60 * 1000,
};

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
export function isWellFormedToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

export interface IssueTokenOptions {
  purpose: TokenPurpose;
  userId?: number;
  matchId?: number;
  ttlMs?: number;
  /** Void the user's older unused tokens of the same purpose (a new reset voids older ones). */
  voidPrevious?: boolean;
}

/** Creates a token, stores its hash, and returns the plain token for the email link. */
export async function issueToken(db: DbOrTx, options: IssueTokenOptions): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  const now = new Date();
  if (options.voidPrevious && options.userId !== undefined) {
    await db
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.userId, options.userId), eq(authTokens.purpose, options.purpose), isNull(authTokens.usedAt)));
  }
  await db.insert(authTokens).values({
    purpose: options.purpose,
    tokenHash: hashToken(token),
    userId: options.userId ?? null,
    matchId: options.matchId ?? null,
    expiresAt: new Date(now.getTime() + (options.ttlMs ?? TOKEN_TTL_MS[options.purpose])),
  });
  return token;
}

/** The condition that a stored token is this one, of this purpose, unused and unexpired. */
function isLive(token: string, purpose: TokenPurpose) {
  return and(
    eq(authTokens.tokenHash, hashToken(token)),
    eq(authTokens.purpose, purpose),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, sql`now()`),
  );
}

/** Reads a live token without using it (GET views). */
export async function peekToken(db: DbOrTx, token: string, purpose: TokenPurpose): Promise<AuthToken | undefined> {
  if (!isWellFormedToken(token)) return undefined;
  const [row] = await db
    .select()
    .from(authTokens)
    .where(isLive(token, purpose))
    .limit(1);
  return row;
}

/** The user a token of this purpose was issued to, used or expired too (null when there is none). */
export async function tokenOwner(db: DbOrTx, token: string, purpose: TokenPurpose): Promise<number | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, purpose)))
    .limit(1);
  return row?.userId ?? null;
}

/** Marks a token used if, and only if, it is live and of that purpose. Returns the row, or undefined. */
export async function consumeToken(db: DbOrTx, token: string, purpose: TokenPurpose): Promise<AuthToken | undefined> {
  if (!isWellFormedToken(token)) return undefined;
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(isLive(token, purpose))
    .returning();
  return row;
}
