// Why a member was signed out. A sign-in also sets a small signed cookie that names the member
// (their id and an HMAC of it: no secret, no session). When an admin's suspension or a deleted team
// ends the session, GET /api/user can then tell that browser why ("Account Suspended: … Reason: …")
// instead of only "not signed in". Logout clears it; it is read by GET /api/user only (path /api).
import crypto from "node:crypto";
import type { Request, Response } from "express";
import { SESSION_TTL_SECONDS } from "./session";

export const MEMBER_COOKIE = "dl.member";
const PURPOSE = "signed-in-member:";

function signature(secret: string, userId: number): string {
  return crypto.createHmac("sha256", secret).update(`${PURPOSE}${userId}`).digest("base64url");
}

export interface MarkerOptions {
  secret: string;
  /** The session cookie's Secure flag (APP_URL is https). */
  secure: boolean;
}

export function setSignedInMarker(res: Response, options: MarkerOptions, userId: number): void {
  res.cookie(MEMBER_COOKIE, `${userId}.${signature(options.secret, userId)}`, {
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    path: "/api",
    maxAge: SESSION_TTL_SECONDS * 1000,
  });
}

export function clearSignedInMarker(res: Response, options: MarkerOptions): void {
  res.clearCookie(MEMBER_COOKIE, { httpOnly: true, sameSite: "lax", secure: options.secure, path: "/api" });
}

/** The member this browser last signed in as, when the cookie is there and its signature holds. */
export function signedInMarker(req: Request, secret: string): number | null {
  const raw = (req.headers.cookie ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${MEMBER_COOKIE}=`));
  if (!raw) return null;
  const match = /^(\d{1,9})\.([A-Za-z0-9_-]{43})$/.exec(raw.slice(MEMBER_COOKIE.length + 1));
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(signature(secret, userId));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? userId : null;
}
