// Shared by the security suites: the routes of the real app (walked from Express's router), session
// cookies, the fixture world of the authorization matrix, and (from db-scan.ts) the database scan.
import crypto from "node:crypto";
import type { Express } from "express";
import supertest from "supertest";
import { and, eq, inArray, or } from "drizzle-orm";
import { challenges, disputes, matches, userMfa, users, type Challenge, type Match, type User } from "@shared/schema";
import { newTotpSecret, totpCode } from "../../server/auth/second-factor";
import { issueToken } from "../../server/auth/tokens";
import { acceptedChallenge, reportedMatch } from "../../server/modules/matches/matches.fixtures";
import type { TestApp } from "../helpers/app";
import { createAdmin, createTeam, PASSWORD, type TeamFixture } from "../helpers/factories";

export { emailedTokens, findSecretsInDatabase, textColumns, TOKEN_LINK_PATHS } from "./db-scan";

export interface RouteInfo {
  method: string;
  /** Full path pattern as mounted, e.g. "/api/teams/:id". */
  path: string;
}

interface LayerLike {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
}

const joinPath = (a: string, b: string) => `${a.replace(/\/+$/, "")}/${b.replace(/^\/+/, "")}`.replace(/\/+$/, "") || "/";

/**
 * Every route of the app (method + full path), found by walking Express 5's router: route layers
 * carry their path and methods; a nested router sits in a layer whose `rawPath` is its mount path.
 */
export function listRoutes(app: Express): RouteInfo[] {
  const out: RouteInfo[] = [];
  const walk = (stack: LayerLike[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const p of paths) {
          if (typeof p !== "string") throw new Error(`route with a non-string path under ${prefix}: ${String(p)}`);
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (on && method !== "_all") out.push({ method: method.toUpperCase(), path: joinPath(prefix, p) });
          }
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === "string" ? layer.rawPath : "/";
        walk(layer.handle.stack, mount === "/" ? prefix : joinPath(prefix, mount));
      }
    }
  };
  const router = (app as unknown as { router: { stack: LayerLike[] } }).router;
  walk(router.stack, "");
  return out;
}

// ---------------------------------------------------------------------------------------------
// Sessions

/** The "dl.sid=..." pair of a response's Set-Cookie (undefined when none was set). */
export function sessionCookieOf(res: { headers: Record<string, unknown> }): string | undefined {
  const raw = res.headers["set-cookie"];
  const list = Array.isArray(raw) ? (raw as string[]) : typeof raw === "string" ? [raw] : [];
  const cookie = list.find((c) => c.startsWith("dl.sid="));
  return cookie?.split(";")[0];
}

/** The session id inside a signed cookie value ("dl.sid=s%3A<sid>.<sig>" → "<sid>"). */
export function sessionIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.replace(/^dl\.sid=/, ""));
  return value.replace(/^s:/, "").replace(/\.[^.]*$/, "");
}

// ---------------------------------------------------------------------------------------------
// The fixture world of the authorization matrix (also used by the session suite)

/**
 * The matrix runs with ADMIN_MFA_REQUIRED=true: "admin" has a second factor and signed in with a
 * code; "adminNoMfa" is an admin who has not set one up (signed in, admin routes closed). The
 * admin stays last (its reset of all data wipes every other account).
 */
export const ROLES = ["anonymous", "unverified", "pending", "suspended", "partner", "captainA", "captainB", "adminNoMfa", "admin"] as const;
export type Role = (typeof ROLES)[number];

export interface World {
  /** Team A (approved): captainA and partner. */
  A: TeamFixture;
  /** Team B (approved): captainB (and its partner, not a role). */
  B: TeamFixture;
  /** Team of the unverified role (registered, email not verified, not approved). */
  U: TeamFixture;
  /** Team of the pending role (email verified, not approved). */
  P: TeamFixture;
  /** Team of the suspended role: its captain is suspended after signing in. */
  S: TeamFixture;
  admin: User;
  /** The admin's TOTP secret (their second factor is on). */
  adminSecret: string;
  /** An admin without a second factor. */
  adminNoMfa: User;
  /** A spare approved user whose credentials the login row uses. */
  spare: TeamFixture;
  /** Reported by A, awaiting B's approval, with its emailed token. */
  matchAB: { match: Match; token: string };
  cookies: Partial<Record<Role, string>>;
}

export function userOf(w: World, role: Role): User | undefined {
  switch (role) {
    case "anonymous":
      return undefined;
    case "unverified":
      return w.U.captain;
    case "pending":
      return w.P.captain;
    case "suspended":
      return w.S.captain;
    case "partner":
      return w.A.partner;
    case "captainA":
      return w.A.captain;
    case "captainB":
      return w.B.captain;
    case "adminNoMfa":
      return w.adminNoMfa;
    case "admin":
      return w.admin;
  }
}

export async function buildWorld(t: TestApp): Promise<World> {
  const db = t.db;
  const [A, B, U, P, S, spare, admin, adminNoMfa] = await Promise.all([
    createTeam(db, { name: `Alpha ${uniq()}` }),
    createTeam(db, { name: `Bravo ${uniq()}` }),
    createTeam(db, { approved: false, verified: false }),
    createTeam(db, { approved: false }),
    createTeam(db),
    createTeam(db),
    createAdmin(db),
    createAdmin(db),
  ]);
  const adminSecret = newTotpSecret();
  await db.insert(userMfa).values({ userId: admin.id, secret: adminSecret, enabledAt: new Date() });
  const matchAB = await reportedMatch(db, { reporter: { team: A.team, captainId: A.captain.id }, opponent: B.team });
  return { A, B, U, P, S, spare, admin, adminSecret, adminNoMfa, matchAB, cookies: {} };
}

/**
 * A current code of the admin's second factor. A code works once per time step, so the last step
 * used is forgotten first (the matrix signs the admin in many times within one step).
 */
export async function adminCode(t: TestApp, w: World): Promise<string> {
  await t.db.update(userMfa).set({ lastUsedStep: null }).where(eq(userMfa.userId, w.admin.id));
  return totpCode(w.adminSecret);
}

/** Signs in through the API and returns the session cookie. */
export async function signInCookie(t: TestApp, username: string, password = PASSWORD): Promise<string> {
  const res = await supertest(t.app).post("/api/login").send({ username, password });
  const cookie = sessionCookieOf(res);
  if (res.status !== 200 || !cookie) throw new Error(`sign-in as ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return cookie;
}

/**
 * A new session for the role (anonymous: no cookie). The suspended role's session is made while
 * the account is active and the account suspended afterwards, directly in the database: its
 * session row stays, so what refuses it is the server's check on every request.
 */
export async function mintSession(t: TestApp, w: World, role: Role): Promise<string | undefined> {
  const user = userOf(w, role);
  if (!user) return undefined;
  if (role === "admin") {
    const agent = supertest.agent(t.app);
    const first = await agent.post("/api/login").send({ username: user.username, password: PASSWORD });
    if (first.status !== 200 || first.body.secondFactorRequired !== true) throw new Error(`admin password step: ${first.status} ${JSON.stringify(first.body)}`);
    const res = await agent.post("/api/login/second-factor").send({ code: await adminCode(t, w) });
    const cookie = sessionCookieOf(res);
    if (res.status !== 200 || !cookie) throw new Error(`admin code step: ${res.status} ${JSON.stringify(res.body)}`);
    return cookie;
  }
  if (role === "suspended") {
    await t.db.update(users).set({ isSuspended: false, suspensionReason: null }).where(eq(users.id, user.id));
    const cookie = await signInCookie(t, user.username!);
    await t.db.update(users).set({ isSuspended: true, suspensionReason: "Matrix: suspended after signing in." }).where(eq(users.id, user.id));
    return cookie;
  }
  return signInCookie(t, user.username!);
}

/** Signs every role in once (kept in w.cookies). */
export async function signInAll(t: TestApp, w: World): Promise<void> {
  for (const role of ROLES) {
    const cookie = await mintSession(t, w, role);
    if (cookie) w.cookies[role] = cookie;
  }
}

/** A fresh approved team of the same category as A and B (a target nobody else uses). */
export const freshTeam = (t: TestApp, options?: Parameters<typeof createTeam>[1]) => createTeam(t.db, options);

/** A pending match reported by `reporter` against `opponent`, and its plain confirmation token. */
export const freshMatch = (t: TestApp, reporter: TeamFixture, opponent: TeamFixture) =>
  reportedMatch(t.db, { reporter: { team: reporter.team, captainId: reporter.captain.id }, opponent: opponent.team });

/**
 * A challenge made directly in the database. One pair has one open challenge at a time (a unique
 * index), so an open one between the two teams is canceled first.
 */
export async function freshChallenge(t: TestApp, challenger: TeamFixture, challenged: TeamFixture, status: Challenge["status"]): Promise<Challenge> {
  const a = challenger.team.id;
  const b = challenged.team.id;
  await t.db
    .update(challenges)
    .set({ status: "canceled" })
    .where(
      and(
        or(and(eq(challenges.challengerTeamId, a), eq(challenges.challengedTeamId, b)), and(eq(challenges.challengerTeamId, b), eq(challenges.challengedTeamId, a))),
        inArray(challenges.status, ["pending", "accepted"]),
      ),
    );
  return acceptedChallenge(t.db, challenger.team, challenged.team, "grass", status);
}

/** A disputed match (reported by A, disputed by B) and its pending dispute. */
export async function freshDispute(t: TestApp, w: World): Promise<{ match: Match; disputeId: number }> {
  const { match } = await freshMatch(t, w.A, w.B);
  await t.db.update(matches).set({ confirmationStatus: "disputed" }).where(eq(matches.id, match.id));
  const [d] = await t.db
    .insert(disputes)
    .values({ matchId: match.id, reporterId: w.B.captain.id, reporterTeamId: w.B.team.id, description: "The score was 3-1, 1-3, 3-2.", status: "pending" })
    .returning({ id: disputes.id });
  return { match, disputeId: d!.id };
}

/** A partner who has not chosen a login yet, and the plain token of their invitation. */
export async function freshInvitee(t: TestApp): Promise<{ user: User; token: string }> {
  const { team } = await createTeam(t.db, { approved: false });
  const id = uniq();
  const [user] = await t.db
    .insert(users)
    .values({ name: `Invitee ${id}`, email: `invitee_${id}@example.test`, teamId: team.id, isPartner: true, isEmailVerified: true })
    .returning();
  const token = await issueToken(t.db, { purpose: "partner_invite", userId: user!.id });
  return { user: user!, token };
}

export const uniq = () => crypto.randomBytes(4).toString("hex");
