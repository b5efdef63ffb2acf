// The second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30 s steps, one step of drift either way)
// through otpauth, and one-time recovery codes. What a session knows about it lives in the session:
// `secondFactor` once this session passed it (or enrolled), `pendingSecondFactor` between the
// password and the code. docs/decisions/014-accounts-admins-second-factor.md.
import crypto from "node:crypto";
import * as OTPAuth from "otpauth";
import type { SecondFactorState } from "@shared/api";
import type { SessionUser } from "../modules/auth/current-user";

declare module "express-session" {
  interface SessionData {
    /** This session passed the second factor of that user (the code step, or enrolment). */
    secondFactor?: { userId: number; at: number };
    /** The password was right; the code step is next (not signed in until then). */
    pendingSecondFactor?: { userId: number; expiresAt: number; attempts: number };
  }
}

export const TOTP_ISSUER = "Doubles Ladder";
const PERIOD = 30;
const DIGITS = 6;
const WINDOW = 1;
/** How long the code step waits after the password, and how many wrong codes it takes. */
export const PENDING_TTL_MS = 5 * 60 * 1000;
export const PENDING_MAX_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;

function totp(secret: string, label = "account"): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: TOTP_ISSUER, label, algorithm: "SHA1", digits: DIGITS, period: PERIOD, secret: OTPAuth.Secret.fromBase32(secret) });
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, label: string): string {
  return totp(secret, label).toString();
}

/** The current code (tests, and nothing else). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return totp(secret).generate({ timestamp });
}

/** The time step a code belongs to (within one step of now), or null when it is wrong. */
export function totpStep(secret: string, code: string, timestamp = Date.now()): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / PERIOD) + delta;
}

/** A typed code as the server compares it: spaces and dashes out, lower case. */
export function normaliseCode(code: string): string {
  return code.replace(/[\s-]/g, "").toLowerCase();
}

export const isTotpCode = (normalised: string) => /^[0-9]{6}$/.test(normalised);

// Recovery codes: 10 characters from an alphabet without look-alikes (50 bits each), shown as
// "xxxxx-xxxxx". Random and long, so a SHA-256 is enough to store them (like emailed tokens).
const ALPHABET = "abcdefghjkmnpqrstuvwxyz023456789"; // 32: no i, l, o, 1
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const bytes = crypto.randomBytes(10);
    const chars = [...bytes].map((b) => ALPHABET[b % 32]!).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export function hashRecoveryCode(code: string): string {
  return crypto.createHash("sha256").update(normaliseCode(code), "utf8").digest("hex");
}

/**
 * Where a signed-in user's session stands. Enrolled users pass the code step to be signed in at
 * all, so "enrolled but not passed" is not a state: such a session is treated as signed out.
 */
export function secondFactorState(
  user: Pick<SessionUser, "id" | "isAdmin" | "mfaEnabledAt">,
  passed: { userId: number } | undefined,
  adminMfaRequired: boolean,
): SecondFactorState | "not_passed" {
  if (user.mfaEnabledAt) return passed?.userId === user.id ? "passed" : "not_passed";
  return user.isAdmin && adminMfaRequired ? "enrolment_required" : "not_enrolled";
}
